-- +goose Up
-- The assortments as other modules may read them (the internal assortments' table of contents
-- and name check read their own organisation type's): an assortment's keys and how many product
-- rows it holds, so that the tables behind it stay the assortment manager's own to change.
CREATE VIEW assortment_entries AS SELECT
    a.id, a.org_type, a.type, a.title, a.channel, a.region, a.season, a.year, a.gender,
    a.product_type, a.location_id, a.modified_date,
    (SELECT count(*) FROM assortment_products ap WHERE ap.assortment_id = a.id) AS row_count
FROM assortments a;

-- +goose Down
DROP VIEW assortment_entries;
