-- +goose Up
-- Collections of style/colours (spec §3.3), optionally linked to an assortment, and the customer
-- list the assortment subtitle (customer) is picked from.
CREATE TABLE collections (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id        uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    collection_type text        NOT NULL,
    name            text        NOT NULL CHECK (name <> ''),
    linkage_type    text        NOT NULL DEFAULT 'linkageId' CHECK (linkage_type IN ('linkageId', 'linkageObject')),
    linkage_model   text        NOT NULL DEFAULT '',
    linkage_id      text        NOT NULL DEFAULT '',
    linkage_object  jsonb,
    version         bigint      NOT NULL DEFAULT 1,
    created_date    timestamptz NOT NULL DEFAULT now(),
    modified_date   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collections_owner_idx ON collections (owner_id, collection_type);
CREATE INDEX collections_linkage_idx ON collections (linkage_model, linkage_id);

CREATE TABLE collection_products (
    collection_id uuid    NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    product_id    text    NOT NULL REFERENCES products (id),
    style         text    NOT NULL,
    color         text    NOT NULL,
    selected      boolean NOT NULL DEFAULT true,
    sort          int     NOT NULL DEFAULT 0,
    PRIMARY KEY (collection_id, style, color)
);

CREATE TABLE customers (
    id          text PRIMARY KEY,        -- the account number
    name        text    NOT NULL,
    territory   text    NOT NULL DEFAULT '',
    corporate   boolean NOT NULL DEFAULT false,
    city        text    NOT NULL DEFAULT '',
    country     text    NOT NULL DEFAULT '',
    search_text text GENERATED ALWAYS AS (lower(id || ' ' || name || ' ' || city)) STORED
);
CREATE INDEX customers_search_trgm_idx ON customers USING gin (search_text gin_trgm_ops);

-- +goose Down
DROP TABLE customers;
DROP TABLE collection_products;
DROP TABLE collections;
