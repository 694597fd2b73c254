package assortments

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/registry"
)

// demoEntry is one demo assortment or folder; Children sit inside a folder.
type demoEntry struct {
	Title, SubTitle                 string
	Folder                          bool
	Channel, Region, Season, Gender string
	Year                            int
	ProductType, Location           string
	Starred, Archived, Scheduled    bool
	Labels                          []Label
	Query                           string // dynamic: a products.Query as JSON
	Rows                            int    // static: how many catalog rows
	Where                           string // static: which catalog rows (trusted SQL on p)
	Children                        []demoEntry
	GroupBy                         string // static: display groups by this field (GroupByFields)
	OrgType                         string // "" is regular
	collection                      bool
}

var (
	labelSet = []Label{{"Must Have", "#2E7D32"}, {"Hero", "#C62828"}, {"Optional", "#F9A825"}, {"Drop", "#616161"}}
	keyLabel = []Label{{"Key Item", "#1565C0"}, {"New Color", "#6A1B9A"}}
)

// demoTrees are the demo assortments of each demo editor (by e-mail).
var demoTrees = map[string][]demoEntry{
	"editor@example.com": {
		{Title: "Spring 2025", Folder: true, Starred: true, Children: []demoEntry{
			{Title: "Men's Running SP25", Channel: "Wholesale", Region: "Domestic", Season: "SP", Year: 2025, Gender: "Mens", ProductType: "Footwear",
				Labels: labelSet, Rows: 60, Where: `p.product_type = 'Footwear' AND p.gender = 'Mens' AND p.categories->>'sport' = 'Running'`, Starred: true, collection: true},
			{Title: "Women's Walking SP25", Channel: "Wholesale", Region: "Domestic", Season: "SP", Year: 2025, Gender: "Womens", ProductType: "Footwear",
				Labels: labelSet, Rows: 45, Where: `p.product_type = 'Footwear' AND p.gender = 'Womens' AND p.categories->>'sport' = 'Walking'`},
			{Title: "Kids Spring Essentials", Channel: "All", Region: "All", Season: "SP", Year: 2025, Gender: "Kids", ProductType: "Footwear",
				Query: `{"conditions":{"division":["Kids"],"season":["SP"],"year":[2025]},"sort":{"styleNumeric":1}}`},
		}},
		{Title: "Key Accounts", Folder: true, Children: []demoEntry{
			{Title: "West Region", Folder: true, Children: []demoEntry{
				{Title: "Big 5 Sporting Goods FA25", SubTitle: "Big 5 Sporting Goods", Channel: "Wholesale", Region: "Domestic", Season: "FA", Year: 2025, ProductType: "All",
					Labels: keyLabel, Rows: 80, Where: `p.season = 'FA' AND p.year = 2025 AND p.product_type <> 'POP'`, Scheduled: true},
				{Title: "REI Outdoor FA25", SubTitle: "Recreational Outfitters Co-op", Channel: "Wholesale", Region: "Domestic", Season: "FA", Year: 2025, ProductType: "Footwear",
					Rows: 35, Where: `p.categories->>'type' = 'Boot' AND p.year = 2025`},
			}},
			{Title: "Sportshaus Europe HO25", SubTitle: "Sportshaus GmbH", Channel: "Wholesale", Region: "Europe", Season: "HO", Year: 2025, ProductType: "Footwear", Location: "EU",
				Labels: labelSet, Rows: 50, Where: `p.product_type = 'Footwear' AND p.season = 'HO' AND EXISTS (SELECT 1 FROM catalog_locations x WHERE x.product_id = p.id AND x.code = 'EU')`},
		}},
		{Title: "Holiday 2025 Gift Guide", Channel: "Retail", Region: "Domestic", Season: "HO", Year: 2025, ProductType: "All", Starred: true,
			Labels: labelSet, Rows: 30, Where: `p.season = 'HO' AND p.year = 2025 AND p.focus_style`},
		{Title: "Work Boots Core Line", Channel: "Wholesale", Region: "Domestic", ProductType: "Footwear",
			Query: `{"conditions":{"division":["Work"],"lifeCycle":["Core"]},"sort":{"locations.wholesalePrice":-1}}`},
		{Title: "POP Fixtures Refresh", Channel: "All", Region: "All", ProductType: "POP",
			Rows: 25, Where: `p.product_type = 'POP' AND p.pop_category = 'Fixture'`},
		{Title: "Apparel Basics 2026", Channel: "Wholesale", Region: "Domestic", Season: "SP", Year: 2026, ProductType: "Apparel",
			Labels: keyLabel, Rows: 40, GroupBy: GroupByGender, Where: `p.product_type = 'Apparel' AND p.year = 2026 AND p.life_cycle = 'Core'`},
		{Title: "Summer 2025 Line Review", Channel: "Wholesale", Region: "Domestic", Season: "SU", Year: 2025, ProductType: "Footwear", Scheduled: true,
			Rows: 55, GroupBy: GroupByPillar, Where: `p.season = 'SU' AND p.year = 2025 AND p.product_type = 'Footwear'`},
		{Title: "Fall 2024", Folder: true, Archived: true, Children: []demoEntry{
			{Title: "Men's Trail FA24", Channel: "Wholesale", Region: "Domestic", Season: "FA", Year: 2024, Gender: "Mens", ProductType: "Footwear",
				Rows: 40, Where: `p.season = 'FA' AND p.year = 2024 AND p.gender = 'Mens' AND p.product_type = 'Footwear'`},
			{Title: "Women's Boots FA24", Channel: "Wholesale", Region: "Domestic", Season: "FA", Year: 2024, Gender: "Womens", ProductType: "Footwear",
				Rows: 30, Where: `p.season = 'FA' AND p.year = 2024 AND p.gender = 'Womens' AND p.categories->>'type' = 'Boot'`},
		}},
		{Title: "Back to School 2024", Channel: "Retail", Region: "Domestic", Season: "SU", Year: 2024, ProductType: "All", Archived: true,
			Rows: 25, Where: `p.division LIKE 'Kids%' AND p.year = 2024`},
	},
	"seniorEditor@example.com": {
		{Title: "Europe 2025", Folder: true, Starred: true, Children: []demoEntry{
			{Title: "Europe Performance SS25", Channel: "Wholesale", Region: "Europe", Season: "SU", Year: 2025, ProductType: "Footwear", Location: "EU",
				Labels: labelSet, Rows: 45, Where: `p.pillar = 'Performance' AND p.year = 2025 AND EXISTS (SELECT 1 FROM catalog_locations x WHERE x.product_id = p.id AND x.code = 'EU')`},
			{Title: "UK Lifestyle AW25", Channel: "Wholesale", Region: "Europe", Season: "FA", Year: 2025, ProductType: "Footwear", Location: "UK",
				Rows: 35, Where: `p.pillar = 'Lifestyle' AND p.season = 'FA' AND EXISTS (SELECT 1 FROM catalog_locations x WHERE x.product_id = p.id AND x.code = 'UK')`},
		}},
		{Title: "Japan Comfort Collection", Channel: "Wholesale", Region: "International", ProductType: "Footwear", Location: "JP", Starred: true,
			Rows: 30, Where: `p.pillar = 'Comfort' AND EXISTS (SELECT 1 FROM catalog_locations x WHERE x.product_id = p.id AND x.code = 'JP')`},
		{Title: "Canada Winter Boots", Channel: "Wholesale", Region: "International", Season: "HO", Year: 2025, ProductType: "Footwear", Location: "CA",
			Query: `{"conditions":{"categories.type":["Boot"],"locations.code":["CA"],"season":["HO"]},"sort":{"styleNumeric":1}}`},
		{Title: "Women's Active Apparel", Channel: "Retail", Region: "Domestic", ProductType: "Apparel", Gender: "Womens",
			Labels: keyLabel, Rows: 40, Where: `p.product_type = 'Apparel' AND p.gender = 'Womens' AND p.pillar = 'Active'`},
		{Title: "Vegan Picks", Channel: "All", Region: "All", ProductType: "Footwear",
			Query: `{"conditions":{"vegan":[true]},"text":"sneaker"}`},
		{Title: "Window Displays HO25", Channel: "Retail", Region: "Domestic", ProductType: "POP", Scheduled: true,
			Rows: 20, Where: `p.product_type = 'POP' AND p.usage = 'Window'`},
		{Title: "Spring 2024 Europe", Channel: "Wholesale", Region: "Europe", Season: "SP", Year: 2024, ProductType: "Footwear", Location: "EU", Archived: true,
			Rows: 25, Where: `p.season = 'SP' AND p.year = 2024 AND EXISTS (SELECT 1 FROM catalog_locations x WHERE x.product_id = p.id AND x.code = 'EU')`},
	},
	"manager@example.com": {
		{Title: "Line Planning 2026", Folder: true, Starred: true, Children: []demoEntry{
			{Title: "2026 Hero Styles", Channel: "All", Region: "All", Year: 2026, ProductType: "All", Labels: labelSet, Starred: true,
				Rows: 50, Where: `p.year = 2026 AND p.focus_style`},
			{Title: "2026 Carryover Review", Channel: "Wholesale", Region: "Domestic", Year: 2026, ProductType: "Footwear",
				Query: `{"conditions":{"year":[2026],"carryover":[true],"productType":["Footwear"]},"sort":{"styleNumeric":1}}`},
			{Title: "2026 New Colors", Channel: "Wholesale", Region: "Domestic", Year: 2026, ProductType: "All",
				Rows: 60, Where: `p.year = 2026 AND p.new_color`},
		}},
		{Title: "Outlet Closeouts", Channel: "Retail", Region: "Domestic", ProductType: "All",
			Query: `{"conditions":{"lifeCycle":["Closeout"]},"sort":{"locations.suggestedRetail":1}}`},
		{Title: "Flagship Store Program", Channel: "Retail", Region: "Domestic", ProductType: "All", Labels: keyLabel, Scheduled: true,
			Rows: 45, Where: `p.store_type = 'Flagship' AND p.year = 2025`},
		{Title: "Mid-Price Running Review", Channel: "Wholesale", Region: "Domestic", ProductType: "Footwear",
			Rows: 40, Where: `p.categories->>'sport' = 'Running' AND p.suggested_retail BETWEEN 70 AND 90`},
		{Title: "Holiday 2024 Wrap-up", Channel: "Retail", Region: "Domestic", Season: "HO", Year: 2024, ProductType: "All", Archived: true,
			Rows: 30, Where: `p.season = 'HO' AND p.year = 2024`},
	},
}

// seed loads demo assortments for the demo editors and the manager (folders, labels, stars,
// archive, schedule, static and dynamic, a linked collection) over the demo catalog.
func seed(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
	start := time.Now()
	n := 0
	// Modified dates step back in time so the recent view has a stable order.
	clock := time.Date(2025, 11, 3, 16, 0, 0, 0, time.UTC)
	for _, email := range []string{"editor@example.com", "seniorEditor@example.com", "manager@example.com"} {
		var owner string
		if err := tx.QueryRow(ctx, `SELECT id::text FROM users WHERE lower(email) = lower($1)`, email).Scan(&owner); err != nil {
			return fmt.Errorf("demo assortments for %s: %w", email, err)
		}
		var place func(entries []demoEntry, hierarchy []string) error
		place = func(entries []demoEntry, hierarchy []string) error {
			for _, e := range entries {
				clock = clock.Add(-7 * time.Hour)
				id, err := seedEntry(ctx, tx, owner, e, hierarchy, clock)
				if err != nil {
					return fmt.Errorf("demo assortment %q: %w", e.Title, err)
				}
				n++
				if len(e.Children) > 0 {
					children := e.Children
					if e.Archived {
						// Archiving a folder archives its content (spec §4.1), as Service.Archive does.
						children = make([]demoEntry, len(e.Children))
						for i, c := range e.Children {
							c.Archived = true
							children[i] = c
						}
					}
					if err := place(children, append(append([]string{}, hierarchy...), id)); err != nil {
						return err
					}
				}
			}
			return nil
		}
		if err := place(demoTrees[email], nil); err != nil {
			return err
		}
	}
	// Rows discontinued in their assortment's location carry an alert.
	if _, err := tx.Exec(ctx, `INSERT INTO assortment_alerts (assortment_id, style, color, type, params, message)
		SELECT ap.assortment_id, ap.style, ap.color, '`+AlertDiscontinued+`', jsonb_build_object('location', pl.code),
			'Discontinued in ' || pl.code
		FROM assortment_products ap JOIN assortments a ON a.id = ap.assortment_id
		JOIN catalog_locations pl ON pl.product_id = ap.product_id AND pl.code = a.location_id
		WHERE pl.line_status = 'D' ON CONFLICT DO NOTHING`); err != nil {
		return err
	}
	env.Log.Info("demo assortments created", "assortments", n, "ms", time.Since(start).Milliseconds())
	return nil
}

func seedEntry(ctx context.Context, tx pgx.Tx, owner string, e demoEntry, hierarchy []string, modified time.Time) (string, error) {
	typ, method := "item", "static"
	if e.Folder {
		typ = "folder"
	} else if e.Query != "" {
		method = "dynamic"
	}
	state := "published"
	if e.Archived {
		state = "archived"
	}
	loc := e.Location
	if loc == "" {
		loc = "US"
	}
	channel, region, ptype := orDefault(e.Channel, "All"), orDefault(e.Region, "All"), orDefault(e.ProductType, "All")
	labels, _ := json.Marshal(append([]Label{}, e.Labels...))
	var query, year, scheduled any
	if e.Query != "" {
		query = e.Query
	}
	if e.Year != 0 {
		year = e.Year
	}
	if e.Scheduled {
		scheduled = modified.AddDate(0, 0, 21)
	}
	if hierarchy == nil {
		hierarchy = []string{}
	}
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO assortments (owner_id, type, hierarchy, title, sub_title, method, channel, region, season, year,
		gender, product_type, location_id, state, starred, labels, query, scheduled_date, decimals_places, created_date, modified_date, org_type)
		VALUES ($1,$2,$3::uuid[],$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,
			(SELECT c.decimal_places FROM locations l JOIN currencies c ON c.currency_code = l.currency_code WHERE l.code = $13),
			$19::timestamptz - interval '30 days', $19::timestamptz, $20)
		RETURNING id::text`, owner, typ, hierarchy, e.Title, e.SubTitle, method, channel, region, e.Season, year, e.Gender, ptype, loc,
		state, e.Starred, string(labels), query, scheduled, modified, orDefault(e.OrgType, "regular")).Scan(&id)
	if err != nil {
		return "", err
	}
	if e.Rows > 0 {
		// The catalog rows the entry stands for, with the prices of its location; labels go to
		// every fifth row. Where is trusted SQL from this file.
		tag, err := tx.Exec(ctx, `INSERT INTO assortment_products (assortment_id, product_id, style, color, sort, cost, net_cost,
			suggested_retail, discount_percent, discount_amount, label, quantity, quantity_on_hand, style_note, color_note,
			collection_style_note, collection_color_note, pillar, store_type, created_date, modified_date)
			SELECT $1, s.id, s.style, s.color, s.n - 1, s.c, s.c - COALESCE(s.amt, 0), s.sr, s.pct, s.amt,
				CASE WHEN s.n % 5 = 0 AND jsonb_array_length($3::jsonb) > 0
					THEN $3::jsonb->((s.n / 5 % jsonb_array_length($3::jsonb))::int)->>'name' END,
				s.quantity, s.quantity_on_hand, s.style_note, s.color_note, s.collection_style_note, s.collection_color_note,
				s.pillar, s.store_type, $4, $4
			FROM (SELECT p.id, p.style, p.color, p.quantity, p.quantity_on_hand, d.style_note, d.color_note,
					d.collection_style_note, d.collection_color_note, p.pillar, p.store_type, p.discount_percent AS pct,
					row_number() OVER (ORDER BY p.style_numeric, p.color) AS n,
					COALESCE(pl.wholesale_price, p.cost) AS c, COALESCE(pl.suggested_retail, p.suggested_retail) AS sr,
					round(COALESCE(pl.wholesale_price, p.cost) * p.discount_percent / 100,
						(SELECT c.decimal_places FROM locations l JOIN currencies c ON c.currency_code = l.currency_code WHERE l.code = $2)) AS amt
				FROM catalog_products p JOIN catalog_details d ON d.product_id = p.id
				LEFT JOIN catalog_locations pl ON pl.product_id = p.id AND pl.code = $2
				WHERE `+e.Where+` ORDER BY p.style_numeric, p.color LIMIT $5) s`,
			id, loc, string(labels), modified, e.Rows)
		if err != nil {
			return "", err
		}
		if _, err := tx.Exec(ctx, `UPDATE assortments SET row_count = $2 WHERE id = $1`, id, tag.RowsAffected()); err != nil {
			return "", err
		}
	}
	if e.GroupBy != "" {
		if err := seedGroupBy(ctx, tx, id, e.GroupBy, modified); err != nil {
			return "", err
		}
	}
	if e.collection {
		var cid string
		if err := tx.QueryRow(ctx, `INSERT INTO collections (owner_id, collection_type, name, linkage_type, linkage_model, linkage_id)
			VALUES ($1, 'AssortmentCollection', $2, 'linkageId', 'Assortment', $3) RETURNING id::text`, owner, e.Title+" picks", id).Scan(&cid); err != nil {
			return "", err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO collection_products (collection_id, product_id, style, color, selected, sort)
			SELECT $1, product_id, style, color, true, sort FROM assortment_products WHERE assortment_id = $2 ORDER BY sort LIMIT 6`, cid, id); err != nil {
			return "", err
		}
	}
	return id, nil
}

// seedGroupBy groups a demo assortment's styles into display groups by field, keeping its
// modified date (the recent view's order).
func seedGroupBy(ctx context.Context, tx pgx.Tx, id, field string, modified time.Time) error {
	svc := &Service{store: &Store{}}
	if err := svc.groupRows(ctx, tx, &Assortment{ID: id, Type: "item", Method: "static"}, field); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE assortments SET modified_date = $2 WHERE id = $1`, id, modified)
	return err
}
