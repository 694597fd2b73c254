-- +goose Up
-- The customers as other modules may read them (the assortment reports match an assortment's
-- customer by name to its account and territory), so that order_customers stays the orders
-- module's own to change.
CREATE VIEW customer_accounts AS SELECT c.account, c.name, c.territory FROM order_customers c;

-- +goose Down
DROP VIEW customer_accounts;
