package orders

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/registry"
)

// demoPackCodes are wholesale pack codes of each kind of §5.2: A-L (refused), M-R (quantities
// checked against the pack) and S-Z (free).
var demoPackCodes = []PackCode{{"A12", 12, 1}, {"B24", 24, 2}, {"L06", 6, 1}, {"M12", 12, 2}, {"N06", 6, 1}, {"P24", 24, 4},
	{"Q36", 36, 6}, {"R06", 6, 1}, {"S01", 1, 1}, {"T12", 12, 1}, {"Z01", 1, 1}}

// demoCustomers are wholesale customers of both regions: id, name, email, region, country,
// currency, account, address 1, city, state, zip, rep.
var demoCustomers = [][12]string{
	{"C1001", "Bayside Footwear", "buyer@baysidefootwear.example", "US", "US", "USD", "A100100", "1200 Harbor Blvd", "Oxnard", "CA", "93035", "R100"},
	{"C1002", "Summit Sports Supply", "orders@summitsports.example", "US", "US", "USD", "A100200", "45 Main St", "Burlington", "VT", "05401", "R100"},
	{"C1003", "Great Lakes Outfitters", "purchasing@greatlakes.example", "US", "US", "USD", "A100300", "800 N Michigan Ave", "Chicago", "IL", "60611", "R101"},
	{"C1005", "Lone Star Running Co", "buying@lonestarrunning.example", "US", "US", "USD", "A100500", "600 Congress Ave", "Austin", "TX", "78701", "R102"},
	{"C1006", "Peachtree Kicks", "orders@peachtreekicks.example", "US", "US", "USD", "A100600", "200 Peachtree St NW", "Atlanta", "GA", "30303", "R102"},
	{"C1007", "Cascade Trail Supply", "purchasing@cascadetrail.example", "US", "US", "USD", "A100700", "1500 4th Ave", "Seattle", "WA", "98101", "R100"},
	{"C1008", "Desert Sole", "buyer@desertsole.example", "US", "US", "USD", "A100800", "2 N Central Ave", "Phoenix", "AZ", "85004", "R102"},
	{"C1004", "Maple Leaf Shoes", "buying@mapleleafshoes.example", "US", "CA", "CAD", "A100400", "220 Yonge St", "Toronto", "ON", "M5B 2H1", "R101"},
	{"C2001", "Schuhhaus Berger", "einkauf@schuhhaus-berger.example", "EU", "DE", "EUR", "A200100", "Kaufingerstr. 12", "München", "", "80331", "R200"},
	{"C2002", "Chaussures Lumière", "achats@lumiere.example", "EU", "FR", "EUR", "A200200", "18 Rue de Rivoli", "Paris", "", "75004", "R200"},
	{"C2003", "Northern Trainers Ltd", "buying@northerntrainers.example", "EU", "UK", "GBP", "A200300", "5 Deansgate", "Manchester", "", "M3 2BW", "R201"},
	{"C2005", "Zapatería Sol", "compras@zapateriasol.example", "EU", "ES", "EUR", "A200500", "Gran Vía 28", "Madrid", "", "28013", "R202"},
	{"C2006", "De Vries Footwear", "inkoop@devries.example", "EU", "NL", "EUR", "A200600", "Kalverstraat 92", "Amsterdam", "", "1012 PH", "R202"},
	{"C2004", "Calzature Bella", "acquisti@bella.example", "EU", "IT", "EUR", "A200400", "Via Torino 40", "Milano", "", "20123", "R201"},
}

// demoTerms are payment terms per region, and per country where a country differs.
var demoTerms = [][4]string{
	{"US", "", "N30", "Net 30 days"}, {"US", "", "N60", "Net 60 days"},
	{"US", "CA", "N45", "Net 45 days"},
	{"EU", "", "N30", "Net 30 days"},
	{"EU", "DE", "S30", "2% 10 days, net 30"}, {"EU", "DE", "N60", "Net 60 days"},
	{"EU", "UK", "N30", "Net 30 days, GBP"},
	{"EU", "ES", "N90", "Net 90 days"}, {"EU", "NL", "S14", "3% 14 days, net 45"},
}

// demoReps are sales reps (number, name, email, region, active).
var demoReps = []struct {
	number, name, email, region string
	active                      bool
}{
	{"R100", "Rita West", "rita.west@example.com", "US", true},
	{"R101", "Ray Central", "ray.central@example.com", "US", true},
	{"R200", "Elke Europa", "elke.europa@example.com", "EU", true},
	{"R201", "Ed Britton", "ed.britton@example.com", "EU", true},
	{"R102", "Rosa South", "rosa.south@example.com", "US", true},
	{"R202", "Ruud Iberia", "ruud.iberia@example.com", "EU", true},
	{"R999", "Retired Rep", "retired@example.com", "US", false},
}

// demoAccounts are the customers the official search offers an assortment's subtitle (account,
// name, territory, corporate, city, country); their region follows the territory.
var demoAccounts = []struct {
	account, name, territory string
	corporate                bool
	city, country            string
}{
	{"100215", "Big 5 Sporting Goods", "US-WEST", true, "El Segundo", "US"},
	{"100216", "Big 5 Sporting Goods #214", "US-WEST", false, "Phoenix", "US"},
	{"100340", "Recreational Outfitters Co-op", "US-WEST", true, "Kent", "US"},
	{"100412", "Famous Footwear", "US-CENTRAL", true, "Madison", "US"},
	{"100413", "Famous Footwear #1187", "US-CENTRAL", false, "Chicago", "US"},
	{"100520", "Shoe Carnival", "US-CENTRAL", true, "Evansville", "US"},
	{"100633", "DSW Designer Shoe Warehouse", "US-EAST", true, "Columbus", "US"},
	{"100634", "DSW #0422", "US-EAST", false, "Boston", "US"},
	{"100701", "Foot Locker", "US-EAST", true, "New York", "US"},
	{"100702", "Champs Sports", "US-EAST", true, "Bradenton", "US"},
	{"100815", "Kohl's", "US-CENTRAL", true, "Menomonee Falls", "US"},
	{"100816", "JCPenney", "US-CENTRAL", true, "Plano", "US"},
	{"100904", "Dick's Sporting Goods", "US-EAST", true, "Coraopolis", "US"},
	{"100905", "Academy Sports + Outdoors", "US-CENTRAL", true, "Katy", "US"},
	{"101010", "Scheels", "US-CENTRAL", true, "Fargo", "US"},
	{"101122", "Rack Room Shoes", "US-EAST", true, "Charlotte", "US"},
	{"101230", "Boot Barn", "US-WEST", true, "Irvine", "US"},
	{"101231", "Boot Barn #118", "US-WEST", false, "Reno", "US"},
	{"101344", "Work 'n Gear", "US-EAST", false, "Canton", "US"},
	{"101455", "Nordstrom Rack", "US-WEST", true, "Seattle", "US"},
	{"101566", "Zappos.com", "US-WEST", true, "Las Vegas", "US"},
	{"101677", "Shoe Show", "US-EAST", true, "Concord", "US"},
	{"200101", "Sport Chek", "CANADA", true, "Calgary", "CA"},
	{"200102", "Mark's Work Wearhouse", "CANADA", true, "Calgary", "CA"},
	{"200215", "Browns Shoes", "CANADA", false, "Montreal", "CA"},
	{"200330", "Sporting Life", "CANADA", false, "Toronto", "CA"},
	{"300101", "Sportshaus GmbH", "EUROPE", true, "Munich", "DE"},
	{"300102", "Sportshaus Berlin Mitte", "EUROPE", false, "Berlin", "DE"},
	{"300215", "Zalando SE", "EUROPE", true, "Berlin", "DE"},
	{"300330", "Intersport France", "EUROPE", true, "Longjumeau", "FR"},
	{"300331", "Intersport Lyon Part-Dieu", "EUROPE", false, "Lyon", "FR"},
	{"300440", "El Corte Ingles", "EUROPE", true, "Madrid", "ES"},
	{"300551", "Schuh Ltd", "EUROPE", true, "Livingston", "UK"},
	{"300552", "Office Shoes", "EUROPE", true, "London", "UK"},
	{"300663", "JD Sports Fashion", "EUROPE", true, "Bury", "UK"},
	{"300774", "Deichmann", "EUROPE", true, "Essen", "DE"},
	{"300885", "Sportisimo", "EUROPE", false, "Prague", "CZ"},
	{"400101", "ABC-Mart", "JAPAN", true, "Tokyo", "JP"},
	{"400102", "Alpen Group", "JAPAN", true, "Nagoya", "JP"},
	{"400215", "Xebio Sports", "JAPAN", false, "Koriyama", "JP"},
}

// seedLookups loads the customers, terms and reps of the wholesale lookups.
func seedLookups(ctx context.Context, tx pgx.Tx) error {
	for _, c := range demoCustomers {
		if _, err := tx.Exec(ctx, `INSERT INTO order_customers (id, name, email, region, country, currency, account, address1, city, state, zip, rep_number)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11]); err != nil {
			return fmt.Errorf("demo customers: %w", err)
		}
	}
	for _, a := range demoAccounts {
		region := "US"
		if a.territory == "EUROPE" {
			region = "EU"
		}
		currency, ok := map[string]string{"US": "USD", "CA": "CAD", "UK": "GBP", "JP": "JPY"}[a.country]
		if !ok {
			currency = "EUR"
		}
		if _, err := tx.Exec(ctx, `INSERT INTO order_customers (id, name, region, country, currency, account, city, territory, corporate)
			VALUES ($1, $2, $3, $4, $5, $1, $6, $7, $8)`, a.account, a.name, region, a.country, currency, a.city, a.territory, a.corporate); err != nil {
			return fmt.Errorf("demo accounts: %w", err)
		}
	}
	for _, t := range demoTerms {
		if _, err := tx.Exec(ctx, `INSERT INTO order_terms (region, country, code, description) VALUES ($1,$2,$3,$4)`, t[0], t[1], t[2], t[3]); err != nil {
			return fmt.Errorf("demo terms: %w", err)
		}
	}
	for _, r := range demoReps {
		if _, err := tx.Exec(ctx, `INSERT INTO order_reps (rep_number, name, email, region, active) VALUES ($1,$2,$3,$4,$5)`, r.number, r.name, r.email, r.region, r.active); err != nil {
			return fmt.Errorf("demo reps: %w", err)
		}
	}
	return nil
}

// demoOrder is one demo order: who asked, its type and status, and its lines' style/colours
// (taken from the first rows of the products module's catalog view at seed time).
type demoOrder struct {
	typ, status, requester, approval string
	age                              time.Duration
}

// seed loads the coordinator assignments, pack codes and some orders in each status for the
// demo roles (modules/users/demo.yaml), so every list view has something to show.
func seed(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
	for _, a := range [][4]string{{"CRD001", "Cora", "Coordinator", "coordinator@example.com"}, {"SCR001", "Simon", "Senior-Coordinator", "seniorCoordinator@example.com"}} {
		if _, err := tx.Exec(ctx, `INSERT INTO coordinator_assignments (coordinator_code, name, last_name, email) VALUES ($1,$2,$3,$4)`, a[0], a[1], a[2], a[3]); err != nil {
			return fmt.Errorf("demo coordinator assignments: %w", err)
		}
	}
	for _, p := range demoPackCodes {
		if _, err := tx.Exec(ctx, `INSERT INTO order_pack_codes (code, pack_size, per_size) VALUES ($1,$2,$3)`, p.Code, p.PackSize, p.PerSize); err != nil {
			return fmt.Errorf("demo pack codes: %w", err)
		}
	}
	if err := seedLookups(ctx, tx); err != nil {
		return err
	}
	var pairs [][2]string
	rows, err := tx.Query(ctx, `SELECT style, color FROM catalog_products ORDER BY id LIMIT 12`)
	if err != nil {
		return fmt.Errorf("demo orders: %w", err)
	}
	for rows.Next() {
		var p [2]string
		if err := rows.Scan(&p[0], &p[1]); err != nil {
			rows.Close()
			return err
		}
		pairs = append(pairs, p)
	}
	rows.Close()
	day := 24 * time.Hour
	orders := []demoOrder{
		{TypeSample, StatusDraft, "USR001", StatusPending, 2 * day},
		{TypeSample, StatusSubmitted, "USR001", StatusPending, 5 * day},
		{TypeSample, StatusInProgress, "EDT001", StatusPending, 9 * day},
		{TypeSample, StatusCompleted, "USR001", StatusPending, 40 * day},
		{TypeSample, StatusCompleted, "USR001", StatusPending, 500 * day},
		{TypePromo, StatusDraft, "USR001", StatusPending, 1 * day},
		{TypePromo, StatusRequiresApprover, "USR001", StatusRequiresApprover, 3 * day},
		{TypePromo, StatusRequiresSenior, "CRD001", StatusRequiresSenior, 6 * day},
		{TypePromo, StatusReviewComplete, "USR001", StatusReviewComplete, 20 * day},
		{TypePromo, StatusFinalized, "USR001", StatusFinalized, 60 * day},
		{TypeWholesale, StatusPending, "EDT001", StatusPending, 1 * day},
		{TypeWholesale, StatusSubmitted, "MGR001", StatusPending, 4 * day},
		{TypeWholesale, StatusCompleted, "MGR001", StatusPending, 30 * day},
	}
	now := time.Now()
	for i, d := range orders {
		created := now.Add(-d.age)
		var id string
		err := tx.QueryRow(ctx, `INSERT INTO orders (type, status, order_approval_status, requester_id, requester_code,
			requester_name, coordinator_code, approver_code, approver_name, senior_approver_code, senior_approver_name,
			created_at, modified_at, submitted_at, availability_begin, availability_end)
			SELECT $1, $2, $3, u.id, u.user_code, trim(u.name || ' ' || u.last_name), CASE WHEN $1 = 'SAMPLE' THEN 'CRD001' ELSE '' END,
			CASE WHEN $1 = 'PROMO' THEN 'APR001' ELSE '' END, CASE WHEN $1 = 'PROMO' THEN 'April Approver' ELSE '' END,
			CASE WHEN $1 = 'PROMO' THEN 'SAP001' ELSE '' END, CASE WHEN $1 = 'PROMO' THEN 'Sam Senior-Approver' ELSE '' END,
			$5::timestamptz, $5::timestamptz, CASE WHEN $2 IN ('DRAFT', 'PENDING') THEN NULL ELSE $5::timestamptz END, $5::date, ($5::timestamptz + interval '45 days')::date
			FROM users u WHERE u.user_code = $4 RETURNING id::text`, d.typ, d.status, d.approval, d.requester, created).Scan(&id)
		if err != nil {
			return fmt.Errorf("demo order %d: %w", i, err)
		}
		for j := 0; j < 3 && len(pairs) > 0; j++ {
			p := pairs[(i*3+j)%len(pairs)]
			status := StatusPending
			if d.typ == TypePromo && (d.status == StatusReviewComplete || d.status == StatusFinalized) {
				status = []string{StatusApproved, StatusDenied, StatusApproved}[j]
			}
			var sizes, pack any
			if d.typ == TypeWholesale {
				sizes, pack = `{"8":2,"9":4,"10":6}`, "M12"
			}
			if _, err := tx.Exec(ctx, `INSERT INTO order_lines (order_id, style, color, status, quantity, sizes, pack_code,
				start_date, end_date, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, ($8::timestamptz + interval '45 days')::date, $8::timestamptz + $9::int * interval '1 second')`,
				id, p[0], p[1], status, j+1, sizes, pack, created, j); err != nil {
				return fmt.Errorf("demo order %d lines: %w", i, err)
			}
		}
	}
	if err := seedBulk(ctx, tx, demoBulkOrders, demoBulkLines); err != nil {
		return err
	}
	if err := seedWholesalePrices(ctx, tx); err != nil {
		return err
	}
	// The lines carry their product's type, division and gender, as a line added on the order
	// page does (the catalog's, at the time).
	if _, err := tx.Exec(ctx, `UPDATE order_lines l SET product_type = p.product_type, division = p.division, gender = p.gender
		FROM (SELECT DISTINCT ON (style, color) style, color, product_type, division, gender FROM catalog_products ORDER BY style, color) p
		WHERE p.style = l.style AND p.color = l.color AND l.product_type = ''`); err != nil {
		return fmt.Errorf("demo order lines' products: %w", err)
	}
	return seedOrderCustomers(ctx, tx)
}

// seedWholesalePrices makes the demo wholesale orders as the order page makes them: the hand-made
// ones get a region, origin and currency (the newest a European order in EUR, for a customer of
// the EU), every line a style/colour the origin sells wholesale at line status A with a size range
// holding the demo matrix's sizes, and its unit price is the catalogue's wholesale price there.
func seedWholesalePrices(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, `WITH h AS (SELECT id, row_number() OVER (ORDER BY created_at DESC) AS k FROM orders WHERE type = 'WHOLESALE' AND origin = '')
	UPDATE orders o SET region = CASE WHEN h.k = 1 THEN 'Europe' ELSE 'Domestic' END, origin = CASE WHEN h.k = 1 THEN 'EU' ELSE 'US' END,
		currency = CASE WHEN h.k = 1 THEN 'EUR' ELSE 'USD' END FROM h WHERE h.id = o.id`); err != nil {
		return fmt.Errorf("demo wholesale orders' origins: %w", err)
	}
	if _, err := tx.Exec(ctx, `WITH w AS (SELECT code, array_agg(style ORDER BY id) AS s, array_agg(color ORDER BY id) AS c FROM (
			SELECT pl.code, p.id, p.style, p.color, row_number() OVER (PARTITION BY pl.code ORDER BY p.id) AS k
			FROM catalog_products p JOIN catalog_locations pl ON pl.product_id = p.id
			WHERE p.channel = 'Wholesale' AND pl.wholesale_price IS NOT NULL AND pl.line_status = 'A' AND pl.size_range IN ('7-14', '5-11')
				AND (p.region = 'Europe') = (pl.code IN ('EU', 'UK'))) x WHERE k <= 200 GROUP BY code)
	UPDATE order_lines l SET style = w.s[1 + abs(hashtext(l.id::text)) % array_length(w.s, 1)], color = w.c[1 + abs(hashtext(l.id::text)) % array_length(w.c, 1)]
	FROM orders o JOIN w ON w.code = o.origin
	WHERE l.order_id = o.id AND o.type = 'WHOLESALE'`); err != nil {
		return fmt.Errorf("demo wholesale lines: %w", err)
	}
	if _, err := tx.Exec(ctx, `UPDATE order_lines l SET unit_price = round(pl.wholesale_price::numeric, 2)
	FROM orders o, catalog_products p JOIN catalog_locations pl ON pl.product_id = p.id
	WHERE l.order_id = o.id AND o.type = 'WHOLESALE' AND p.style = l.style AND p.color = l.color AND pl.code = o.origin`); err != nil {
		return fmt.Errorf("demo wholesale prices: %w", err)
	}
	return nil
}

// seedOrderCustomers gives each demo wholesale order a wholesale customer (one with an e-mail) of
// its region (Europe is EU, others US), in turn, as the customer lookup stores it on an order (applyCustomer): the record
// with its terms and default term, its account and rep on the order, and a PO number.
func seedOrderCustomers(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `WITH c AS (
		SELECT cu.*, row_number() OVER (PARTITION BY cu.region ORDER BY cu.id) - 1 AS k, count(*) OVER (PARTITION BY cu.region) AS n, t.term_list
		FROM order_customers cu
		CROSS JOIN LATERAL (SELECT coalesce(jsonb_agg(jsonb_build_object('code', code, 'description', description) ORDER BY code), '[]') AS term_list
			FROM order_terms WHERE region = cu.region AND country = CASE WHEN EXISTS
				(SELECT 1 FROM order_terms WHERE region = cu.region AND country = cu.country) THEN cu.country ELSE '' END) t
		WHERE cu.email <> '')
	UPDATE orders o SET customer = jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'region', c.region,
			'country', c.country, 'currency', c.currency, 'account', c.account, 'repNumber', c.rep_number,
			'address', jsonb_build_object('address1', c.address1, 'address2', c.address2, 'city', c.city, 'state', c.state, 'zip', c.zip, 'country', c.country),
			'termsInfo', c.term_list -> 0, 'terms', c.term_list),
		account = c.account, rep_number = c.rep_number, po = 'PO-' || o.order_number
	FROM c
	WHERE o.type = 'WHOLESALE' AND (o.customer IS NULL OR o.customer = 'null'::jsonb)
		AND c.region = CASE WHEN o.region = 'Europe' THEN 'EU' ELSE 'US' END AND c.k = o.order_number % c.n`)
	if err != nil {
		return fmt.Errorf("demo order customers: %w", err)
	}
	return nil
}

// demoBulkOrders is how many generated demo orders (of every type and status, three lines each)
// the demo data holds beside the hand-made ones, so every list and role has pages to show.
const demoBulkOrders, demoBulkLines = 3000, 3

// seedBulk generates n orders of every type and status for the demo roles, created over the last
// two years (so the last-year lists cut some off): each type cycles through its statuses, then
// moves to the next coordinator, and every second cycle to the next requester, so each pair
// meets. Each order has lines of catalog style/colours
// (wholesale lines with a size matrix, pack code, price, discount and term; completed sample
// lines with their shipper and tracking), in two set-based statements.
func seedBulk(ctx context.Context, tx pgx.Tx, n, lines int) error {
	_, err := tx.Exec(ctx, `WITH spec (type, statuses, requesters, coordinators) AS (VALUES
		('SAMPLE', ARRAY['DRAFT','SUBMITTED','IN PROGRESS','COMPLETED','CANCELED','ARCHIVED','INACTIVE','UNAPPROVED ORDER'], ARRAY['USR001','EDT001'], ARRAY['CRD001','SCR001']),
		('PROMO', ARRAY['DRAFT','REQUIRES APPROVER','REQUIRES SENIOR','REVIEW COMPLETE','PROCESSED','FINALIZED','CANCELED','ARCHIVED'], ARRAY['USR001','CRD001'], ARRAY['']),
		('WHOLESALE', ARRAY['PENDING','SUBMITTED','IN PROGRESS','COMPLETED','CANCELED','ARCHIVED'], ARRAY['EDT001','MGR001','SED001','ADM001'], ARRAY['']))
	INSERT INTO orders (type, status, order_approval_status, requester_id, requester_code, requester_name, coordinator_code,
		approver_code, approver_name, senior_approver_code, senior_approver_name, created_at, modified_at, submitted_at,
		completed_at, availability_begin, availability_end, region, origin, currency, purpose, reason)
	SELECT spec.type, st, CASE WHEN spec.type = 'PROMO' AND st NOT IN ('DRAFT', 'CANCELED', 'ARCHIVED') THEN st ELSE 'PENDING' END, u.id, u.user_code,
		trim(u.name || ' ' || u.last_name), spec.coordinators[1 + (i / 24) % array_length(spec.coordinators, 1)],
		CASE WHEN spec.type = 'PROMO' THEN 'APR001' ELSE '' END, CASE WHEN spec.type = 'PROMO' THEN 'April Approver' ELSE '' END,
		CASE WHEN spec.type = 'PROMO' THEN 'SAP001' ELSE '' END, CASE WHEN spec.type = 'PROMO' THEN 'Sam Senior-Approver' ELSE '' END,
		created, created, CASE WHEN st IN ('DRAFT', 'PENDING') THEN NULL ELSE created END,
		CASE WHEN st IN ('COMPLETED', 'FINALIZED') THEN created + interval '3 days' END,
		created::date, (created + interval '45 days')::date,
		CASE WHEN spec.type = 'WHOLESALE' THEN (ARRAY['Domestic','Europe'])[1 + i % 2] ELSE '' END,
		CASE WHEN spec.type = 'WHOLESALE' THEN (ARRAY['US','UK'])[1 + i % 2] ELSE '' END,
		CASE WHEN spec.type = 'WHOLESALE' THEN (ARRAY['USD','GBP'])[1 + i % 2] ELSE 'USD' END,
		(ARRAY['Photo shoot','Sales meeting','Trade show','Athlete seeding'])[1 + i % 4],
		(ARRAY['Marketing','Sales','Product review'])[1 + i % 3]
	FROM generate_series(1, $1::int) i
	JOIN spec ON spec.type = (ARRAY['SAMPLE','PROMO','WHOLESALE'])[1 + i % 3]
	CROSS JOIN LATERAL (SELECT spec.statuses[1 + (i / 3) % array_length(spec.statuses, 1)] AS st,
		now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute' AS created) x
	JOIN users u ON u.user_code = spec.requesters[1 + (i / 48) % array_length(spec.requesters, 1)]`, n)
	if err != nil {
		return fmt.Errorf("demo orders: %w", err)
	}
	_, err = tx.Exec(ctx, `WITH p AS (SELECT array_agg(style ORDER BY id) AS s, array_agg(color ORDER BY id) AS c
		FROM (SELECT id, style, color FROM catalog_products ORDER BY id LIMIT 200) x)
	INSERT INTO order_lines (order_id, style, color, status, quantity, sizes, pack_code, unit_price, discount, term,
		shipper, tracking, start_date, end_date, created_at)
	SELECT o.id, p.s[1 + (o.order_number * 7 + j) % array_length(p.s, 1)], p.c[1 + (o.order_number * 7 + j) % array_length(p.c, 1)],
		CASE WHEN o.type = 'PROMO' AND o.status IN ('REVIEW COMPLETE', 'PROCESSED', 'FINALIZED')
			THEN (ARRAY['APPROVED','DENIED','APPROVED'])[1 + j % 3] ELSE 'PENDING' END,
		1 + (o.order_number + j) % 9,
		CASE WHEN o.type = 'WHOLESALE' THEN '{"8":2,"9":4,"10":6}' END, CASE WHEN o.type = 'WHOLESALE' THEN 'M12' END,
		CASE WHEN o.type = 'WHOLESALE' THEN 20 + (o.order_number + j) % 60 + 0.95 END,
		CASE WHEN o.type = 'WHOLESALE' THEN ((o.order_number + j) % 3) * 5 END,
		CASE WHEN o.type = 'WHOLESALE' THEN (ARRAY['N30','N60'])[1 + j % 2] END,
		CASE WHEN o.type = 'SAMPLE' AND o.status = 'COMPLETED' THEN (ARRAY['UPS','USPS','FedEx'])[1 + (o.order_number + j) % 3] END,
		CASE WHEN o.type = 'SAMPLE' AND o.status = 'COMPLETED' THEN '1Z' || lpad(((o.order_number * 31 + j) % 100000000)::text, 16, '0') END,
		o.created_at::date, (o.created_at + interval '45 days')::date, o.created_at + j * interval '1 second'
	FROM orders o CROSS JOIN p CROSS JOIN generate_series(0, $1::int - 1) j
	WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`, lines)
	if err != nil {
		return fmt.Errorf("demo order lines: %w", err)
	}
	return nil
}
