-- +goose Up
-- Cell history: one row per changed cell of a grid row (who, when, the old and the new value as
-- the grid answers them, and how: edit, paste, import, batch or revert), written by core/grid's
-- Apply in the batch's own transaction and pruned after the configured retention
-- (history.retention_days). A row's entries are read newest first through the (grid, row_id,
-- id) index. actor_id names no foreign key on purpose: a batch writes thousands of entries and
-- a per-row key check would cost more than the writes; users are deactivated, never deleted.
CREATE TABLE cell_history (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    grid      text        NOT NULL,
    row_id    text        NOT NULL,
    field     text        NOT NULL,
    old_value jsonb,
    new_value jsonb,
    actor_id  uuid,
    via       text        NOT NULL CHECK (via IN ('edit', 'paste', 'import', 'batch', 'revert')),
    at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cell_history_row_idx ON cell_history (grid, row_id, id DESC);

-- +goose Down
DROP TABLE cell_history;
