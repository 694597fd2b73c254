-- +goose Up
-- A usage type's own request fields (a folder, a scope) live in one jsonb object the module that
-- owns the usage reads, instead of one column per usage in the platform's table.
ALTER TABLE uploads ADD COLUMN params jsonb NOT NULL DEFAULT '{}';
UPDATE uploads SET params = jsonb_build_object('libraryType', library_type) WHERE library_type <> '';
ALTER TABLE uploads DROP COLUMN library_type;

-- +goose Down
ALTER TABLE uploads ADD COLUMN library_type text NOT NULL DEFAULT '';
UPDATE uploads SET library_type = params->>'libraryType' WHERE params ? 'libraryType';
ALTER TABLE uploads DROP COLUMN params;
