-- +goose Up
-- A static assortment's row count, kept by the writes instead of counted on every read: the
-- assortment answered after each batch counted all its rows twice, which at a million rows cost
-- most of a 500-row update. The assortments store adds what each of its writes added or removed
-- in the same transaction, once per batch (the batch already touches the assortment's row);
-- rows never move from one assortment to another, and deleting an assortment deletes its rows.
-- Not kept by triggers: the grid writes added rows one INSERT each, and a statement trigger
-- would update the assortment's row once per added row.
ALTER TABLE assortments ADD COLUMN row_count bigint NOT NULL DEFAULT 0;
UPDATE assortments a SET row_count = c.n
  FROM (SELECT assortment_id, count(*) AS n FROM assortment_products GROUP BY assortment_id) c
 WHERE c.assortment_id = a.id;
ALTER TABLE assortments ADD CONSTRAINT assortments_row_count_check CHECK (row_count >= 0);

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
ALTER TABLE assortments DROP COLUMN row_count;
