-- +goose Up
-- The product catalog: one row per style/colour (spec §3.1), its pricing per location and its
-- stock by size. What searches filter and sort on is a column of the narrow tables (products,
-- product_locations); what is only shown lives beside them (product_details,
-- product_availability).
CREATE TABLE products (
    id                     text PRIMARY KEY,          -- style_color
    style                  text        NOT NULL,
    color                  text        NOT NULL,
    style_numeric          bigint      NOT NULL,      -- sort key: styles sort numerically
    name                   text        NOT NULL,
    product_type           text        NOT NULL CHECK (product_type IN ('Footwear', 'Apparel', 'POP')),
    features               text[]      NOT NULL DEFAULT '{}',
    vegan                  boolean     NOT NULL DEFAULT false,
    color_description      text        NOT NULL DEFAULT '',
    division               text        NOT NULL DEFAULT '',
    gender                 text        NOT NULL DEFAULT '',
    size_scale             text        NOT NULL DEFAULT '',
    outsole                text        NOT NULL DEFAULT '',
    upper_material         text        NOT NULL DEFAULT '',
    season_codes           text[]      NOT NULL DEFAULT '{}',
    season                 text        NOT NULL DEFAULT '',
    year                   int         NOT NULL DEFAULT 0,
    region                 text        NOT NULL DEFAULT '',
    channel                text        NOT NULL DEFAULT '',
    first_cost             numeric(12,2),
    cost                   numeric(12,2),
    discount_percent       numeric(5,2),
    discount_amount        numeric(12,2),
    suggested_retail       numeric(12,2),
    label                  text        NOT NULL DEFAULT '',
    quantity               int         NOT NULL DEFAULT 0,
    quantity_on_hand       int         NOT NULL DEFAULT 0,
    style_quantity         int         NOT NULL DEFAULT 0,
    style_quantity_on_hand int         NOT NULL DEFAULT 0,
    color_percent          numeric(6,2),
    percentage             numeric(6,2),
    pop_category           text        NOT NULL DEFAULT '',
    pop_type               text        NOT NULL DEFAULT '',
    pop_gender             text        NOT NULL DEFAULT '',
    usage                  text        NOT NULL DEFAULT '',
    pillar                 text        NOT NULL DEFAULT '',
    life_cycle             text        NOT NULL DEFAULT '',
    focus_style            boolean     NOT NULL DEFAULT false,
    store_type             text        NOT NULL DEFAULT '',
    usa_dc                 boolean     NOT NULL DEFAULT false,
    bought_status          text        NOT NULL DEFAULT '',
    new_color              boolean     NOT NULL DEFAULT false,
    carryover              boolean     NOT NULL DEFAULT false,
    availability_date      date,
    in_sample_orders       boolean     NOT NULL DEFAULT false,
    in_wholesale_orders    boolean     NOT NULL DEFAULT false,
    categories             jsonb       NOT NULL DEFAULT '{}',
    -- Mirrors of product_locations (codes, and code:lineStatus), kept by a trigger, so that
    -- location filters read only this table.
    location_codes         text[]      NOT NULL DEFAULT '{}',
    location_lines         text[]      NOT NULL DEFAULT '{}',
    created_date           timestamptz NOT NULL DEFAULT now(),
    updated_date           timestamptz NOT NULL DEFAULT now(),
    modified_date          timestamptz NOT NULL DEFAULT now(),
    UNIQUE (style, color)
);
-- Free-text search (style, colour, name, colour description); the expression is
-- products.SearchExpr. The key initiative is derived (channel-season-year-region-productType).
CREATE INDEX products_search_trgm_idx ON products USING gin ((lower(style || ' ' || color || ' ' || name || ' ' || color_description)) gin_trgm_ops);
CREATE INDEX products_style_pattern_idx ON products (style text_pattern_ops);
CREATE INDEX products_sort_idx ON products (style_numeric, color);
CREATE INDEX products_type_gender_idx ON products (product_type, gender);
CREATE INDEX products_season_idx ON products (year, season);
CREATE INDEX products_arrays_idx ON products USING gin (season_codes, features);

-- What is only ever shown, never searched: kept apart so that searches scan narrow rows.
CREATE TABLE product_details (
    product_id            text PRIMARY KEY CONSTRAINT product_details_product_fk REFERENCES products (id) ON DELETE CASCADE,
    description           text   NOT NULL DEFAULT '',
    nrf                   text   NOT NULL DEFAULT '',
    box_category          text   NOT NULL DEFAULT '',
    duty_code             text   NOT NULL DEFAULT '',
    units                 int,
    capacity              numeric(10,2),
    capacity_unit         text   NOT NULL DEFAULT '',
    dimensions            text   NOT NULL DEFAULT '',
    metric_dimensions     text   NOT NULL DEFAULT '',
    expiration_date       date,
    relationships         text[] NOT NULL DEFAULT '{}',
    materials             text   NOT NULL DEFAULT '',
    style_note            text   NOT NULL DEFAULT '',
    color_note            text   NOT NULL DEFAULT '',
    collection_style_note text   NOT NULL DEFAULT '',
    collection_color_note text   NOT NULL DEFAULT '',
    due_date              date,
    samples               int    NOT NULL DEFAULT 0,
    rush_samples          int    NOT NULL DEFAULT 0,
    ecommerce             jsonb  NOT NULL DEFAULT '{}',
    components            jsonb  NOT NULL DEFAULT '{}'
);

CREATE TABLE product_locations (
    product_id           text    NOT NULL CONSTRAINT product_locations_product_fk REFERENCES products (id) ON DELETE CASCADE,
    code                 text    NOT NULL CONSTRAINT product_locations_location_fk REFERENCES locations (code),
    line_status          text    NOT NULL DEFAULT 'A',
    size_range           text    NOT NULL DEFAULT '',
    wholesale_price      numeric(12,2),
    original_cost        numeric(12,2),
    suggested_retail     numeric(12,2),
    status_date          date,
    last_prod_date       date,
    style_last_prod_date date,
    add_date             date,
    first_avail_date     date,
    total_inventory      int     NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, code)
);
CREATE INDEX product_locations_code_idx ON product_locations (code, line_status);

-- +goose StatementBegin
CREATE FUNCTION products_sync_locations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ids text[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        ids := ARRAY[NEW.product_id];
    ELSIF TG_OP = 'DELETE' THEN
        ids := ARRAY[OLD.product_id];
    ELSE
        ids := ARRAY[NEW.product_id, OLD.product_id];
    END IF;
    UPDATE products p SET
        location_codes = COALESCE((SELECT array_agg(l.code ORDER BY l.code) FROM product_locations l WHERE l.product_id = p.id), '{}'),
        location_lines = COALESCE((SELECT array_agg(l.code || ':' || l.line_status ORDER BY l.code) FROM product_locations l WHERE l.product_id = p.id), '{}')
    WHERE p.id = ANY(ids);
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER product_locations_sync AFTER INSERT OR UPDATE OR DELETE ON product_locations
    FOR EACH ROW EXECUTE FUNCTION products_sync_locations();

-- Stock by size of a product in a location: [{size, inventory, date, upc}]. json, not jsonb,
-- because it is only ever passed through whole to the client and json loads several times
-- faster; apart from the prices so that price sorts read narrow rows.
CREATE TABLE product_availability (
    product_id   text NOT NULL,
    code         text NOT NULL,
    availability json NOT NULL DEFAULT '[]',
    PRIMARY KEY (product_id, code),
    CONSTRAINT product_availability_location_fk FOREIGN KEY (product_id, code)
        REFERENCES product_locations (product_id, code) ON DELETE CASCADE
);

-- +goose Down
DROP TABLE product_availability;
DROP TABLE product_locations;
DROP FUNCTION products_sync_locations();
DROP TABLE product_details;
DROP TABLE products;
