-- +goose Up
-- Saved views of a grid (issue 18): a named view (the query: filters, the filter builder's tree,
-- sort, grouping; the layout: columns in order with hides, row height), private to its owner or
-- shared with named users who may open the grid. The rows are never saved: whoever opens a view
-- reads them through the grid's own query, under their own policy.
CREATE TABLE grid_views (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    grid        text        NOT NULL CHECK (grid ~ '^[A-Za-z0-9._-]{1,100}$'),
    name        text        NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    query       jsonb       NOT NULL,
    layout      jsonb       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    modified_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (owner_id, grid, name)
);

CREATE TABLE grid_view_shares (
    view_id uuid NOT NULL REFERENCES grid_views (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (view_id, user_id)
);
CREATE INDEX grid_view_shares_user_idx ON grid_view_shares (user_id);

-- +goose Down
DROP TABLE grid_view_shares;
DROP TABLE grid_views;
