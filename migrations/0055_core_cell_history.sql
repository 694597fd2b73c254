-- +goose Up
-- Cell history: one row per changed grid row of a batch (who, when, how: edit, paste, import,
-- batch or revert), holding each changed cell's old and new value as the grid answers them
-- (field -> value), written by core/grid's Apply in the batch's own transaction and pruned after
-- the configured retention (history.retention_days). One row per row change rather than per cell
-- keeps a 1,000-row batch's history to 1,000 inserts. A row's changes are read newest first
-- through the (grid, row_id, id) index; a field's are those whose new_values name it. actor_id
-- names no foreign key on purpose: a per-row key check would cost a batch more than its writes;
-- users are deactivated, never deleted.
CREATE TABLE cell_history (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    grid       text        NOT NULL,
    row_id     text        NOT NULL,
    old_values jsonb       NOT NULL,
    new_values jsonb       NOT NULL,
    actor_id   uuid,
    via        text        NOT NULL CHECK (via IN ('edit', 'paste', 'import', 'batch', 'revert')),
    at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cell_history_row_idx ON cell_history (grid, row_id, id DESC);

-- +goose Down
DROP TABLE cell_history;
