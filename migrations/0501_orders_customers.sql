-- +goose Up
-- The wholesale order lookups (platform spec §7 "Orders"): customers with their accounts and
-- ship-to addresses, the payment terms per region and country, and the sales reps.
CREATE TABLE order_customers (
    id         text PRIMARY KEY,
    name       text NOT NULL,
    email      text NOT NULL,
    region     text NOT NULL CHECK (region IN ('US', 'EU')),
    country    text NOT NULL,
    currency   text NOT NULL,
    account    text NOT NULL UNIQUE,
    address1   text NOT NULL DEFAULT '',
    address2   text NOT NULL DEFAULT '',
    city       text NOT NULL DEFAULT '',
    state      text NOT NULL DEFAULT '',
    zip        text NOT NULL DEFAULT '',
    rep_number text NOT NULL DEFAULT ''
);
CREATE INDEX order_customers_name_idx ON order_customers (region, lower(name) text_pattern_ops);

-- Terms: the country's own where it has any, else the region's (country '').
CREATE TABLE order_terms (
    region      text NOT NULL CHECK (region IN ('US', 'EU')),
    country     text NOT NULL DEFAULT '',
    code        text NOT NULL,
    description text NOT NULL,
    PRIMARY KEY (region, country, code)
);

CREATE TABLE order_reps (
    rep_number text PRIMARY KEY,
    name       text NOT NULL,
    email      text NOT NULL,
    region     text NOT NULL CHECK (region IN ('US', 'EU')),
    active     boolean NOT NULL DEFAULT true
);

-- +goose Down
DROP TABLE order_reps;
DROP TABLE order_terms;
DROP TABLE order_customers;
