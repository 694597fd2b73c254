package grid_test

import (
	"context"
	"reflect"
	"testing"

	"its/core/vectors"
)

// WhereVectors are the shared filter-builder cases (testdata/vectors/where.json): the grid kit's
// Vitest suite evaluates the same trees on the same rows in the browser.
type WhereVectors struct {
	About string `json:"about"`
	// Columns are the test table's columns in the grid kit's shape (read by the Vitest suite).
	Columns []map[string]any `json:"columns"`
	Rows    []struct {
		Style         string   `json:"style"`
		Color         string   `json:"color"`
		Division      *string  `json:"division"`
		Quantity      *int     `json:"quantity"`
		Cost          *float64 `json:"cost"`
		AvailableDate *string  `json:"availableDate"`
		Features      []string `json:"features"`
	} `json:"rows"`
	Cases []struct {
		Name  string   `json:"name"`
		Where any      `json:"where"`
		Want  []string `json:"want"`
	} `json:"cases"`
}

// TestWhereVectors compiles every tree of the shared vectors on the server and compares the rows
// it answers with the ones the vectors (and so the grid kit's evaluator) expect.
func TestWhereVectors(t *testing.T) {
	var v WhereVectors
	vectors.Load(t, "where.json", &v)
	if len(v.Cases) == 0 || len(v.Rows) == 0 {
		t.Fatal("no where vectors")
	}
	f := setup(t, 0)
	ctx := context.Background()
	for _, r := range v.Rows {
		if _, err := f.db.Exec(ctx, `INSERT INTO grid_items (style, color, division, quantity, cost, available_date, features)
			VALUES ($1, $2, $3, $4, $5, $6::date, $7)`, r.Style, r.Color, r.Division, r.Quantity, r.Cost, r.AvailableDate, r.Features); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range v.Cases {
		rows, total, _ := f.do(t, "POST", "/items/query", map[string]any{"where": c.Where, "limit": 50}).page(t)
		got := []string{}
		for _, r := range rows {
			got = append(got, r["style"].(string))
		}
		if total != len(c.Want) || !reflect.DeepEqual(got, c.Want) {
			t.Errorf("%s: got %v (total %d), want %v", c.Name, got, total, c.Want)
		}
	}
}
