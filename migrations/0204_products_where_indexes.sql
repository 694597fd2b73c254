-- +goose Up
-- The filter builder's "is any of" on a text column compares lower(column) (docs/grid.md §3.7).
-- Without an index on that expression the planner has no statistics for it (it guessed 168 of
-- the 2,866 products of "division is any of Work, Kids AND (...)") and scanned the whole
-- catalog; with these it reads the matching rows from the index and knows how many there are,
-- which also decides how a page is found (products.Store.Page).
CREATE INDEX products_lower_division_idx ON products (lower(division));
CREATE INDEX products_lower_gender_idx ON products (lower(gender));
CREATE INDEX products_lower_product_type_idx ON products (lower(product_type));
CREATE INDEX products_lower_season_idx ON products (lower(season));
CREATE INDEX products_lower_channel_idx ON products (lower(channel));
CREATE INDEX products_lower_region_idx ON products (lower(region));
CREATE INDEX products_lower_pillar_idx ON products (lower(pillar));
CREATE INDEX products_lower_life_cycle_idx ON products (lower(life_cycle));

-- +goose Down
DROP INDEX products_lower_life_cycle_idx;
DROP INDEX products_lower_pillar_idx;
DROP INDEX products_lower_region_idx;
DROP INDEX products_lower_channel_idx;
DROP INDEX products_lower_product_type_idx;
DROP INDEX products_lower_gender_idx;
DROP INDEX products_lower_season_idx;
DROP INDEX products_lower_division_idx;

