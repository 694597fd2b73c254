-- +goose Up
-- Sign-in through a company provider: the flows under way (state, nonce and PKCE verifier of
-- each redirect to the provider, or the SAML request id, deleted when the browser comes back, so
-- a state is used once), the SAML assertions used,
-- and, on each session, the provider sign-in it came from (for the provider's sign-out and its
-- back-channel logout).
CREATE TABLE sso_flows (
    state_hash bytea PRIMARY KEY,
    provider   text        NOT NULL,
    nonce      text        NOT NULL,
    verifier   text        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sso_flows_created_idx ON sso_flows (created_at);

-- SAML assertions already used, kept until they expire: an assertion is accepted once.
CREATE TABLE sso_assertions (
    provider   text        NOT NULL,
    id         text        NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (provider, id)
);

ALTER TABLE sessions
    ADD COLUMN sso_provider text NOT NULL DEFAULT '',
    ADD COLUMN sso_subject  text NOT NULL DEFAULT '',
    ADD COLUMN sso_sid      text NOT NULL DEFAULT '',
    ADD COLUMN sso_id_token text NOT NULL DEFAULT '';
CREATE INDEX sessions_sso_idx ON sessions (sso_provider, sso_subject) WHERE sso_provider <> '';

-- +goose Down
DROP INDEX sessions_sso_idx;
ALTER TABLE sessions DROP COLUMN sso_provider, DROP COLUMN sso_subject, DROP COLUMN sso_sid, DROP COLUMN sso_id_token;
DROP TABLE sso_assertions;
DROP TABLE sso_flows;
