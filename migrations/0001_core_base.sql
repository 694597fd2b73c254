-- +goose Up
-- Core services shared by every module: the mail outbox, notifications and the audit log.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE mail_outbox (
    id          bigserial PRIMARY KEY,
    recipients  text[]      NOT NULL,
    subject     text        NOT NULL,
    body_text   text        NOT NULL,
    status      text        NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    error       text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz
);
CREATE INDEX mail_outbox_status_idx ON mail_outbox (status, id);

CREATE TABLE audit_log (
    id          bigserial PRIMARY KEY,
    at          timestamptz NOT NULL DEFAULT now(),
    actor_id    uuid,
    action      text        NOT NULL,
    model_type  text        NOT NULL DEFAULT '',
    model_id    text        NOT NULL DEFAULT '',
    data        jsonb       NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_model_idx ON audit_log (model_type, model_id);

-- +goose Down
DROP TABLE audit_log;
DROP TABLE mail_outbox;
