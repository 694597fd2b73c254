-- +goose Up
-- Plugins put into the plugins folder by hand (no bundle in the plugins table) serve unless an
-- admin disabled them here; every server with that folder follows the row (its_plugins channel).
CREATE TABLE plugin_folders (
    id         text PRIMARY KEY,
    enabled    boolean     NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE plugin_folders;
