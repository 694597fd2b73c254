-- +goose Up
-- The rows of an uploaded file as its upload-complete step read them (a compact stream in the
-- blob store), so the later steps read them instead of parsing the file again. NULL for a file
-- recorded before: its steps parse the file itself.
ALTER TABLE import_files ADD COLUMN parsed_key text;

-- +goose Down
ALTER TABLE import_files DROP COLUMN parsed_key;
