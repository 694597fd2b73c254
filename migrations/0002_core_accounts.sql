-- +goose Up
-- Accounts, their permissions (domain + role, narrowed by channel/region/productType), sessions,
-- failed logins (for rate limiting across servers) and e-mailed one-time codes.
CREATE TABLE users (
    id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email                text        NOT NULL,
    name                 text        NOT NULL DEFAULT '',
    last_name            text        NOT NULL DEFAULT '',
    user_code            text        NOT NULL DEFAULT '',
    password_hash        text        NOT NULL DEFAULT '',
    status               text        NOT NULL DEFAULT 'active'
                         CHECK (status IN ('active', 'pendingEmail', 'pendingApproval', 'notApproved', 'deactivated')),
    user_active_location text        NOT NULL DEFAULT '',
    strategy             text        NOT NULL DEFAULT 'local',
    department_access    text[]      NOT NULL DEFAULT '{}',
    flags                text[]      NOT NULL DEFAULT '{}',
    user_tbes            jsonb       NOT NULL DEFAULT '[]',
    wof                  jsonb       NOT NULL DEFAULT '{}',
    entity               text        NOT NULL DEFAULT '',
    country              text        NOT NULL DEFAULT '',
    language             text        NOT NULL DEFAULT '',
    employee             boolean     NOT NULL DEFAULT false,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_idx ON users (lower(email));
CREATE INDEX users_user_code_idx ON users (user_code);

CREATE TABLE user_permissions (
    user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    domain       text NOT NULL,
    role         text NOT NULL,
    channel      text NOT NULL DEFAULT 'All',
    region       text NOT NULL DEFAULT 'All',
    product_type text NOT NULL DEFAULT 'All',
    PRIMARY KEY (user_id, domain, role, channel, region, product_type)
);

CREATE TABLE sessions (
    id_hash      bytea PRIMARY KEY,
    user_id      uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token   text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    address      text        NOT NULL DEFAULT '',
    user_agent   text        NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

CREATE TABLE login_failures (
    id      bigserial PRIMARY KEY,
    account text        NOT NULL,
    address text        NOT NULL,
    at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account_idx ON login_failures (account, at);
CREATE INDEX login_failures_address_idx ON login_failures (address, at);

CREATE TABLE user_codes (
    code_hash  bytea PRIMARY KEY,
    user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose    text        NOT NULL CHECK (purpose IN ('confirmEmail', 'setPassword')),
    expires_at timestamptz NOT NULL,
    used_at    timestamptz
);

-- +goose Down
DROP TABLE user_codes;
DROP TABLE login_failures;
DROP TABLE sessions;
DROP TABLE user_permissions;
DROP TABLE users;
