-- +goose Up
-- Search support for the catalog (spec §3.1): indexes for the filters the product library and the
-- assortment search send most, and for sorting by a location's prices; and a catalog version that
-- any change of the catalog advances, so that figures derived from it (the product counts of
-- dynamic assortments) know when to be recomputed.
CREATE INDEX products_pillar_idx ON products (pillar);
CREATE INDEX products_division_idx ON products (division);
CREATE INDEX products_pop_category_idx ON products (pop_category);
-- Also gives the planner statistics on the category type, which it cannot estimate otherwise.
CREATE INDEX products_category_type_idx ON products ((categories ->> 'type'));
-- A sort by a location's price walks these in order (products.Store.pageIDs).
CREATE INDEX product_locations_wholesale_idx ON product_locations (code, wholesale_price);
CREATE INDEX product_locations_retail_idx ON product_locations (code, suggested_retail);
CREATE INDEX product_locations_inventory_idx ON product_locations (code, total_inventory);

CREATE TABLE products_catalog_version (
    only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    version  bigint  NOT NULL DEFAULT 1
);
INSERT INTO products_catalog_version DEFAULT VALUES;

-- +goose StatementBegin
CREATE FUNCTION products_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- Transactional on purpose (not a sequence): a reader sees the new version only together
    -- with the change, so nothing is recomputed from data older than the version it records.
    UPDATE products_catalog_version SET version = version + 1;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION products_catalog_changed();
CREATE TRIGGER product_locations_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_locations
    FOR EACH STATEMENT EXECUTE FUNCTION products_catalog_changed();

-- +goose Down
DROP TRIGGER product_locations_catalog_changed ON product_locations;
DROP TRIGGER products_catalog_changed ON products;
DROP FUNCTION products_catalog_changed();
DROP TABLE products_catalog_version;
DROP INDEX product_locations_inventory_idx;
DROP INDEX product_locations_retail_idx;
DROP INDEX product_locations_wholesale_idx;
DROP INDEX products_category_type_idx;
DROP INDEX products_pop_category_idx;
DROP INDEX products_division_idx;
DROP INDEX products_pillar_idx;
