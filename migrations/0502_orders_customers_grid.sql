-- +goose Up
-- Customers become one list that admins keep in a grid (its:admin:customers): the wholesale
-- lookups and the official customer search (GET /api/customers/official/text, formerly
-- answered from the assortments' own customer table) both read order_customers. Each row gets a
-- row id and a version for versioned batches, the territory and the official and corporate
-- flags, and the customer's own term (a code of order_terms for its region and country; empty
-- means the first term there).
ALTER TABLE order_customers
    ADD COLUMN row_id    uuid    NOT NULL DEFAULT gen_random_uuid() UNIQUE,
    ADD COLUMN version   bigint  NOT NULL DEFAULT 1,
    ADD COLUMN territory text    NOT NULL DEFAULT '',
    ADD COLUMN official  boolean NOT NULL DEFAULT true,
    ADD COLUMN corporate boolean NOT NULL DEFAULT false,
    ADD COLUMN terms     text    NOT NULL DEFAULT '',
    ADD CONSTRAINT order_customers_id_check CHECK (id ~ '^[A-Z0-9][A-Z0-9-]{0,19}$'),
    ADD CONSTRAINT order_customers_name_check CHECK (btrim(name) <> '');
ALTER TABLE order_customers
    ALTER COLUMN id SET DEFAULT upper(substr(md5(gen_random_uuid()::text), 1, 10)),
    ALTER COLUMN email SET DEFAULT '';

-- The official search's list moves over with its data (account number, name, territory,
-- corporate, city, country); its region follows the territory (platform spec §9: Europe is EU,
-- anything else US).
INSERT INTO order_customers (id, name, email, region, country, currency, account, city, territory, corporate)
SELECT c.id, c.name, '', CASE WHEN c.territory = 'EUROPE' THEN 'EU' ELSE 'US' END, c.country,
       CASE c.country WHEN 'US' THEN 'USD' WHEN 'CA' THEN 'CAD' WHEN 'UK' THEN 'GBP' WHEN 'JP' THEN 'JPY' ELSE 'EUR' END,
       c.id, c.city, c.territory, c.corporate
FROM customers c
WHERE c.id ~ '^[A-Z0-9][A-Z0-9-]{0,19}$'
ON CONFLICT DO NOTHING;
DROP TABLE customers;

CREATE INDEX order_customers_search_trgm_idx ON order_customers
    USING gin (lower(account || ' ' || name || ' ' || city) gin_trgm_ops);

-- +goose Down
DROP INDEX order_customers_search_trgm_idx;
CREATE TABLE customers (
    id          text PRIMARY KEY,
    name        text    NOT NULL,
    territory   text    NOT NULL DEFAULT '',
    corporate   boolean NOT NULL DEFAULT false,
    city        text    NOT NULL DEFAULT '',
    country     text    NOT NULL DEFAULT '',
    search_text text GENERATED ALWAYS AS (lower(id || ' ' || name || ' ' || city)) STORED
);
INSERT INTO customers (id, name, territory, corporate, city, country)
SELECT account, name, territory, corporate, city, country FROM order_customers WHERE official;
ALTER TABLE order_customers
    DROP CONSTRAINT order_customers_name_check,
    DROP CONSTRAINT order_customers_id_check,
    DROP COLUMN terms, DROP COLUMN corporate, DROP COLUMN official,
    DROP COLUMN territory, DROP COLUMN version, DROP COLUMN row_id;
ALTER TABLE order_customers ALTER COLUMN id DROP DEFAULT, ALTER COLUMN email DROP DEFAULT;
