package assortments_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"testing"

	"its/core/vectors"
	"its/modules/assortments"
)

var updateOrder = flag.Bool("update", false, "rewrite testdata/vectors/assortmentorder.json from the server's answers")

// listOrderFields are the fields of an entry the lists' order reads (listSource.ts listOrder).
var listOrderFields = []string{"id", "type", "title", "modifiedDate", "scheduledDate"}

// staticOrderFields are the fields of a static assortment's row its order reads (DetailGrid.tsx).
var staticOrderFields = []string{"id", "sort", "styleNumeric", "color"}

// madeID starts the ids of the entries the vectors hold (given by the test).
const madeID = "00000000-0000-4000-8000-"

// TestAssortmentOrderVectors keeps testdata/vectors/assortmentorder.json the server's own orders
// of the assortment lists and of a static assortment's rows, when the user sorted nothing: each
// list view's entries as its block query answers them (POST /api/assortments/query/{view}), and
// a static assortment's rows as it is read (GET /api/assortments/{id}). The entries and rows are
// made to tie on the first keys (the same title as folder and item, titles in both cases and
// past ASCII, the same modified and scheduled dates, the same sort and style), so the order of
// every key and the id is held. The browser's orders (listSource.ts listOrder, DetailGrid.tsx
// staticOrder) sort the same rows shuffled and must give that order back
// (go test ./modules/assortments -run TestAssortmentOrderVectors -update rewrites the file).
func TestAssortmentOrderVectors(t *testing.T) {
	e := setup(t)
	ctx := context.Background()
	editor := e.editor
	for i, title := range []string{"Order Alpha", "order alpha", "Order Älpha", "Order Zulu", "Order 10", "Order 9", "Order Alpha"} {
		body := map[string]any{"title": title}
		if i%3 == 1 {
			body["type"] = "folder"
		}
		if i%2 == 0 {
			body["starred"] = true
		}
		create(t, editor, body)
	}
	create(t, editor, map[string]any{"title": "Order Alpha", "type": "folder"})
	for i, title := range []string{"Shelved beta", "Shelved Beta", "Shelved Beta", "Shelved 2"} {
		body := map[string]any{"title": title}
		if i == 2 {
			body["type"] = "folder"
		}
		create(t, editor, body)
	}
	// Ties on the dates the views order by: the id decides. The entries made get fixed ids and
	// dates (the file stays the same from run to run), their ids in another order than made.
	for _, q := range []string{
		`UPDATE assortments a SET id = ('` + madeID + `' || lpad(((s.n * 7) % 17)::text, 12, '0'))::uuid,
			modified_date = timestamptz '2026-04-01 10:00:00+00' - s.n * interval '1 hour', created_date = timestamptz '2026-01-01 10:00:00+00' + s.n * interval '1 minute'
			FROM (SELECT id, row_number() OVER (ORDER BY created_date, id) AS n FROM assortments WHERE title ILIKE 'order %' OR title ILIKE 'shelved %') s
			WHERE a.id = s.id`,
		`UPDATE assortments SET modified_date = timestamptz '2026-03-01 10:00:00+00' WHERE title ILIKE 'order a%' OR title = 'Order Älpha'`,
		`UPDATE assortments SET scheduled_date = timestamptz '2026-12-24 08:00:00+00' WHERE title IN ('Order Alpha', 'Order Zulu') AND type <> 'folder'`,
		`UPDATE assortments SET scheduled_date = timestamptz '2026-11-02 08:00:00+00' WHERE title IN ('Order 9', 'Order 10')`,
		`UPDATE assortments SET state = 'archived', modified_date = timestamptz '2026-02-01 10:00:00+00' WHERE title ILIKE 'shelved%'`,
	} {
		if _, err := e.app.DB.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}

	var b bytes.Buffer
	b.WriteString("{\n \"lists\": [")
	for i, view := range assortments.Views {
		all, _ := queryBlocks(t, editor, view, nil, 100, true)
		// The entries made alone (the demo's have ids of their own each run): in the view's order still.
		var rows []map[string]any
		for _, r := range all {
			if strings.HasPrefix(str(r["id"]), madeID) {
				rows = append(rows, r)
			}
		}
		if len(rows) < 3 {
			t.Fatalf("%s: %d entries, too few to hold its order", view, len(rows))
		}
		fmt.Fprintf(&b, "%s  {\"view\": %q, \"rows\": [", map[bool]string{true: "\n", false: ",\n"}[i == 0], view)
		for j, r := range rows {
			writeRow(&b, j, r, listOrderFields)
		}
		b.WriteString("\n  ]}")
	}
	b.WriteString("\n ],\n \"static\": [")

	// A static assortment whose rows tie on their sort, and on their style within it.
	ps := pairs(t, e.app, 12, "product_type = 'Footwear'")
	st := create(t, editor, map[string]any{"title": "Order static", "products": ps})
	if _, err := e.app.DB.Exec(ctx, `UPDATE assortment_products SET sort = id % 3 WHERE assortment_id = $1`, st["_id"]); err != nil {
		t.Fatal(err)
	}
	rows := rowsOf(t, editor, str(st["_id"]))
	if len(rows) != len(ps) {
		t.Fatalf("static: %d rows, made %d", len(rows), len(ps))
	}
	for j, r := range rows {
		writeRow(&b, j, r, staticOrderFields)
	}
	b.WriteString("\n ]\n}\n")
	vectors.Keep(t, "assortmentorder.json", b.Bytes(), *updateOrder, "the server's orders of the assortment lists and a static assortment's rows", "go test ./modules/assortments -run TestAssortmentOrderVectors")
}

// writeRow writes the fields of r a vector holds, one row a line.
func writeRow(b *bytes.Buffer, j int, r map[string]any, fields []string) {
	row := map[string]any{}
	for _, f := range fields {
		row[f] = r[f]
	}
	line, _ := json.Marshal(row)
	fmt.Fprintf(b, "%s\n   %s", map[bool]string{true: "", false: ","}[j == 0], line)
}
