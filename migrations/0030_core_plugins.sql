-- +goose Up
-- Installed out-of-process modules (plugins). The bundle is kept here so that every server of
-- an installation unpacks the same files; a change is announced on the its_plugins channel.
CREATE TABLE plugins (
    id           text PRIMARY KEY,
    version      text        NOT NULL,
    checksum     text        NOT NULL,
    bundle       bytea       NOT NULL,
    enabled      boolean     NOT NULL DEFAULT true,
    installed_at timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- The migrations of each plugin applied into its own schema (plugin_<id>).
CREATE TABLE plugin_migrations (
    plugin_id  text        NOT NULL,
    version    bigint      NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (plugin_id, version)
);

-- +goose Down
DROP TABLE plugin_migrations;
DROP TABLE plugins;
