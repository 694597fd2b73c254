-- +goose Up
-- Display groups of the group sort (spec §3.2): an assortment's groups in order with their
-- flags. A row's display_group (0250) holds its group's id; a row with none, or with a group that
-- is gone, is in Uncategorized, which is not stored (always last, locked, always open). The
-- group sort has its own version, so that a move made on a stale page is refused (userLock)
-- while the rows' own versions stay the detail grid's, and group_by is the field its groups
-- were built from ('' none chosen yet; uiSettings.groupSettings.groupBy is the last choice of
-- either the sort page or the detail grid).
CREATE TABLE assortment_display_groups (
    id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    assortment_id uuid    NOT NULL REFERENCES assortments (id) ON DELETE CASCADE,
    key           text    NOT NULL,
    title         text    NOT NULL CHECK (title <> '' AND length(title) <= 120),
    sort          int     NOT NULL,
    open_state    boolean NOT NULL DEFAULT true,
    always_open   boolean NOT NULL DEFAULT false,
    locked        boolean NOT NULL DEFAULT false,
    custom_content jsonb  NOT NULL DEFAULT '{}'
);
CREATE INDEX assortment_display_groups_order_idx ON assortment_display_groups (assortment_id, sort);
ALTER TABLE assortments ADD COLUMN group_sort_version bigint NOT NULL DEFAULT 1, ADD COLUMN group_by text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE assortments DROP COLUMN group_sort_version, DROP COLUMN group_by;
DROP TABLE assortment_display_groups;
