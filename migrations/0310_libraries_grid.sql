-- +goose Up
-- The manage grids edit library assets through the grid protocol: every write checks and bumps
-- the row's version, so a stale edit is refused instead of overwriting someone else's.
ALTER TABLE library_assets ADD COLUMN version bigint NOT NULL DEFAULT 1;

-- +goose Down
ALTER TABLE library_assets DROP COLUMN version;
