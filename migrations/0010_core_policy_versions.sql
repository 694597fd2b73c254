-- +goose Up
-- The authorization policies as data: every version of the policy files (Rego and grants.json),
-- the newest being live. Version 1 is the set shipped with the binary; a newer release's set
-- becomes a version of kind 'shipped' too. Rows are only ever added.
CREATE TABLE policy_versions (
    version      bigint      PRIMARY KEY CHECK (version > 0),
    created_at   timestamptz NOT NULL DEFAULT now(),
    author_id    uuid,
    kind         text        NOT NULL CHECK (kind IN ('shipped', 'edit', 'rollback')),
    rollback_of  bigint      REFERENCES policy_versions (version),
    comment      text        NOT NULL DEFAULT '',
    files        jsonb       NOT NULL,
    shipped_hash text        NOT NULL,
    diff         text        NOT NULL DEFAULT ''
);

-- The audit log is append-only: no statement may change or remove an entry.
-- +goose StatementBegin
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log entries cannot be changed or deleted';
END
$$;
-- +goose StatementEnd
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC);

-- +goose Down
DROP INDEX audit_log_actor_idx;
DROP INDEX audit_log_at_idx;
DROP TRIGGER audit_log_append_only ON audit_log;
DROP FUNCTION audit_log_append_only();
DROP TABLE policy_versions;
