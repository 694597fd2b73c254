package documents

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/identity"
	"its/core/pdf"
	"its/modules/assortments"
	"its/modules/products"
	"its/modules/users"
)

// TestPackedLayoutDemo holds the layout targets of TestPackedLayout on the demo data as a user
// makes documents of it: demo assortments with products, read through the service as its
// owner (its real groups, colours, prices and pictures), in each type and subtype, with the
// options a buyer's line sheet takes (cover, dividers, pictures, columns).
func TestPackedLayoutDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("renders demo assortments in Chromium")
	}
	t.Parallel() // beside TestPackedLayout, see there
	r := layoutRenderer(t)
	var svc *Service
	a := apptest.Start(t, fx.Options(users.Module, products.Module, assortments.Module, Module, fx.Populate(&svc)))
	ctx := context.Background()
	// The largest demo assortment of each product type; every one of them (23 on the demo data,
	// 138 documents) with DOCUMENTS_LAYOUT_ALL=1.
	all := os.Getenv("DOCUMENTS_LAYOUT_ALL") != ""
	rows, err := a.DB.Query(ctx, `SELECT id, title, owner, product_type FROM (
		SELECT a.id::text AS id, a.title, a.owner_id::text AS owner, a.product_type,
			row_number() OVER (PARTITION BY a.product_type ORDER BY count(p.*) DESC, a.title) AS rank
		FROM assortments a JOIN assortment_products p ON p.assortment_id = a.id
		WHERE a.type = 'item' AND a.org_type = 'regular'
		GROUP BY a.id) d WHERE $1 OR rank = 1 ORDER BY title, id`, all)
	if err != nil {
		t.Fatal(err)
	}
	type demo struct{ id, title, owner, productType string }
	var demos []demo
	for rows.Next() {
		var d demo
		if err := rows.Scan(&d.id, &d.title, &d.owner, &d.productType); err != nil {
			t.Fatal(err)
		}
		demos = append(demos, d)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(demos) == 0 {
		t.Fatal("the demo data holds no assortment with products")
	}
	for _, d := range demos {
		st := Settings{Columns: []string{ColumnDivision, ColumnSizeRange, ColumnAvailability}, IncludeImages: true, GroupDividers: true, CoverPage: true, PageNumbers: true}
		if d.productType == "POP" {
			st.Columns = []string{PopColumnPopCategory, PopColumnDimensions, PopColumnCost}
		}
		owner, err := svc.users.ByID(ctx, d.owner)
		if err != nil {
			t.Fatal(err)
		}
		uctx := identity.WithUser(ctx, owner)
		for _, dt := range documentTypes {
			name := fmt.Sprintf("%s %s/%s", d.title, dt.Type, dt.SubType)
			sh, err := svc.sheet(uctx, "", &Request{Assortment: d.id, DocumentType: dt, Settings: st}, 0, func(int) {})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var buf bytes.Buffer
			if err := sh.HTML(&buf); err != nil {
				t.Fatal(err)
			}
			lo := layOut(t, r, buf.String())
			doc, err := r.RenderHTML(ctx, buf.String(), pdf.Options{PreferCSSPageSize: true})
			if err != nil {
				t.Fatal(err)
			}
			checkPacked(t, name, sh, lo, pdfPages(t, doc))
			t.Logf("%s: %d styles, %d colours, %d pages", name, sh.Styles, sh.Total, len(lo.Pages))
		}
	}
}
