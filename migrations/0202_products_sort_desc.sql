-- +goose Up
-- A search sorted by style descending orders by (style_numeric DESC, color): colours stay
-- ascending as tie-breakers, which products_sort_idx read backwards cannot give, so without this
-- index such a search sorts every match (products.Store.walkPage walks this one).
CREATE INDEX products_sort_desc_idx ON products (style_numeric DESC NULLS LAST, color);

-- +goose Down
DROP INDEX products_sort_desc_idx;
