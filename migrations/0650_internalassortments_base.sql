-- +goose Up
-- Internal assortments are assortments of org_type 'internal' (0250_assortments_base.sql): the
-- table of contents reads them by channel, season and year, and a new or renamed one is checked
-- for its name among those of its season, year, region and gender.
CREATE INDEX assortments_internal_toc_idx ON assortments (channel, year DESC, season, region, gender)
    WHERE org_type = 'internal' AND type = 'item';
CREATE INDEX assortments_internal_name_idx ON assortments (season, year, region, gender, lower(title))
    WHERE org_type = 'internal' AND type = 'item';

-- +goose Down
DROP INDEX assortments_internal_name_idx;
DROP INDEX assortments_internal_toc_idx;
