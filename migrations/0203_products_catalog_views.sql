-- +goose Up
-- The catalog as other modules may read it (the assortment manager joins its rows to these),
-- so that the tables behind it stay the products module's own to change: a product with its
-- searchable columns (the alias p of products.Query's conditions), its shown details, its
-- pricing and stock in a location, and the catalog version. Plain views: PostgreSQL inlines
-- them, so a join through them plans exactly like a join of the tables.
CREATE VIEW catalog_products AS SELECT * FROM products;
CREATE VIEW catalog_details AS SELECT * FROM product_details;
CREATE VIEW catalog_locations AS
    SELECT pl.*, pa.availability
    FROM product_locations pl
    LEFT JOIN product_availability pa ON pa.product_id = pl.product_id AND pa.code = pl.code;
CREATE VIEW catalog_version AS SELECT version FROM products_catalog_version;

-- +goose Down
DROP VIEW catalog_version;
DROP VIEW catalog_locations;
DROP VIEW catalog_details;
DROP VIEW catalog_products;
