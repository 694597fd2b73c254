-- +goose Up
-- A wholesale line's price is the catalogue's, set by the server in the order's currency (up to
-- four decimals for currencies that need them); a different price is only a discount, as a percent
-- and the per-unit amount it comes to, with who gave it and when.
ALTER TABLE order_lines
    ALTER COLUMN unit_price TYPE numeric(16, 4),
    ADD COLUMN discount_amount numeric(16, 4) CHECK (discount_amount IS NULL OR discount_amount >= 0),
    ADD COLUMN discount_by     text,
    ADD COLUMN discount_at     timestamptz,
    ADD CONSTRAINT order_lines_discount_range CHECK (discount IS NULL OR discount BETWEEN 0 AND 100);

-- +goose Down
ALTER TABLE order_lines
    DROP CONSTRAINT order_lines_discount_range,
    DROP COLUMN discount_at,
    DROP COLUMN discount_by,
    DROP COLUMN discount_amount,
    ALTER COLUMN unit_price TYPE numeric(14, 2);
