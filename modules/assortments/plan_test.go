package assortments_test

import (
	"context"
	"strings"
	"testing"

	"its/modules/assortments"
)

// The check of which products are already in an assortment (every add and import batch) reads
// through an index even as a generic plan: before the index it filtered every row of the
// assortment, and a prepared statement turned generic made a 10k-row import chunk take 47 s.
func TestPresentProductsUsesIndex(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	conn, err := a.DB.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	var id string
	if err := conn.QueryRow(ctx, `SELECT id FROM assortments ORDER BY created_date LIMIT 1`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	// A large assortment, as a season's import makes.
	if _, err := conn.Exec(ctx, `INSERT INTO assortment_products (assortment_id, product_id, style, color)
		SELECT $1, p.id, p.style, p.color FROM products p
		WHERE NOT EXISTS (SELECT 1 FROM assortment_products ap WHERE ap.assortment_id = $1 AND ap.product_id = p.id)
		ORDER BY p.id LIMIT 30000`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `ANALYZE assortment_products`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `SET plan_cache_mode = force_generic_plan`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `PREPARE present(uuid, text[]) AS `+assortments.PresentProductsSQL); err != nil {
		t.Fatal(err)
	}
	rows, err := conn.Query(ctx, `EXPLAIN EXECUTE present('`+id+`', ARRAY['1_1', '2_2'])`)
	if err != nil {
		t.Fatal(err)
	}
	var plan []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, line)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	p := strings.Join(plan, "\n")
	if !strings.Contains(p, "assortment_products_product_idx") || strings.Contains(p, "Seq Scan") {
		t.Fatalf("the generic plan does not read through (assortment_id, product_id):\n%s", p)
	}
}
