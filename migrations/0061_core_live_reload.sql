-- +goose Up
-- A reload event names no row: it tells the topic's open grids to read their rows again (a
-- dynamic assortment's filters changed, a catalog loaded), keeping their unsaved edits.
ALTER TABLE live_events ADD COLUMN reload boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE live_events DROP COLUMN reload;
