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
