package assortments

import (
	"context"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/grid"
)

// listFilter is what a list view selects among one owner's entries: the service decides it, the
// store writes its SQL.
type listFilter struct {
	owner  string
	view   string
	text   string // titles containing it (all and archived views)
	folder string // entries directly inside this folder (all and archived views, without text)
	limit  int
	offset int
}

// live: neither the entry nor any folder above it is archived (archiving a folder archives its
// content, spec §4.1; the second test keeps that true of every view whatever the rows say).
var live = sq.And{sq.NotEq{"a.state": StateArchived}, sq.Expr(`NOT EXISTS (SELECT 1 FROM assortments f
	WHERE f.id = ANY(a.hierarchy) AND f.state = 'archived')`)}

// recentIDs are the owner's RecentLimit most recently changed live items.
func recentIDs(owner string) sq.Sqlizer {
	return sq.Expr(`a.id IN (SELECT r.id FROM assortments r WHERE r.owner_id = ?
			AND r.state <> 'archived' AND r.type = 'item' AND NOT EXISTS (SELECT 1 FROM assortments rf
			WHERE rf.id = ANY(r.hierarchy) AND rf.state = 'archived') ORDER BY r.modified_date DESC LIMIT ?)`, owner, RecentLimit)
}

// listWhere selects the entries of f's view (without its order and page): the list and its
// export read the same rows.
func listWhere(f listFilter) sq.And {
	w := sq.And{sq.Eq{"a.owner_id": f.owner, "a.org_type": "regular"}}
	switch f.view {
	case ViewRecent:
		w = append(w, live, sq.Eq{"a.type": "item"}, recentIDs(f.owner))
	case ViewStarred:
		w = append(w, live, sq.Eq{"a.starred": true})
	case ViewScheduled:
		w = append(w, live, sq.Expr("a.scheduled_date IS NOT NULL"))
	case ViewQuickAccess:
		w = append(w, live, sq.Or{sq.Eq{"a.starred": true}, recentIDs(f.owner)})
	case ViewAll, ViewArchived:
		if f.view == ViewAll {
			w = append(w, live)
		} else {
			w = append(w, sq.Eq{"a.state": StateArchived})
		}
		switch {
		case f.text != "":
			w = append(w, sq.Expr("a.title ILIKE ?", "%"+db.EscapeLike(f.text)+"%"))
		case f.folder != "":
			w = append(w, sq.Expr("a.hierarchy[cardinality(a.hierarchy)] = ?::uuid", f.folder))
		case f.view == ViewAll:
			w = append(w, sq.Expr("cardinality(a.hierarchy) = 0"))
		default:
			// The archive lists what was archived: entries whose folder is not archived too.
			w = append(w, sq.Expr(`NOT EXISTS (SELECT 1 FROM assortments f WHERE f.id = a.hierarchy[cardinality(a.hierarchy)] AND f.state = 'archived')`))
		}
	}
	return w
}

// listView answers the entries of f and their total (the total counted apart only when f's page
// may not hold them all). Every order ends on the id, so that pages read one after the other
// (offset) neither repeat nor skip an entry.
func (s *Store) listView(ctx context.Context, q querier, f listFilter) ([]Assortment, int, error) {
	b := psql.Select().Where(listWhere(f))
	switch f.view {
	// Every order ends on the id: a page read by offset neither repeats nor skips an entry.
	case ViewRecent:
		b = b.OrderBy("a.modified_date DESC", "a.id").Limit(RecentLimit)
	case ViewStarred:
		b = b.OrderBy("a.type = 'item'", "lower(a.title)", "a.id")
	case ViewScheduled:
		b = b.OrderBy("a.scheduled_date", "a.id")
	case ViewQuickAccess:
		b = b.OrderBy("a.modified_date DESC", "a.id")
	case ViewAll, ViewArchived:
		b = b.OrderBy("a.type = 'item'", "lower(a.title)", "a.id")
	}
	if f.view != ViewRecent {
		b = b.Limit(uint64(f.limit)).Offset(uint64(f.offset))
	}
	items, err := s.list(ctx, q, b)
	if err != nil {
		return nil, 0, err
	}
	total := len(items)
	if f.view != ViewRecent && (f.offset > 0 || len(items) == f.limit) {
		if total, err = s.count(ctx, q, b.RemoveLimit().RemoveOffset()); err != nil {
			return nil, 0, err
		}
	}
	return items, total, nil
}

// owned answers those of ids that owner owns, in no particular order.
func (s *Store) owned(ctx context.Context, q querier, owner string, ids []string) ([]Assortment, error) {
	return s.list(ctx, q, psql.Select().Where(sq.Expr("a.id = ANY(?::uuid[])", ids)).Where(sq.Eq{"a.owner_id": owner}))
}

// ownedIDs answers those of ids that are owner's regular assortments: the entries the owner's
// lists may show.
func (s *Store) ownedIDs(ctx context.Context, q querier, owner string, ids []string) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT id::text FROM assortments WHERE id = ANY($1::uuid[]) AND owner_id = $2 AND org_type = 'regular'`, ids, owner)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// subtreeEntries answers id and everything below it, each folder before its content.
func (s *Store) subtreeEntries(ctx context.Context, q querier, id string) ([]Assortment, error) {
	return s.list(ctx, q, psql.Select().Where("(a.id = ? OR ? = ANY(a.hierarchy))", id, id).OrderBy("cardinality(a.hierarchy)", "a.created_date"))
}

// listGrid declares the assortment list views for the generic export and for the list read in
// blocks (core/grid; POST /api/assortments/query/{view}): the list's columns over the
// assortments table (alias a), regular and internal ones. It is read only; a folder's content
// is read by listView and the internal table of contents by its module.
var listGrid = grid.MustNew(grid.Grid{
	Name:          "assortmentList",
	Table:         "assortments a",
	IDColumn:      "a.id",
	VersionColumn: "a.version",
	Columns: []grid.Column{
		{Field: "title", Header: "Title", Type: grid.Text, Expr: "a.title"},
		{Field: "path", Header: "Folder", Type: grid.Text, NoSort: true, NoFilter: true,
			Expr: "(SELECT string_agg(f.title, ' / ' ORDER BY h.n) FROM unnest(a.hierarchy) WITH ORDINALITY h(id, n) JOIN assortments f ON f.id = h.id)"},
		{Field: "type", Header: "Type", Type: grid.Text, Expr: "a.type", Hidden: true},
		{Field: "starred", Header: "Starred", Type: grid.Boolean, Expr: "a.starred"},
		{Field: "method", Header: "Method", Type: grid.Text, Expr: "a.method"},
		{Field: "labelText", Header: "Labels", Type: grid.Text, NoSort: true, NoFilter: true,
			Expr: "(SELECT string_agg(l->>'name', ', ') FROM jsonb_array_elements(a.labels) l)"},
		{Field: "subTitle", Header: "Subtitle", Type: grid.Text, Expr: "a.sub_title"},
		{Field: "channel", Header: "Channel", Type: grid.Text, Expr: "a.channel"},
		{Field: "region", Header: "Region", Type: grid.Text, Expr: "a.region"},
		{Field: "season", Header: "Season", Type: grid.Text, Expr: "a.season"},
		{Field: "year", Header: "Year", Type: grid.Integer, Expr: "a.year"},
		{Field: "gender", Header: "Gender", Type: grid.Text, Expr: "a.gender"},
		{Field: "productType", Header: "Product Type", Type: grid.Text, Expr: "a.product_type"},
		{Field: "locationId", Header: "Location", Type: grid.Text, Expr: "a.location_id"},
		{Field: "productCount", Header: "Products", Type: grid.Integer,
			Expr: "CASE WHEN a.method = 'dynamic' THEN COALESCE(a.product_count, 0) ELSE a.row_count END"},
		{Field: "modifiedDate", Header: "Modified", Type: grid.DateTime, Expr: "a.modified_date"},
		{Field: "scheduledDate", Header: "Scheduled", Type: grid.DateTime, Expr: "a.scheduled_date"},
	},
	DefaultSort: []grid.Sort{{Field: "type"}, {Field: "title"}},
	PageSize:    ListBlock,
	MaxLimit:    MaxListPage,
})
