-- +goose Up
-- The catalog views of 0203 selected * and so made every column of the tables behind them
-- contract, and would have published any column added later. Each view now lists its columns
-- (the same ones, in the same order: other modules read exactly what they read before); a new
-- column of products reaches other modules only when added here.
CREATE OR REPLACE VIEW catalog_products AS SELECT
    id, style, color, style_numeric, name, product_type, features, vegan, color_description,
    division, gender, size_scale, outsole, upper_material, season_codes, season, year, region,
    channel, first_cost, cost, discount_percent, discount_amount, suggested_retail, label,
    quantity, quantity_on_hand, style_quantity, style_quantity_on_hand, color_percent,
    percentage, pop_category, pop_type, pop_gender, usage, pillar, life_cycle, focus_style,
    store_type, usa_dc, bought_status, new_color, carryover, availability_date,
    in_sample_orders, in_wholesale_orders, categories, location_codes, location_lines,
    created_date, updated_date, modified_date
FROM products;
CREATE OR REPLACE VIEW catalog_details AS SELECT
    product_id, description, nrf, box_category, duty_code, units, capacity, capacity_unit,
    dimensions, metric_dimensions, expiration_date, relationships, materials, style_note,
    color_note, collection_style_note, collection_color_note, due_date, samples, rush_samples,
    ecommerce, components
FROM product_details;
CREATE OR REPLACE VIEW catalog_locations AS SELECT
    pl.product_id, pl.code, pl.line_status, pl.size_range, pl.wholesale_price,
    pl.original_cost, pl.suggested_retail, pl.status_date, pl.last_prod_date,
    pl.style_last_prod_date, pl.add_date, pl.first_avail_date, pl.total_inventory,
    pa.availability
FROM product_locations pl
LEFT JOIN product_availability pa ON pa.product_id = pl.product_id AND pa.code = pl.code;

-- +goose Down
CREATE OR REPLACE VIEW catalog_products AS SELECT * FROM products;
CREATE OR REPLACE VIEW catalog_details AS SELECT * FROM product_details;
CREATE OR REPLACE VIEW catalog_locations AS
    SELECT pl.*, pa.availability
    FROM product_locations pl
    LEFT JOIN product_availability pa ON pa.product_id = pl.product_id AND pa.code = pl.code;
