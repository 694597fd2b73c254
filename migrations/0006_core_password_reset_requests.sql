-- +goose Up
-- Password-reset requests, counted per account and per address like login failures.
CREATE TABLE password_reset_requests (
    id      bigserial PRIMARY KEY,
    account text        NOT NULL,
    address text        NOT NULL,
    at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_requests_account_idx ON password_reset_requests (account, at);
CREATE INDEX password_reset_requests_address_idx ON password_reset_requests (address, at);

-- +goose Down
DROP TABLE password_reset_requests;
