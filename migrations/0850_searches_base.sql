-- +goose Up
-- Saved searches (platform spec §7): a user's library and product searches by name, with the
-- query and the page (queryPath) it belongs to.
CREATE TABLE saved_searches (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        text        NOT NULL,
    query       jsonb       NOT NULL,
    query_path  text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    modified_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (owner_id, query_path, name)
);
CREATE INDEX saved_searches_owner_idx ON saved_searches (owner_id, modified_at DESC);

-- +goose Down
DROP TABLE saved_searches;
