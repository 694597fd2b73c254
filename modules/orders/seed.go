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
var demoPackCodes = []PackCode{{"A12", 12, 1}, {"L06", 6, 1}, {"M12", 12, 2}, {"P24", 24, 4}, {"R06", 6, 1}, {"S01", 1, 1}, {"Z01", 1, 1}}

// demoCustomers are wholesale customers of both regions: id, name, email, region, country,
// currency, account, address 1, city, state, zip, rep.
var demoCustomers = [][12]string{
	{"C1001", "Bayside Footwear", "buyer@baysidefootwear.example", "US", "US", "USD", "A100100", "1200 Harbor Blvd", "Oxnard", "CA", "93035", "R100"},
	{"C1002", "Summit Sports Supply", "orders@summitsports.example", "US", "US", "USD", "A100200", "45 Main St", "Burlington", "VT", "05401", "R100"},
	{"C1003", "Great Lakes Outfitters", "purchasing@greatlakes.example", "US", "US", "USD", "A100300", "800 N Michigan Ave", "Chicago", "IL", "60611", "R101"},
	{"C1004", "Maple Leaf Shoes", "buying@mapleleafshoes.example", "US", "CA", "CAD", "A100400", "220 Yonge St", "Toronto", "ON", "M5B 2H1", "R101"},
	{"C2001", "Schuhhaus Berger", "einkauf@schuhhaus-berger.example", "EU", "DE", "EUR", "A200100", "Kaufingerstr. 12", "München", "", "80331", "R200"},
	{"C2002", "Chaussures Lumière", "achats@lumiere.example", "EU", "FR", "EUR", "A200200", "18 Rue de Rivoli", "Paris", "", "75004", "R200"},
	{"C2003", "Northern Trainers Ltd", "buying@northerntrainers.example", "EU", "UK", "GBP", "A200300", "5 Deansgate", "Manchester", "", "M3 2BW", "R201"},
	{"C2004", "Calzature Bella", "acquisti@bella.example", "EU", "IT", "EUR", "A200400", "Via Torino 40", "Milano", "", "20123", "R201"},
}

// demoTerms are payment terms per region, and per country where a country differs.
var demoTerms = [][4]string{
	{"US", "", "N30", "Net 30 days"}, {"US", "", "N60", "Net 60 days"},
	{"US", "CA", "N45", "Net 45 days"},
	{"EU", "", "N30", "Net 30 days"},
	{"EU", "DE", "S30", "2% 10 days, net 30"}, {"EU", "DE", "N60", "Net 60 days"},
	{"EU", "UK", "N30", "Net 30 days, GBP"},
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
	{"R999", "Retired Rep", "retired@example.com", "US", false},
}

// seedLookups loads the customers, terms and reps of the wholesale lookups.
func seedLookups(ctx context.Context, tx pgx.Tx) error {
	for _, c := range demoCustomers {
		if _, err := tx.Exec(ctx, `INSERT INTO order_customers (id, name, email, region, country, currency, account, address1, city, state, zip, rep_number)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11]); err != nil {
			return fmt.Errorf("demo customers: %w", err)
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
	return nil
}
