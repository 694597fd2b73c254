package products_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/vectors"
	"its/modules/products"
	"its/modules/users"
)

var updateOrder = flag.Bool("update", false, "rewrite testdata/vectors/catalogorder.json from the demo catalog")

// orderCase is a sort of the product library's grid: the grid's sorted columns (what the
// browser's order of the catalog is asked for), the product query's sort they make, and the
// query's pricing location.
type orderCase struct {
	Grid     []map[string]string
	Sort     [][2]any
	Location string
}

// orderCases are the sorts the catalog's vectors hold: its default order, each kind of key the
// grid's header sorts by (a text, a number, a date, a location's value, several keys).
var orderCases = []orderCase{
	{Grid: []map[string]string{}, Sort: [][2]any{}},
	{Grid: []map[string]string{{"field": "style", "dir": "desc"}}, Sort: [][2]any{{"styleNumeric", -1}}},
	{Grid: []map[string]string{{"field": "color", "dir": "asc"}}, Sort: [][2]any{{"color", 1}}},
	{Grid: []map[string]string{{"field": "name", "dir": "desc"}}, Sort: [][2]any{{"name", -1}}},
	{Grid: []map[string]string{{"field": "division", "dir": "asc"}, {"field": "wholesalePrice", "dir": "desc"}}, Sort: [][2]any{{"division", 1}, {"locations.wholesalePrice", -1}}},
	{Grid: []map[string]string{{"field": "wholesalePrice", "dir": "asc"}}, Sort: [][2]any{{"locations.wholesalePrice", 1}}},
	{Grid: []map[string]string{{"field": "wholesalePrice", "dir": "desc"}}, Sort: [][2]any{{"locations.wholesalePrice", -1}}, Location: "JP"},
	{Grid: []map[string]string{{"field": "suggestedRetail", "dir": "desc"}}, Sort: [][2]any{{"locations.suggestedRetail", -1}}, Location: "EU"},
	{Grid: []map[string]string{{"field": "totalInventory", "dir": "asc"}}, Sort: [][2]any{{"locations.totalInventory", 1}}, Location: "UK"},
	{Grid: []map[string]string{{"field": "year", "dir": "desc"}, {"field": "season", "dir": "asc"}}, Sort: [][2]any{{"year", -1}, {"season", 1}}},
	{Grid: []map[string]string{{"field": "availabilityDate", "dir": "asc"}}, Sort: [][2]any{{"availabilityDate", 1}}},
	{Grid: []map[string]string{{"field": "productType", "dir": "desc"}, {"field": "gender", "dir": "asc"}, {"field": "pillar", "dir": "desc"}}, Sort: [][2]any{{"productType", -1}, {"gender", 1}, {"pillar", -1}}},
}

// orderFields are the fields of a row the catalog's order reads (catalogOrder.ts).
var orderFields = []string{"id", "styleNumeric", "color", "name", "productType", "gender", "division", "pillar", "year", "season", "availabilityDate"}

// orderWindow is how many rows of each part of a sorted catalog the vectors hold: its start, its
// middle and its end (where empty values are).
const orderWindow = 12

// TestCatalogOrderVectors keeps testdata/vectors/catalogorder.json the product query's order of
// the demo catalog: for each sort, rows from the start, the middle and the end of the sorted
// catalog, in the order the server answers them. The product library's order on the client
// (remotes/products catalogOrder.ts) sorts the same rows shuffled and must give that order
// back (go test ./modules/products -run TestCatalogOrderVectors -update rewrites the file).
func TestCatalogOrderVectors(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, products.Module))
	c := a.Client()
	// Every location's prices (locations.viewAll).
	c.Login("admin@example.com")

	var b bytes.Buffer
	b.WriteString("{\n \"cases\": [")
	nulls := 0
	for i, oc := range orderCases {
		keys := make([]string, len(oc.Sort))
		for j, k := range oc.Sort {
			keys[j] = fmt.Sprintf("%q:%v", k[0], k[1])
		}
		query := func(skip, limit int) string {
			loc := ""
			if oc.Location != "" {
				loc = fmt.Sprintf(",\"locationId\":%q", oc.Location)
			}
			return fmt.Sprintf(`{"sort":{%s},"skip":%d,"limit":%d%s}`, strings.Join(keys, ","), skip, limit, loc)
		}
		_, _, first := ndjson(t, a, c, []byte(query(0, orderWindow)))
		total := int(num(first[0]["totalCount"]))
		if total < 10*orderWindow {
			t.Fatalf("sort %v: %d products %v", oc.Sort, total, first[0])
		}
		var rows []map[string]any
		for _, skip := range []int{0, total/2 - orderWindow/2, total - orderWindow} {
			status, _, lines := ndjson(t, a, c, []byte(query(skip, orderWindow)))
			if status != 200 || len(lines) != orderWindow+2 {
				t.Fatalf("sort %v at %d: %d %v", oc.Sort, skip, status, lines[0])
			}
			rows = append(rows, lines[1:len(lines)-1]...)
		}
		sep := map[bool]string{true: "\n", false: ",\n"}[i == 0]
		grid, _ := json.Marshal(oc.Grid)
		sort, _ := json.Marshal(oc.Sort)
		fmt.Fprintf(&b, "%s  {\"grid\": %s, \"sort\": %s, \"location\": %q, \"rows\": [", sep, grid, sort, oc.Location)
		for j, r := range rows {
			row := map[string]any{}
			for _, f := range orderFields {
				row[f] = r[f]
			}
			// The query's pricing location alone (the product query answers none other).
			locs := []any{}
			if l, _ := r["locations"].([]any); len(l) > 0 {
				loc := l[0].(map[string]any)
				locs = append(locs, map[string]any{"code": loc["code"], "wholesalePrice": loc["wholesalePrice"], "suggestedRetail": loc["suggestedRetail"], "totalInventory": loc["totalInventory"]})
				if loc["code"] != oc.Location && oc.Location != "" {
					t.Fatalf("sort %v: %v priced in %v", oc.Sort, r["id"], loc["code"])
				}
				if loc["wholesalePrice"] == nil || loc["suggestedRetail"] == nil {
					nulls++
				}
			} else {
				nulls++
			}
			row["locations"] = locs
			line, _ := json.Marshal(row)
			fmt.Fprintf(&b, "%s\n   %s", map[bool]string{true: "", false: ","}[j == 0], line)
		}
		b.WriteString("\n  ]}")
	}
	b.WriteString("\n ]\n}\n")
	// The vectors must hold products whose location values are empty (sorted last either way).
	if nulls == 0 {
		t.Fatal("no row of the vectors has an empty location value")
	}
	vectors.Keep(t, "catalogorder.json", b.Bytes(), *updateOrder, "the product query's order", "go test ./modules/products -run TestCatalogOrderVectors")
}
