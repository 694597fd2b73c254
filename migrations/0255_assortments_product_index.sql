-- +goose Up
-- Which of a batch's products are already rows of the assortment (adds, imports): without this
-- index the check filtered every row of the assortment, and once its prepared statement went
-- generic, 5,000 ids against 80,000 rows took seconds instead of milliseconds.
CREATE INDEX assortment_products_product_idx ON assortment_products (assortment_id, product_id);

-- +goose Down
DROP INDEX assortment_products_product_idx;
