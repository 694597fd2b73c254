package orders

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// BulkOrders generates n orders of every type and status for the demo roles, created over the
// last two years (so the last-year lists cut some off), each with lines of catalog style/colours,
// in two set-based statements: the benchmarks' data, too much for the demo data every start seeds.
func BulkOrders(ctx context.Context, tx pgx.Tx, n, lines int) error {
	_, err := tx.Exec(ctx, `WITH spec (type, statuses, requesters, coordinators) AS (VALUES
		('SAMPLE', ARRAY['DRAFT','SUBMITTED','IN PROGRESS','COMPLETED','CANCELED'], ARRAY['USR001','EDT001'], ARRAY['CRD001','SCR001']),
		('PROMO', ARRAY['DRAFT','REQUIRES APPROVER','REQUIRES SENIOR','REVIEW COMPLETE','PROCESSED','FINALIZED','ARCHIVED'], ARRAY['USR001','CRD001'], ARRAY['']),
		('WHOLESALE', ARRAY['PENDING','SUBMITTED','IN PROGRESS','COMPLETED'], ARRAY['EDT001','MGR001'], ARRAY['']))
	INSERT INTO orders (type, status, order_approval_status, requester_id, requester_code, requester_name, coordinator_code,
		approver_code, approver_name, senior_approver_code, senior_approver_name, created_at, modified_at, submitted_at,
		availability_begin, availability_end)
	SELECT spec.type, st, CASE WHEN spec.type = 'PROMO' AND st <> 'DRAFT' THEN st ELSE 'PENDING' END, u.id, u.user_code,
		trim(u.name || ' ' || u.last_name), spec.coordinators[1 + i % array_length(spec.coordinators, 1)],
		CASE WHEN spec.type = 'PROMO' THEN 'APR001' ELSE '' END, CASE WHEN spec.type = 'PROMO' THEN 'April Approver' ELSE '' END,
		CASE WHEN spec.type = 'PROMO' THEN 'SAP001' ELSE '' END, CASE WHEN spec.type = 'PROMO' THEN 'Sam Senior-Approver' ELSE '' END,
		created, created, CASE WHEN st IN ('DRAFT', 'PENDING') THEN NULL ELSE created END, created::date, (created + interval '45 days')::date
	FROM generate_series(1, $1::int) i
	JOIN spec ON spec.type = (ARRAY['SAMPLE','PROMO','WHOLESALE'])[1 + i % 3]
	CROSS JOIN LATERAL (SELECT spec.statuses[1 + (i / 3) % array_length(spec.statuses, 1)] AS st,
		now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute' AS created) x
	JOIN users u ON u.user_code = spec.requesters[1 + (i / 7) % 2]`, n)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `WITH p AS (SELECT array_agg(style ORDER BY id) AS s, array_agg(color ORDER BY id) AS c
		FROM (SELECT id, style, color FROM products ORDER BY id LIMIT 200) x)
	INSERT INTO order_lines (order_id, style, color, status, quantity, sizes, pack_code, start_date, end_date, created_at)
	SELECT o.id, p.s[1 + (o.order_number * 7 + j) % array_length(p.s, 1)], p.c[1 + (o.order_number * 7 + j) % array_length(p.c, 1)],
		CASE WHEN o.type = 'PROMO' AND o.status IN ('REVIEW COMPLETE', 'PROCESSED', 'FINALIZED')
			THEN (ARRAY['APPROVED','DENIED','APPROVED'])[1 + j % 3] ELSE 'PENDING' END,
		1 + (o.order_number + j) % 9,
		CASE WHEN o.type = 'WHOLESALE' THEN '{"8":2,"9":4,"10":6}' END, CASE WHEN o.type = 'WHOLESALE' THEN 'M12' END,
		o.created_at::date, (o.created_at + interval '45 days')::date, o.created_at + j * interval '1 second'
	FROM orders o CROSS JOIN p CROSS JOIN generate_series(0, $1::int - 1) j
	WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)`, lines)
	return err
}
