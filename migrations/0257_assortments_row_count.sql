-- +goose Up
-- A static assortment's row count, kept by the writes' own statements instead of counted on every
-- read: the assortment answered after each batch counted all its rows twice, which at a million
-- rows cost most of a 500-row update. Statement-level triggers add what each INSERT, DELETE or
-- TRUNCATE of assortment_products changed; rows never move from one assortment to another.
ALTER TABLE assortments ADD COLUMN row_count bigint NOT NULL DEFAULT 0;
UPDATE assortments a SET row_count = c.n
  FROM (SELECT assortment_id, count(*) AS n FROM assortment_products GROUP BY assortment_id) c
 WHERE c.assortment_id = a.id;

-- +goose StatementBegin
CREATE FUNCTION assortment_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE assortments a SET row_count = a.row_count + c.n
      FROM (SELECT assortment_id, count(*) AS n FROM added GROUP BY assortment_id) c
     WHERE c.assortment_id = a.id;
    RETURN NULL;
END
$$;
CREATE FUNCTION assortment_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE assortments a SET row_count = a.row_count - c.n
      FROM (SELECT assortment_id, count(*) AS n FROM removed GROUP BY assortment_id) c
     WHERE c.assortment_id = a.id;
    RETURN NULL;
END
$$;
CREATE FUNCTION assortment_rows_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE assortments SET row_count = 0 WHERE row_count <> 0;
    RETURN NULL;
END
$$;
-- +goose StatementEnd
CREATE TRIGGER assortment_rows_added AFTER INSERT ON assortment_products
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION assortment_rows_added();
CREATE TRIGGER assortment_rows_removed AFTER DELETE ON assortment_products
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION assortment_rows_removed();
CREATE TRIGGER assortment_rows_truncated AFTER TRUNCATE ON assortment_products
    FOR EACH STATEMENT EXECUTE FUNCTION assortment_rows_truncated();

-- The view other modules read gives the kept count too.
CREATE OR REPLACE VIEW assortment_entries AS SELECT
    a.id, a.org_type, a.type, a.title, a.channel, a.region, a.season, a.year, a.gender,
    a.product_type, a.location_id, a.modified_date, a.row_count
FROM assortments a;

-- +goose Down
CREATE OR REPLACE VIEW assortment_entries AS SELECT
    a.id, a.org_type, a.type, a.title, a.channel, a.region, a.season, a.year, a.gender,
    a.product_type, a.location_id, a.modified_date,
    (SELECT count(*) FROM assortment_products ap WHERE ap.assortment_id = a.id) AS row_count
FROM assortments a;
DROP TRIGGER assortment_rows_truncated ON assortment_products;
DROP TRIGGER assortment_rows_removed ON assortment_products;
DROP TRIGGER assortment_rows_added ON assortment_products;
DROP FUNCTION assortment_rows_truncated();
DROP FUNCTION assortment_rows_removed();
DROP FUNCTION assortment_rows_added();
ALTER TABLE assortments DROP COLUMN row_count;
