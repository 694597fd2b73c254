package products

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/registry"
)

// productColumns and detailColumns are the columns the seeder copies, in productValues order.
var productColumns = []string{"id", "style", "color", "style_numeric", "name", "product_type", "features", "vegan",
	"color_description", "division", "gender", "size_scale", "outsole", "upper_material", "season_codes", "season", "year",
	"region", "channel", "first_cost", "cost", "discount_percent", "discount_amount", "suggested_retail",
	"label", "quantity", "quantity_on_hand", "style_quantity", "style_quantity_on_hand", "color_percent", "percentage",
	"pop_category", "pop_type", "pop_gender", "usage", "pillar", "life_cycle", "focus_style", "store_type", "usa_dc",
	"bought_status", "new_color", "carryover", "availability_date", "in_sample_orders", "in_wholesale_orders",
	"categories", "location_codes", "location_lines", "created_date", "updated_date", "modified_date"}

var detailColumns = []string{"product_id", "description", "nrf", "box_category", "duty_code", "units", "capacity",
	"capacity_unit", "dimensions", "metric_dimensions", "expiration_date", "relationships", "materials", "style_note",
	"color_note", "collection_style_note", "collection_color_note", "due_date", "samples", "rush_samples",
	"ecommerce", "components"}

func dateValue(d *Date) any {
	if d == nil {
		return nil
	}
	return d.Time
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func productValues(p *Product) ([]any, error) {
	cat, err := json.Marshal(p.Categories)
	if err != nil {
		return nil, err
	}
	codes := make([]string, len(p.Locations))
	lines := make([]string, len(p.Locations))
	for i, l := range p.Locations {
		codes[i], lines[i] = l.Code, l.Code+":"+l.LineStatus
	}
	sort.Strings(codes)
	sort.Strings(lines)
	return []any{p.ID, p.Style, p.Color, p.StyleNumeric, p.Name, p.ProductType, orEmpty(p.Features), p.Vegan,
		p.ColorDescription, p.Division, p.Gender, p.SizeScale, p.Outsole, p.Upper, orEmpty(p.SeasonCodes), p.Season, p.Year,
		p.Region, p.Channel, copyNumeric{p.FirstCost}, copyNumeric{p.Cost}, copyNumeric{p.DiscountPercent}, copyNumeric{p.DiscountAmount}, copyNumeric{p.SuggestedRetail},
		p.Label, p.Quantity, p.QuantityOnHand, p.StyleQuantity, p.StyleQuantityOnHand, copyNumeric{p.ColorPercent}, copyNumeric{p.Percentage},
		p.PopCategory, p.PopType, p.PopGender, p.Usage, p.Pillar, p.LifeCycle, p.FocusStyle, p.StoreType, p.UsaDc,
		p.BoughtStatus, p.NewColor, p.Carryover, dateValue(p.AvailabilityDate), p.InSampleOrders, p.InWholesaleOrders,
		string(cat), codes, lines, p.CreatedDate, p.UpdatedDate, p.ModifiedDate}, nil
}

// detailJSON is p's e-commerce texts and components as the details' JSON.
func detailJSON(p *Product) (ecommerce, components []byte, err error) {
	if ecommerce, err = json.Marshal(p.ECommerce); err != nil {
		return nil, nil, err
	}
	components, err = json.Marshal(p.Components)
	return ecommerce, components, err
}

func detailValues(p *Product) ([]any, error) {
	ec, comp, err := detailJSON(p)
	if err != nil {
		return nil, err
	}
	return []any{p.ID, p.Description, p.NRF, p.BoxCategory, p.DutyCode, p.Units, copyNumeric{p.Capacity},
		p.CapacityUnit, p.Dimensions, p.MetricDimensions, dateValue(p.ExpirationDate), orEmpty(p.Relationships), p.Materials, p.StyleNote,
		p.ColorNote, p.CollectionStyleNote, p.CollectionColorNote, dateValue(p.DueDate), p.Samples, p.RushSamples, string(ec),
		string(comp)}, nil
}

var availabilityColumns = []string{"product_id", "code", "availability"}

var locationColumns = []string{"product_id", "code", "line_status", "size_range", "wholesale_price", "original_cost",
	"suggested_retail", "status_date", "last_prod_date", "style_last_prod_date", "add_date", "first_avail_date",
	"total_inventory", "division_key"}

// seed loads the demo catalog with COPY: 50,000 style/colours and their location rows.
func seed(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
	_, err := GrowCatalog(ctx, tx, DemoCatalogSize, env.Log)
	return err
}

// growPiece is how many products GrowCatalog generates and copies at a time: the catalog is
// streamed, so a million products never sit in memory together.
const growPiece = 10000

// GrowCatalog makes the catalog hold n products: the generator's style/colours that are not in
// it yet are added (with their details, location prices, size ranges and availability) through
// COPY inside tx, until it holds n; a catalog of n or more is left as it is. It answers how many
// were added; when any were, the open product libraries are told to read the catalog again as
// tx commits (publishLoad). The demo catalog is GrowCatalog of DemoCatalogSize on an empty
// catalog; the benchmarks grow it to 250,000 or a million the same way.
func GrowCatalog(ctx context.Context, tx pgx.Tx, n int, log *slog.Logger) (int, error) {
	start := time.Now()
	locs, err := CatalogLocations(ctx, tx)
	if err != nil {
		return 0, err
	}
	if len(locs) == 0 {
		return 0, fmt.Errorf("products: no locations to price the catalog in (the users module seeds them)")
	}
	rows, err := tx.Query(ctx, `SELECT id FROM products`)
	if err != nil {
		return 0, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, err
	}
	want := n - len(ids)
	if want <= 0 {
		return 0, nil
	}
	// Every id made, so that a style code the generator gives twice at large sizes (its
	// footwear and apparel ranges meet past 57,000 styles) adds no duplicate.
	seen := make(map[string]bool, n)
	for _, id := range ids {
		seen[id] = true
	}
	// Bulk load as the PostgreSQL manual advises: the catalog tables' indexes (but those of
	// their keys) and foreign keys are dropped for the COPY and made again after it, which builds
	// or checks each in one pass instead of row by row; the location mirror trigger rests while
	// the rows carry their mirrors already. The definitions are read from the database, so they
	// are the migrations' whatever these become. The whole tables are analyzed after: a column
	// list would leave out the statistics of the indexed expressions (free text, category type),
	// and the planner would then misjudge every text search.
	// A catalog that grows by less than it holds keeps them: rebuilding would cost more.
	var rebuild []string
	if want >= len(ids) {
		if rebuild, err = dropForBulkLoad(ctx, tx); err != nil {
			return 0, err
		}
	}
	// The products are made and encoded on one goroutine while the previous piece is copied on
	// this one.
	type encoded struct {
		n    int
		data *copyBinary
		err  error
	}
	pieces := make(chan encoded, 1)
	genCtx, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		defer close(pieces)
		made := 0
		piece := make([]Product, 0, growPiece+8)
		send := func() bool {
			data, err := encodeCatalog(piece)
			select {
			case pieces <- encoded{len(piece), data, err}:
				made += len(piece)
				piece = piece[:0] // the piece is in data now
				return true
			case <-genCtx.Done():
				return false
			}
		}
		// An empty catalog gets exactly the generator's catalog of n (the demo's); a catalog
		// that has products gets the generator's next ones, however many styles that takes.
		limit := math.MaxInt
		if len(seen) == 0 {
			limit = n
		}
		generateStyles(limit, locs, func(style []Product) bool {
			for i := range style {
				if made+len(piece) == want {
					break
				}
				if id := ID(style[i].Style, style[i].Color); !seen[id] {
					seen[id] = true
					piece = append(piece, style[i])
				}
			}
			if made+len(piece) < want && len(piece) < growPiece {
				return true
			}
			return send() && made < want
		})
		if len(piece) > 0 {
			send()
		}
	}()
	added := 0
	for piece := range pieces {
		err := piece.err
		if err == nil {
			err = copyEncoded(ctx, tx.Conn().PgConn(), piece.data)
		}
		if err != nil {
			stop()
			for range pieces {
			}
			return 0, err
		}
		added += piece.n
	}
	if added < want {
		return 0, fmt.Errorf("products: the generator made %d new products, %d were asked", added, want)
	}
	if err := finishBulkLoad(ctx, tx, rebuild); err != nil {
		return 0, err
	}
	if err := publishLoad(ctx, tx); err != nil {
		return 0, err
	}
	log.Info("catalog grown", "products", len(ids)+added, "added", added, "ms", time.Since(start).Milliseconds())
	return added, nil
}

// finishBulkLoad restores what dropForBulkLoad dropped (rebuild, its statements) and makes the
// catalog tables' statistics.
func finishBulkLoad(ctx context.Context, tx pgx.Tx, rebuild []string) error {
	if _, err := tx.Exec(ctx, `SET LOCAL maintenance_work_mem = '256MB'`); err != nil {
		return err
	}
	for _, stmt := range rebuild {
		if _, err := tx.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("%s: %w", stmt, err)
		}
	}
	_, err := tx.Exec(ctx, `ANALYZE products; ANALYZE product_details; ANALYZE product_locations; ANALYZE product_availability`)
	return err
}

// VacuumCatalog vacuums the catalog tables after GrowCatalog's transaction committed, as
// autovacuum would within minutes of a bulk load: until their pages are marked all-visible, an
// index-only scan (a deep block's seek, a count) still reads every row it passes in the table.
// It cannot run inside a transaction.
func VacuumCatalog(ctx context.Context, db *pgxpool.Pool) error {
	_, err := db.Exec(ctx, "VACUUM "+strings.Join(catalogTables, ", "))
	return err
}

// catalogTables are the tables GrowCatalog copies into.
var catalogTables = []string{"products", "product_details", "product_locations", "product_availability"}

// dropForBulkLoad drops the catalog tables' foreign keys and their indexes other than those of
// primary keys and unique constraints, and disables the location mirror trigger, answering the
// statements that restore them (the indexes first, then the foreign keys).
func dropForBulkLoad(ctx context.Context, tx pgx.Tx) ([]string, error) {
	rows, err := tx.Query(ctx, `
		SELECT 1, format('DROP INDEX %I', i.relname), pg_get_indexdef(x.indexrelid)
		FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
		WHERE t.relname = ANY($1) AND t.relnamespace = to_regnamespace(current_schema())
			AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
		UNION ALL
		SELECT 2, format('ALTER TABLE %I DROP CONSTRAINT %I', t.relname, c.conname),
			format('ALTER TABLE %I ADD CONSTRAINT %I %s', t.relname, c.conname, pg_get_constraintdef(c.oid))
		FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
		WHERE c.contype = 'f' AND t.relname = ANY($1) AND t.relnamespace = to_regnamespace(current_schema())
		ORDER BY 1, 2`, catalogTables)
	if err != nil {
		return nil, err
	}
	type step struct{ drop, make string }
	steps, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (step, error) {
		var s step
		var order int
		err := r.Scan(&order, &s.drop, &s.make)
		return s, err
	})
	if err != nil {
		return nil, err
	}
	// Foreign keys go first (an index may back one), and come back last.
	var restore []string
	for i := len(steps) - 1; i >= 0; i-- {
		if _, err := tx.Exec(ctx, steps[i].drop); err != nil {
			return nil, fmt.Errorf("%s: %w", steps[i].drop, err)
		}
	}
	for _, s := range steps {
		restore = append(restore, s.make)
	}
	// The rows carry their product's division key too (product_locations_division would look it up).
	if _, err := tx.Exec(ctx, `ALTER TABLE product_locations DISABLE TRIGGER product_locations_sync, DISABLE TRIGGER product_locations_division`); err != nil {
		return nil, err
	}
	return append(restore, `ALTER TABLE product_locations ENABLE TRIGGER product_locations_sync, ENABLE TRIGGER product_locations_division`), nil
}

func CatalogLocations(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}) ([]CatalogLocation, error) {
	rows, err := q.Query(ctx, `SELECT l.code, l.currency_code, c.decimal_places FROM locations l
		JOIN currencies c ON c.currency_code = l.currency_code
		ORDER BY CASE l.code WHEN 'US' THEN 0 WHEN 'CA' THEN 1 WHEN 'EU' THEN 2 WHEN 'UK' THEN 3 ELSE 4 END, l.code`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (CatalogLocation, error) {
		var l CatalogLocation
		err := r.Scan(&l.Code, &l.CurrencyCode, &l.DecimalPlaces)
		return l, err
	})
}

// copyFunc copies the rows next gives (until it answers nil) into table's cols.
type copyFunc func(ctx context.Context, table string, cols []string, next func() ([]any, error)) error

// copyRows streams n rows of values through cp.
func copyRows(ctx context.Context, cp copyFunc, table string, cols []string, n int, values func(i int) ([]any, error)) error {
	i := 0
	return cp(ctx, table, cols, func() ([]any, error) {
		if i >= n {
			return nil, nil
		}
		i++
		return values(i - 1)
	})
}

// copyCatalogWith hands cp the rows of the catalog's four tables as values, the definition of
// what the seeder copies: encodeCatalog writes the same rows in binary (TestCopyRowsArePinned
// pins these values, TestBinaryCopyMatchesValues holds encodeCatalog's bytes to pgx's
// encoding of them).
func copyCatalogWith(ctx context.Context, catalog []Product, cp copyFunc) error {
	if err := copyRows(ctx, cp, "products", productColumns, len(catalog), func(i int) ([]any, error) { return productValues(&catalog[i]) }); err != nil {
		return err
	}
	if err := copyRows(ctx, cp, "product_details", detailColumns, len(catalog), func(i int) ([]any, error) { return detailValues(&catalog[i]) }); err != nil {
		return err
	}
	type ref struct{ p, l int }
	var refs []ref
	for p := range catalog {
		for l := range catalog[p].Locations {
			refs = append(refs, ref{p, l})
		}
	}
	if err := copyRows(ctx, cp, "product_locations", locationColumns, len(refs), func(i int) ([]any, error) {
		p, loc := &catalog[refs[i].p], &catalog[refs[i].p].Locations[refs[i].l]
		return []any{p.ID, loc.Code, loc.LineStatus, loc.SizeRange, copyNumeric{loc.WholesalePrice}, copyNumeric{loc.OriginalCost},
			copyNumeric{loc.SuggestedRetail}, dateValue(loc.StatusDate), dateValue(loc.LastProdDate), dateValue(loc.StyleLastProdDate),
			dateValue(loc.AddDate), dateValue(loc.FirstAvailDate), loc.TotalInventory, strings.ToLower(p.Division)}, nil
	}); err != nil {
		return err
	}
	return copyRows(ctx, cp, "product_availability", availabilityColumns, len(refs), func(i int) ([]any, error) {
		p, loc := &catalog[refs[i].p], &catalog[refs[i].p].Locations[refs[i].l]
		return []any{p.ID, loc.Code, string(loc.Availability)}, nil
	})
}
