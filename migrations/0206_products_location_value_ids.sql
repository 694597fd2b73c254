-- +goose Up
-- A deep block of a filtered list sorted by a location's price or inventory walks that value's
-- index in order and keeps the rows whose product matches (products.Query.matchedBoundary): with
-- the product's id in the index the walk reads the index alone (an index-only scan) instead of
-- fetching every row of the location from the table.
DROP INDEX product_locations_wholesale_idx;
DROP INDEX product_locations_retail_idx;
DROP INDEX product_locations_inventory_idx;
CREATE INDEX product_locations_wholesale_idx ON product_locations (code, wholesale_price) INCLUDE (product_id);
CREATE INDEX product_locations_retail_idx ON product_locations (code, suggested_retail) INCLUDE (product_id);
CREATE INDEX product_locations_inventory_idx ON product_locations (code, total_inventory) INCLUDE (product_id);

-- +goose Down
DROP INDEX product_locations_inventory_idx;
DROP INDEX product_locations_retail_idx;
DROP INDEX product_locations_wholesale_idx;
CREATE INDEX product_locations_wholesale_idx ON product_locations (code, wholesale_price);
CREATE INDEX product_locations_retail_idx ON product_locations (code, suggested_retail);
CREATE INDEX product_locations_inventory_idx ON product_locations (code, total_inventory);
