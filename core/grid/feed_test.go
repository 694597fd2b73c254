package grid_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/grid"
	"its/core/httpx"
	"its/core/vectors"
)

// feedGrid is the where vectors' table as a grid whose rows are computed in Go.
var feedGrid = grid.MustNew(grid.Grid{
	Name: "feedItems",
	InGo: true,
	Columns: []grid.Column{
		{Field: "style", Header: "Style", Type: grid.Text},
		{Field: "color", Header: "Color", Type: grid.Text},
		{Field: "division", Header: "Division", Type: grid.List, Options: []string{"Footwear", "Apparel", "POP"}},
		{Field: "quantity", Header: "Quantity", Type: grid.Integer},
		{Field: "cost", Header: "Cost", Type: grid.Number},
		{Field: "availableDate", Header: "Available", Type: grid.Date},
		{Field: "features", Header: "Features", Type: grid.MultiSelect, Encoded: true, Options: []string{"Waterproof", "Slip Resistant", "Vegan", "Lights & Sound"}},
		{Field: "photo", Header: "Photo", Type: grid.Text, NoFilter: true, NoSort: true},
	},
	DefaultSort: []grid.Sort{{Field: "style"}},
})

// feedRows are the where vectors' rows as records (maps of their JSON fields).
func feedRows(t *testing.T) ([]grid.Record, WhereVectors) {
	var v WhereVectors
	vectors.Load(t, "where.json", &v)
	var out []grid.Record
	for _, r := range v.Rows {
		out = append(out, grid.RecordFunc(func(field string) any {
			switch field {
			case "style":
				return r.Style
			case "color":
				return r.Color
			case "division":
				return r.Division
			case "quantity":
				if r.Quantity == nil {
					return nil
				}
				return *r.Quantity
			case "cost":
				return r.Cost
			case "availableDate":
				return r.AvailableDate
			case "features":
				return r.Features
			}
			return nil
		}))
	}
	return out, v
}

// TestWhereVectorsInGo evaluates every tree of the shared vectors on rows computed in Go: the
// same rows as the SQL side (TestWhereVectors) and the grid kit's evaluator answer.
func TestWhereVectorsInGo(t *testing.T) {
	rows, v := feedRows(t)
	if len(v.Cases) == 0 {
		t.Fatal("no where vectors")
	}
	for _, c := range v.Cases {
		raw, _ := json.Marshal(c.Where)
		var w grid.Where
		if err := json.Unmarshal(raw, &w); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		match, err := feedGrid.Predicate(&w)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		got := []string{}
		for _, r := range rows {
			if match(r) {
				got = append(got, r.Value("style").(string))
			}
		}
		if !reflect.DeepEqual(got, c.Want) {
			t.Errorf("%s: got %v, want %v", c.Name, got, c.Want)
		}
	}
	// A tree on a field the grid does not filter is a 400 naming the node.
	_, err := feedGrid.Predicate(&grid.Where{And: []grid.Where{{Field: "photo", Op: "in", Values: []string{"x"}}, {Field: "nope", Op: "blank"}}})
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != http.StatusBadRequest {
		t.Fatalf("bad tree: %#v", err)
	}
	if d, _ := he.Details.([]httpx.FieldError); len(d) != 2 || d[0].Field != "where.and[0]" {
		t.Fatalf("bad tree: %#v", err)
	}
}

func exportRows(t *testing.T, body string) *httptest.ResponseRecorder {
	t.Helper()
	rows, _ := feedRows(t)
	var req grid.ExportRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	err := feedGrid.ExportRows(t.Context(), w, req, slices.Values(rows), "Feed Items")
	if err != nil {
		httpx.WriteError(w, httptest.NewRequest("POST", "/", nil), slog.New(slog.DiscardHandler), err)
	}
	return w
}

// TestExportRows: rows computed in Go export through the same writer as a query: the filter tree
// and the filters keep rows, the group keys sort first (blanks last) with a header row and count
// per group, then the sort; the columns in the client's order and headers.
func TestExportRows(t *testing.T) {
	w := exportRows(t, `{"columns": [{"field": "style", "headerName": "Modèle"}, {"field": "cost"}, {"field": "quantity"}, {"field": "availableDate"}, {"field": "features"}],
		"where": {"field": "cost", "op": "gte", "values": ["20"]}, "filters": {"style": {"contains": "V0"}},
		"groupBy": ["division"], "sort": [{"field": "cost", "dir": "desc"}]}`)
	if w.Code != 200 || w.Header().Get("Content-Type") != grid.XLSXType || !strings.Contains(w.Header().Get("Content-Disposition"), `filename="Feed_Items.xlsx"`) {
		t.Fatalf("export: %d %v %s", w.Code, w.Header(), w.Body.String())
	}
	x, err := excelize.OpenReader(bytes.NewReader(w.Body.Bytes()))
	if err != nil {
		t.Fatalf("not a workbook: %v", err)
	}
	got, err := x.GetRows(x.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	// Every vector row costs at least 20 but one; what is left, by division, cost descending.
	_, v := feedRows(t)
	var want [][]string
	want = append(want, []string{"Modèle", "Cost", "Quantity", "Available", "Features"})
	kept := 0
	for _, r := range v.Rows {
		if r.Cost != nil && *r.Cost >= 20 && strings.Contains(r.Style, "V0") {
			kept++
		}
	}
	if n := len(got) - 1; n <= kept {
		t.Fatalf("want %d rows and group headers, got %d: %v", kept, n, got)
	}
	if !reflect.DeepEqual(got[0], want[0]) {
		t.Fatalf("header %v", got[0])
	}
	if !strings.HasPrefix(got[1][0], "Division: ") {
		t.Fatalf("first line is not a group header: %v", got[1])
	}
	// The groups are in order with their sizes, and inside each the costs descend.
	lines, groups := 0, []string{}
	prev := 1e18
	for _, r := range got[1:] {
		if strings.HasPrefix(r[0], "Division: ") {
			groups = append(groups, r[0])
			prev = 1e18
			continue
		}
		lines++
		var c float64
		if err := json.Unmarshal([]byte(r[1]), &c); err != nil || c > prev {
			t.Fatalf("cost %q after %v in %v", r[1], prev, got)
		}
		prev = c
	}
	if lines != kept || !slices.IsSorted(groups[:len(groups)-1]) {
		t.Fatalf("lines %d want %d, groups %v", lines, kept, groups)
	}
	cell, _ := x.GetCellValue(x.GetSheetName(0), "A3")
	if !strings.HasPrefix(cell, "V") {
		t.Fatalf("A3 = %q", cell)
	}

	// csv: the same rows, a blank group last as "(Blanks)".
	c := exportRows(t, `{"columns": [{"field": "style"}, {"field": "features"}], "groupBy": ["division"], "format": "csv"}`)
	if c.Code != 200 {
		t.Fatalf("csv: %d %s", c.Code, c.Body.String())
	}

	// Mistakes are one 400 and no file: an unknown column, a field that does not sort, a bad tree.
	bad := exportRows(t, `{"columns": [{"field": "nope"}], "sort": [{"field": "photo"}], "where": {"field": "cost", "op": "contains", "values": ["1"]}}`)
	if bad.Code != 400 || bad.Header().Get("Content-Disposition") != "" {
		t.Fatalf("bad: %d %s", bad.Code, bad.Body.String())
	}
	var e struct {
		Details []struct{ Field string } `json:"details"`
	}
	_ = json.Unmarshal(bad.Body.Bytes(), &e)
	if len(e.Details) == 0 || e.Details[0].Field != "columns.nope" {
		t.Fatalf("details %s", bad.Body.String())
	}
}
