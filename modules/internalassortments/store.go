package internalassortments

import (
	"context"
	"fmt"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/modules/assortments"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Store reads the internal assortments' table of contents and names (the assortment_entries view
// of modules/assortments, org_type 'internal') and the catalog's option values.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// nameTaken reports whether another internal assortment of a's season, year, region and gender
// has its name (case-insensitive). It first takes a transaction lock on that key, so two
// writers of the same name are checked one after the other.
func (s *Store) nameTaken(ctx context.Context, tx pgx.Tx, a *assortments.Assortment) (bool, error) {
	year := 0
	if a.Year != nil {
		year = *a.Year
	}
	title := strings.ToLower(strings.TrimSpace(a.Title))
	key := fmt.Sprintf("%s|%d|%s|%s|%s", a.Season, year, a.Region, a.Gender, title)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('internalassortments.name'), hashtext($1))`, key); err != nil {
		return false, err
	}
	var taken bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM assortment_entries WHERE org_type = 'internal' AND type = 'item'
		AND season = $1 AND year = $2 AND region = $3 AND gender = $4 AND lower(title) = $5 AND id <> $6::uuid)`,
		a.Season, year, a.Region, a.Gender, title, a.ID).Scan(&taken)
	return taken, err
}

// Entry is one internal assortment in the table of contents.
type Entry struct {
	ID           string    `json:"_id"`
	Title        string    `json:"title"`
	Channel      string    `json:"channel"`
	Region       string    `json:"region"`
	Season       string    `json:"season"`
	Year         int       `json:"year"`
	Gender       string    `json:"gender"`
	ProductType  string    `json:"productType"`
	LocationID   string    `json:"locationId"`
	ProductCount int       `json:"productCount"`
	ModifiedDate time.Time `json:"modifiedDate"`
	Editable     bool      `json:"editable"`
}

// tocFilter selects the entries of a table of contents.
type tocFilter struct {
	channel, region, season, gender, locationID string
	year                                        int
}

// entries answers the internal assortments of f, by year (newest first), season, region,
// gender and title.
func (s *Store) entries(ctx context.Context, f tocFilter) ([]Entry, error) {
	b := psql.Select("a.id::text", "a.title", "a.channel", "a.region", "a.season", "COALESCE(a.year, 0)", "a.gender", "a.product_type",
		"a.location_id", "a.row_count", "a.modified_date").
		From("assortment_entries a").
		Where(sq.Eq{"a.org_type": OrgType, "a.type": "item", "a.channel": f.channel}).
		OrderBy("a.year DESC", "array_position(ARRAY['SP','SU','FA','HO'], a.season)", "a.region", "a.gender", "lower(a.title)")
	for col, v := range map[string]string{"a.region": f.region, "a.season": f.season, "a.gender": f.gender, "a.location_id": f.locationID} {
		if v != "" {
			b = b.Where(sq.Eq{col: v})
		}
	}
	if f.year != 0 {
		b = b.Where(sq.Eq{"a.year": f.year})
	}
	rows, err := db.Query(ctx, s.db, b)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (Entry, error) {
		var e Entry
		err := row.Scan(&e.ID, &e.Title, &e.Channel, &e.Region, &e.Season, &e.Year, &e.Gender, &e.ProductType, &e.LocationID,
			&e.ProductCount, &e.ModifiedDate)
		return e, err
	})
}

// scope is a region and product type a channel's internal assortments hold.
type scope struct{ region, productType string }

// scopes answers the regions and product types of a channel's internal assortments (each pair
// once), which the policy decides on one by one.
func (s *Store) scopes(ctx context.Context, channel string) ([]scope, error) {
	b := psql.Select("a.region", "a.product_type").Distinct().From("assortment_entries a").
		Where(sq.Eq{"a.org_type": OrgType, "a.type": "item", "a.channel": channel})
	return db.Select(ctx, s.db, b, func(r pgx.CollectableRow) (scope, error) {
		var p scope
		err := r.Scan(&p.region, &p.productType)
		return p, err
	})
}

// Season is a season of the channel in the table of contents (modules/seasons) with how many
// internal assortments the caller sees in it.
type Season struct {
	ID      string `json:"_id"`
	Season  string `json:"season"`
	Year    int    `json:"year"`
	Channel string `json:"channel"`
	State   string `json:"state"`
	Preview string `json:"previewJpgUrl"`
	Count   int    `json:"count"`
}

// Options are the values the internal product query offers.
type Options struct {
	Genders   []string `json:"genders"`
	Divisions []string `json:"divisions"`
	Pillars   []string `json:"pillars"`
	Outsoles  []string `json:"outsoles"`
	Uppers    []string `json:"uppers"`
	Seasons   []string `json:"seasons"`
	Years     []int    `json:"years"`
}

// options answers the catalog's values for a product type ("" or All: every type).
func (s *Store) options(ctx context.Context, productType string) (*Options, error) {
	o := &Options{}
	err := s.db.QueryRow(ctx, `SELECT
		COALESCE(array_agg(DISTINCT gender) FILTER (WHERE gender <> ''), '{}'),
		COALESCE(array_agg(DISTINCT division) FILTER (WHERE division <> ''), '{}'),
		COALESCE(array_agg(DISTINCT pillar) FILTER (WHERE pillar <> ''), '{}'),
		COALESCE(array_agg(DISTINCT outsole) FILTER (WHERE outsole <> ''), '{}'),
		COALESCE(array_agg(DISTINCT upper_material) FILTER (WHERE upper_material <> ''), '{}'),
		COALESCE(array_agg(DISTINCT season) FILTER (WHERE season <> ''), '{}'),
		COALESCE(array_agg(DISTINCT year) FILTER (WHERE year <> 0), '{}')
		FROM catalog_products WHERE $1 = '' OR product_type = $1`, productType).
		Scan(&o.Genders, &o.Divisions, &o.Pillars, &o.Outsoles, &o.Uppers, &o.Seasons, &o.Years)
	return o, err
}
