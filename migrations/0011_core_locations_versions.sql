-- +goose Up
-- Locations and currencies become grids admins keep (the grid protocol): each row gets an id
-- and a version for versioned batches. Existing rows keep their data and start at version 1;
-- the code formats hold for every new write (NOT VALID: existing rows are not re-checked).
ALTER TABLE currencies
    ADD COLUMN id      uuid   NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    ADD COLUMN version bigint NOT NULL DEFAULT 1,
    ADD CONSTRAINT currencies_currency_code_check CHECK (currency_code ~ '^[A-Z]{3}$') NOT VALID;
ALTER TABLE locations
    ADD COLUMN id      uuid   NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    ADD COLUMN version bigint NOT NULL DEFAULT 1,
    ADD CONSTRAINT locations_code_check CHECK (code ~ '^[A-Z0-9]{2,10}$') NOT VALID;

-- +goose Down
ALTER TABLE locations DROP CONSTRAINT locations_code_check, DROP COLUMN version, DROP COLUMN id;
ALTER TABLE currencies DROP CONSTRAINT currencies_currency_code_check, DROP COLUMN version, DROP COLUMN id;
