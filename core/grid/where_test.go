package grid_test

import (
	"encoding/json"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"its/core/grid"
)

// TestWhere runs filter-builder trees through the query and stream endpoints and compares the
// totals with the same condition written in SQL against the test table.
func TestWhere(t *testing.T) {
	f := setup(t, 90)
	cases := []struct {
		name  string
		where string
		sql   string
	}{
		{"AND with a nested OR (the issue's shape)",
			`{"and":[{"field":"division","op":"in","values":["Footwear","POP"]},{"or":[{"field":"cost","op":"gt","values":[50]},{"field":"color","op":"startsWith","values":["nvy"]}]}]}`,
			"division IN ('Footwear','POP') AND (cost > 50 OR color ILIKE 'NVY%')"},
		{"is none of keeps the empty cells", `{"field":"quantity","op":"notIn","values":[1,2,"3"]}`, "quantity IS NULL OR quantity NOT IN (1,2,3)"},
		{"≠ on a list ignores case", `{"field":"division","op":"notIn","values":["pop"]}`, "division IS DISTINCT FROM 'POP'"},
		{"between is inclusive", `{"field":"cost","op":"between","values":[20,"30.5"]}`, "cost BETWEEN 20 AND 30.5"},
		{"dates in MM/DD/YYYY", `{"field":"availableDate","op":"lte","values":["03/15/2026"]}`, "available_date <= '2026-03-15'"},
		{"is empty and is not empty", `{"or":[{"field":"availableDate","op":"blank"},{"and":[{"field":"quantity","op":"notBlank"},{"field":"quantity","op":"gte","value":5}]}]}`, "available_date IS NULL OR (quantity IS NOT NULL AND quantity >= 5)"},
		{"contains with an ampersand sent the spec's way", `{"field":"color","op":"contains","values":["k%26w"]}`, "color ILIKE '%K&W%'"},
		{"multi-select is any of", `{"field":"features","op":"in","values":["vegan"]}`, "'Vegan' = ANY(features)"},
		{"empty and duplicate values dropped, empty conditions and groups gone", `{"and":[{"field":"division","op":"in","values":["Apparel","apparel",""," "]},{"or":[{"field":"color","op":"contains","values":[""]}]},{"field":"cost","op":"between","values":[10]}]}`, "division = 'Apparel'"},
		{"a tree of nothing filters nothing", `{"or":[]}`, "true"},
	}
	for _, tc := range cases {
		want := f.count(t, tc.sql)
		var w any
		if err := json.Unmarshal([]byte(tc.where), &w); err != nil {
			t.Fatal(err)
		}
		rows, total, _ := f.do(t, "POST", "/items/query", map[string]any{"where": w, "limit": 50}).page(t)
		if total != want || len(rows) != min(want, 50) {
			t.Errorf("%s: totalCount %d rows %d, want %d", tc.name, total, len(rows), want)
		}
		_, total, _ = f.do(t, "GET", "/items?where="+url.QueryEscape(tc.where)+"&limit=1", nil).page(t)
		if total != want {
			t.Errorf("%s (GET): totalCount %d, want %d", tc.name, total, want)
		}
	}
	// The where tree and the filters are AND-ed.
	want := f.count(t, "division = 'Apparel' AND quantity >= 3")
	_, total, _ := f.do(t, "POST", "/items/query", map[string]any{"filters": map[string]any{"division": "Apparel"}, "where": map[string]any{"field": "quantity", "op": "gte", "values": []any{3}}}).page(t)
	if total != want || want == 0 {
		t.Errorf("filters AND where: %d, want %d", total, want)
	}
	if f.count(t, "cost > 50 AND division IN ('Footwear','POP')") == 0 || f.count(t, "quantity IS NULL") == 0 {
		t.Fatal("fixture lacks the rows the trees look for")
	}
}

func TestWhereRefused(t *testing.T) {
	f := setup(t, 5)
	deep := `{"field":"style","op":"in","values":["1"]}`
	for i := 0; i < grid.MaxWhereDepth+1; i++ {
		deep = `{"and":[` + deep + `,{"field":"color","op":"blank"}]}`
	}
	many := make([]string, grid.MaxWhereConditions+1)
	for i := range many {
		many[i] = `{"field":"style","op":"in","values":["x"]}`
	}
	cases := []struct{ name, body, field, rule string }{
		{"unknown field", `{"field":"password","op":"in","values":["x"]}`, "where", "filterable"},
		{"non-filterable field", `{"and":[{"field":"style","op":"in","values":["1"]},{"field":"modifiedDate","op":"blank"}]}`, "where.and[1]", "filterable"},
		{"operator not of the type", `{"field":"quantity","op":"contains","values":["1"]}`, "where", "filterOp"},
		{"unknown operator", `{"field":"style","op":"like","values":["1%"]}`, "where", "filterOp"},
		{"value not of the type", `{"or":[{"field":"cost","op":"gt","values":["cheap"]},{"field":"style","op":"blank"}]}`, "where.or[0]", "filterValue"},
		{"between needs two values", `{"field":"cost","op":"between","values":[1,2,3]}`, "where", "filterValue"},
		{"one value for gt", `{"field":"cost","op":"gt","values":[1,2]}`, "where", "filterValue"},
		{"too deep", deep, "where.and[0].and[0].and[0].and[0].and[0]", "max"},
		{"too many conditions", `{"or":[` + strings.Join(many, ",") + `]}`, "where", "max"},
	}
	for _, tc := range cases {
		a := f.do(t, "POST", "/items/query", `{"where":`+tc.body+`}`)
		if a.status != 400 {
			t.Errorf("%s: status %d %s", tc.name, a.status, a.raw)
			continue
		}
		found := false
		for _, d := range a.body["details"].([]any) {
			m := d.(map[string]any)
			found = found || (m["field"] == tc.field && m["rule"] == tc.rule)
		}
		if !found {
			t.Errorf("%s: details %v, want %s/%s", tc.name, a.body["details"], tc.field, tc.rule)
		}
	}
	for _, body := range []string{
		`{"where":{"field":"style","op":"in","values":[["nested"]]}}`,
		`{"where":{"and":[],"field":"style"}}`,
		`{"where":{"field":"style","op":"in","sql":"1=1"}}`,
		`{"where":"division = 'POP'"}`,
	} {
		if a := f.do(t, "POST", "/items/query", body); a.status != 400 {
			t.Errorf("%s: status %d %s", body, a.status, a.raw)
		}
	}
}

func TestWhereNormalize(t *testing.T) {
	var w grid.Where
	if err := json.Unmarshal([]byte(`{"and":[{"field":"a","op":"in","values":[" X ","x","",null,"Y"]},{"or":[{"field":"b","op":"contains","value":"  "}]},{"field":"c","op":"blank","values":["ignored"]}]}`), &w); err != nil {
		t.Fatal(err)
	}
	got := w.Normalize()
	want := &grid.Where{And: []grid.Where{{Field: "a", Op: "in", Values: []string{"X", "Y"}}, {Field: "c", Op: "blank"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Normalize = %+v, want %+v", got, want)
	}
	one := grid.Where{Or: []grid.Where{{Field: "a", Op: "between", Values: []string{"1", "1"}}}}
	if n := one.Normalize(); n == nil || n.Field != "a" || len(n.Values) != 2 {
		t.Errorf("a group of one is its condition, between keeps equal bounds: %+v", n)
	}
}
