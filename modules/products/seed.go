package products

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"

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
		p.Region, p.Channel, p.FirstCost, p.Cost, p.DiscountPercent, p.DiscountAmount, p.SuggestedRetail,
		p.Label, p.Quantity, p.QuantityOnHand, p.StyleQuantity, p.StyleQuantityOnHand, p.ColorPercent, p.Percentage,
		p.PopCategory, p.PopType, p.PopGender, p.Usage, p.Pillar, p.LifeCycle, p.FocusStyle, p.StoreType, p.UsaDc,
		p.BoughtStatus, p.NewColor, p.Carryover, dateValue(p.AvailabilityDate), p.InSampleOrders, p.InWholesaleOrders,
		string(cat), codes, lines, p.CreatedDate, p.UpdatedDate, p.ModifiedDate}, nil
}

func detailValues(p *Product) ([]any, error) {
	ec, err := json.Marshal(p.ECommerce)
	if err != nil {
		return nil, err
	}
	comp, err := json.Marshal(p.Components)
	if err != nil {
		return nil, err
	}
	return []any{p.ID, p.Description, p.NRF, p.BoxCategory, p.DutyCode, p.Units, p.Capacity,
		p.CapacityUnit, p.Dimensions, p.MetricDimensions, dateValue(p.ExpirationDate), orEmpty(p.Relationships), p.Materials, p.StyleNote,
		p.ColorNote, p.CollectionStyleNote, p.CollectionColorNote, dateValue(p.DueDate), p.Samples, p.RushSamples, string(ec),
		string(comp)}, nil
}

var locationColumns = []string{"product_id", "code", "line_status", "size_range", "wholesale_price", "original_cost",
	"suggested_retail", "status_date", "last_prod_date", "style_last_prod_date", "add_date", "first_avail_date",
	"total_inventory"}

// seed loads the demo catalog with COPY: 50,000 style/colours and their location rows.
func seed(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
	start := time.Now()
	locs, err := CatalogLocations(ctx, tx)
	if err != nil {
		return err
	}
	if len(locs) == 0 {
		return fmt.Errorf("products: no locations to price the catalog in (the users module seeds them)")
	}
	catalog := GenerateCatalog(DemoCatalogSize, locs)
	// Bulk load as the PostgreSQL manual advises: the trigram index and the foreign keys are
	// dropped for the COPY and restored after it, which builds or checks them in one pass
	// instead of row by row (the definitions are those of 0200_products_catalog.sql); the
	// location mirror trigger rests while the rows carry their mirrors already. The whole table is
	// analyzed after: a column list would leave out the statistics of the indexed expressions
	// (free text, category type), and the planner would then misjudge every text search.
	if _, err := tx.Exec(ctx, `DROP INDEX products_search_trgm_idx;
		ALTER TABLE product_availability DROP CONSTRAINT product_availability_location_fk;
		ALTER TABLE product_details DROP CONSTRAINT product_details_product_fk;
		ALTER TABLE product_locations DROP CONSTRAINT product_locations_product_fk,
			DROP CONSTRAINT product_locations_location_fk;
		ALTER TABLE product_locations DISABLE TRIGGER product_locations_sync`); err != nil {
		return err
	}
	if err := copyCatalog(ctx, tx, catalog); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `CREATE INDEX products_search_trgm_idx ON products
			USING gin ((lower(style || ' ' || color || ' ' || name || ' ' || color_description)) gin_trgm_ops);
		ALTER TABLE product_details
			ADD CONSTRAINT product_details_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE;
		ALTER TABLE product_locations
			ADD CONSTRAINT product_locations_product_fk FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE,
			ADD CONSTRAINT product_locations_location_fk FOREIGN KEY (code) REFERENCES locations (code);
		ALTER TABLE product_availability ADD CONSTRAINT product_availability_location_fk FOREIGN KEY (product_id, code)
			REFERENCES product_locations (product_id, code) ON DELETE CASCADE;
		ALTER TABLE product_locations ENABLE TRIGGER product_locations_sync;
		ANALYZE products;
		ANALYZE product_locations`); err != nil {
		return err
	}
	env.Log.Info("demo catalog created", "products", len(catalog), "ms", time.Since(start).Milliseconds())
	return nil
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

// copyRows streams n rows of values through COPY.
func copyRows(ctx context.Context, tx pgx.Tx, table string, cols []string, n int, values func(i int) ([]any, error)) error {
	i := 0
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{table}, cols, pgx.CopyFromFunc(func() ([]any, error) {
		if i >= n {
			return nil, nil
		}
		i++
		return values(i - 1)
	})); err != nil {
		return fmt.Errorf("copy %s: %w", table, err)
	}
	return nil
}

func copyCatalog(ctx context.Context, tx pgx.Tx, catalog []Product) error {
	if err := copyRows(ctx, tx, "products", productColumns, len(catalog), func(i int) ([]any, error) { return productValues(&catalog[i]) }); err != nil {
		return err
	}
	if err := copyRows(ctx, tx, "product_details", detailColumns, len(catalog), func(i int) ([]any, error) { return detailValues(&catalog[i]) }); err != nil {
		return err
	}
	type ref struct{ p, l int }
	var refs []ref
	for p := range catalog {
		for l := range catalog[p].Locations {
			refs = append(refs, ref{p, l})
		}
	}
	if err := copyRows(ctx, tx, "product_locations", locationColumns, len(refs), func(i int) ([]any, error) {
		p, loc := &catalog[refs[i].p], &catalog[refs[i].p].Locations[refs[i].l]
		return []any{p.ID, loc.Code, loc.LineStatus, loc.SizeRange, loc.WholesalePrice, loc.OriginalCost,
			loc.SuggestedRetail, dateValue(loc.StatusDate), dateValue(loc.LastProdDate), dateValue(loc.StyleLastProdDate),
			dateValue(loc.AddDate), dateValue(loc.FirstAvailDate), loc.TotalInventory}, nil
	}); err != nil {
		return err
	}
	return copyRows(ctx, tx, "product_availability", []string{"product_id", "code", "availability"}, len(refs), func(i int) ([]any, error) {
		p, loc := &catalog[refs[i].p], &catalog[refs[i].p].Locations[refs[i].l]
		return []any{p.ID, loc.Code, string(loc.Availability)}, nil
	})
}
