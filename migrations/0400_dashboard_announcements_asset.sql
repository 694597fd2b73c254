-- +goose Up
-- An announcement made from an advertising asset keeps a link to it.
ALTER TABLE announcements ADD COLUMN asset_id uuid REFERENCES library_assets (id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE announcements DROP COLUMN asset_id;
