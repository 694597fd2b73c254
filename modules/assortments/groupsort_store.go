package assortments

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// groupSortRows reads an assortment's rows as the group sort sees them, in the assortment's
// order (the detail grid's: sort, then style number and colour).
func (s *Store) groupSortRows(ctx context.Context, q querier, assortmentID string) ([]sortRow, error) {
	rows, err := q.Query(ctx, `SELECT ap.id::text, ap.style, ap.color, p.color_description, COALESCE(ap.thumbnail, ''), ap.sort,
		COALESCE(ap.display_group, ''), p.name, p.product_type, p.style_numeric, p.gender, p.division,
		COALESCE(NULLIF(ap.pillar, ''), p.pillar), p.outsole, p.upper_material
		FROM assortment_products ap JOIN catalog_products p ON p.id = ap.product_id
		WHERE ap.assortment_id = $1 ORDER BY ap.sort, p.style_numeric, ap.color`, assortmentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (sortRow, error) {
		var r sortRow
		err := row.Scan(&r.ID, &r.Style, &r.Color, &r.ColorDescription, &r.Thumbnail, &r.Sort, &r.Group, &r.Name, &r.ProductType,
			&r.StyleNumeric, &r.Gender, &r.Division, &r.Pillar, &r.Outsole, &r.Upper)
		return r, err
	})
}

// groupSortPlaces reads only what a move needs of an assortment's rows (their style, colour,
// group and position, without the catalog), in the assortment's order; ties in position, which
// the catalog's style number would break, are reported so that the caller reads the full rows.
func (s *Store) groupSortPlaces(ctx context.Context, q querier, assortmentID string) (rows []sortRow, ties bool, err error) {
	r, err := q.Query(ctx, `SELECT ap.id::text, ap.style, ap.color, COALESCE(ap.thumbnail, ''), ap.sort, COALESCE(ap.display_group, '')
		FROM assortment_products ap WHERE ap.assortment_id = $1 ORDER BY ap.sort, ap.style, ap.color`, assortmentID)
	if err != nil {
		return nil, false, err
	}
	rows, err = pgx.CollectRows(r, func(row pgx.CollectableRow) (sortRow, error) {
		var r sortRow
		err := row.Scan(&r.ID, &r.Style, &r.Color, &r.Thumbnail, &r.Sort, &r.Group)
		return r, err
	})
	for i := 1; i < len(rows) && !ties; i++ {
		ties = rows[i].Sort == rows[i-1].Sort
	}
	return rows, ties, err
}

// displayGroups reads an assortment's stored display groups in order.
func (s *Store) displayGroups(ctx context.Context, q querier, assortmentID string) ([]storedGroup, error) {
	rows, err := q.Query(ctx, `SELECT id::text, key, title, sort, open_state, always_open, locked, custom_content
		FROM assortment_display_groups WHERE assortment_id = $1 ORDER BY sort, title`, assortmentID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (storedGroup, error) {
		var g storedGroup
		var content []byte
		err := row.Scan(&g.ID, &g.Key, &g.Title, &g.Sort, &g.OpenState, &g.AlwaysOpen, &g.Locked, &content)
		g.Content = parseContent(content)
		return g, err
	})
}

// groupSortMeta reads the field the assortment's display groups were built from and its group
// sort version.
func (s *Store) groupSortMeta(ctx context.Context, q querier, assortmentID string) (groupBy string, version int64, err error) {
	err = q.QueryRow(ctx, `SELECT group_by, group_sort_version FROM assortments WHERE id = $1`, assortmentID).Scan(&groupBy, &version)
	return groupBy, version, err
}

// replaceDisplayGroups deletes the assortment's groups and inserts gs's (all but Uncategorized),
// giving each its stored id.
func (s *Store) replaceDisplayGroups(ctx context.Context, tx pgx.Tx, assortmentID string, groups []*DisplayGroup) error {
	if _, err := tx.Exec(ctx, `DELETE FROM assortment_display_groups WHERE assortment_id = $1`, assortmentID); err != nil {
		return err
	}
	b := &pgx.Batch{}
	for i, g := range groups {
		if g.Uncategorized {
			continue
		}
		b.Queue(`INSERT INTO assortment_display_groups (assortment_id, key, title, sort, open_state, always_open, locked, custom_content)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text`, assortmentID, g.Key, g.Title, i, g.OpenState, g.AlwaysOpen, g.Locked, contentJSON(g.CustomContent)).
			QueryRow(func(row pgx.Row) error { return row.Scan(&g.ID) })
	}
	return tx.SendBatch(ctx, b).Close()
}

// updateDisplayGroups writes the order and flags of the stored groups that changed.
func (s *Store) updateDisplayGroups(ctx context.Context, tx pgx.Tx, assortmentID string, groups []*DisplayGroup) error {
	b := &pgx.Batch{}
	for i, g := range groups {
		st := g.stored
		if st == nil || (st.Sort == i && st.Title == g.Title && st.OpenState == g.OpenState && st.AlwaysOpen == g.AlwaysOpen && st.Locked == g.Locked && !g.contentChanged) {
			continue
		}
		b.Queue(`UPDATE assortment_display_groups SET sort = $3, title = $4, open_state = $5, always_open = $6, locked = $7, custom_content = $8
			WHERE assortment_id = $1 AND id = $2`, assortmentID, g.ID, i, g.Title, g.OpenState, g.AlwaysOpen, g.Locked, contentJSON(g.CustomContent))
	}
	if b.Len() == 0 {
		return nil
	}
	return tx.SendBatch(ctx, b).Close()
}

// placeRows writes rows' groups and sort positions ("" group: none).
func (s *Store) placeRows(ctx context.Context, tx pgx.Tx, assortmentID string, ps []rowPlacement) error {
	if len(ps) == 0 {
		return nil
	}
	ids, groups, sorts := make([]string, len(ps)), make([]string, len(ps)), make([]int32, len(ps))
	for i, p := range ps {
		ids[i], groups[i], sorts[i] = p.ID, p.Group, int32(p.Sort)
	}
	_, err := tx.Exec(ctx, `UPDATE assortment_products ap SET display_group = NULLIF(u.grp, ''), sort = u.sort
		FROM unnest($2::bigint[], $3::text[], $4::int[]) AS u(id, grp, sort)
		WHERE ap.assortment_id = $1 AND ap.id = u.id`, assortmentID, ids, groups, sorts)
	return err
}

// touchGroupSort moves the group sort version on and saves the group-by, also as the latest
// choice in uiSettings.
func (s *Store) touchGroupSort(ctx context.Context, tx pgx.Tx, assortmentID, groupBy string) (int64, error) {
	var v int64
	err := tx.QueryRow(ctx, `UPDATE assortments SET group_sort_version = group_sort_version + 1, group_by = $2, modified_date = now(),
		ui_settings = jsonb_set(CASE WHEN jsonb_typeof(ui_settings) = 'object' THEN ui_settings ELSE '{}' END
			|| jsonb_build_object('groupSettings', COALESCE(CASE WHEN jsonb_typeof(ui_settings -> 'groupSettings') = 'object' THEN ui_settings -> 'groupSettings' END, '{}')),
			'{groupSettings,groupBy}', to_jsonb($2::text))
		WHERE id = $1 RETURNING group_sort_version`, assortmentID, groupBy).Scan(&v)
	return v, err
}
