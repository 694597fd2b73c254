-- +goose Up
-- Each user's layout of a grid (column order, hidden columns, widths, pinning, row height), kept
-- on the server so it follows the user to another browser; no row means the grid's default.
CREATE TABLE grid_layouts (
    owner_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    grid        text        NOT NULL CHECK (grid ~ '^[A-Za-z0-9._-]{1,100}$'),
    layout      jsonb       NOT NULL,
    modified_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, grid)
);

-- +goose Down
DROP TABLE grid_layouts;
