-- +goose Up
-- A dynamic assortment's product count: the catalog products its saved search matches, counted
-- when the search changes and again after the catalog changes (the catalog version it was
-- counted at, from 0201_products_search.sql). NULL: not counted yet.
ALTER TABLE assortments ADD COLUMN product_count int, ADD COLUMN product_count_version bigint;

-- +goose Down
ALTER TABLE assortments DROP COLUMN product_count, DROP COLUMN product_count_version;
