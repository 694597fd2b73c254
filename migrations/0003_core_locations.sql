-- +goose Up
-- Currencies and pricing locations (spec: Location code, name, currencySymbol, decimalPlaces).
CREATE TABLE currencies (
    currency_code   text PRIMARY KEY,
    decimal_places  int  NOT NULL CHECK (decimal_places BETWEEN 0 AND 4),
    currency_symbol text NOT NULL
);

CREATE TABLE locations (
    code            text PRIMARY KEY,
    name            text NOT NULL,
    currency_code   text NOT NULL REFERENCES currencies (currency_code),
    region          text NOT NULL CHECK (region IN ('Domestic', 'Europe', 'International'))
);

-- +goose Down
DROP TABLE locations;
DROP TABLE currencies;
