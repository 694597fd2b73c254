package grid_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db/dbtest"
	"its/core/grid"
	"its/core/httpx"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// items is a grid over a test table with a column of every kind.
var items = grid.MustNew(grid.Grid{
	Name:  "test.items",
	Table: "grid_items",
	Columns: []grid.Column{
		{Field: "style", Header: "Style", Type: grid.Text, Column: "style", Edit: grid.NewRows, Validators: []string{"alphanumericNoBlank"}, Required: true},
		{Field: "color", Header: "Color", Type: grid.Text, Column: "color", Edit: grid.NewRows, Validators: []string{"noSpaces", "nonClearable"}, Required: true},
		{Field: "division", Header: "Division", Type: grid.List, Column: "division", Edit: grid.Always, Validators: []string{"list", "nonClearable"}, Options: []string{"Footwear", "Apparel", "POP"}},
		{Field: "quantity", Header: "Quantity", Type: grid.Integer, Column: "quantity", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "cost", Header: "Cost", Type: grid.Number, Column: "cost", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "discountPercent", Header: "Discount %", Type: grid.Number, Column: "discount_percent", Edit: grid.Always, Validators: []string{"discount"}},
		{Field: "promoCode", Header: "Promo Code", Type: grid.Text, Column: "promo_code", Edit: grid.Always, Validators: []string{"promoCode"}},
		{Field: "availableDate", Header: "Available", Type: grid.Date, Column: "available_date", Edit: grid.Always, Validators: []string{"date"}},
		{Field: "features", Header: "Features", Type: grid.MultiSelect, Column: "features", Edit: grid.Always, Validators: []string{"multiSelect"}, Options: []string{"Waterproof", "Slip Resistant", "Vegan", "Lights & Sound"}, Encoded: true},
		{Field: "note", Header: "Note", Type: grid.Text, Column: "note", Edit: grid.Pending},
		{Field: "status", Header: "Status", Type: grid.List, Column: "status", Edit: grid.Always, Validators: []string{"list"}, Options: []string{"Active", "Deleted"}},
		{Field: "kind", Header: "Kind", Type: grid.Text, Column: "kind"},
		{Field: "modifiedDate", Header: "Modified", Type: grid.DateTime, Column: "updated_at", NoFilter: true},
		{Field: "label", Header: "Label", Type: grid.Text, Expr: "style || '-' || color", NoSort: true},
	},
	DefaultSort:  []grid.Sort{{Field: "style"}},
	FolderColumn: "kind",
	DeleteColumn: "status",
	DeleteValue:  "Deleted",
	PageSize:     100,
	MaxLimit:     50,
})

const itemsTable = `CREATE TABLE grid_items (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	version int NOT NULL DEFAULT 1,
	style text NOT NULL, color text NOT NULL, division text, quantity int CHECK (quantity >= 0),
	cost numeric(12,2), discount_percent numeric(5,2), promo_code text, available_date date,
	features text[], note text, status text NOT NULL DEFAULT 'Active', kind text NOT NULL DEFAULT 'item',
	updated_at timestamptz NOT NULL DEFAULT now(), updated_by text,
	UNIQUE (style, color))`

type fixture struct {
	db  *pgxpool.Pool
	srv *httptest.Server
}

// setup makes the table with rows: style 10001.., divisions in turn, every fifth quantity NULL,
// one colour with an ampersand, one folder row.
func setup(t testing.TB, n int) *fixture {
	t.Helper()
	db := dbtest.New(t)
	ctx := context.Background()
	if _, err := db.Exec(ctx, itemsTable); err != nil {
		t.Fatal(err)
	}
	divs := []string{"Footwear", "Apparel", "POP"}
	colors := []string{"BLK", "WHT", "NVY", "BLK&WHT"}
	rows := make([][]any, 0, n)
	for i := 0; i < n; i++ {
		var qty any = int32(i % 7)
		if i%5 == 0 {
			qty = nil
		}
		var date any
		if i%3 != 0 {
			date = fmt.Sprintf("2026-%02d-%02d", 1+i%12, 1+i%28)
		}
		kind := "item"
		if i == n-1 {
			kind = "folder"
		}
		rows = append(rows, []any{fmt.Sprint(10001 + i/2), colors[i%4] + fmt.Sprint(i%2), divs[i%3], qty, float64(10+i) + 0.5, date, []string{"Vegan"}, kind})
	}
	_, err := db.CopyFrom(ctx, pgx.Identifier{"grid_items"}, []string{"style", "color", "division", "quantity", "cost", "available_date", "features", "kind"},
		pgx.CopyFromSlice(len(rows), func(i int) ([]any, error) {
			r := rows[i]
			if r[5] != nil {
				r[5] = mustDate(r[5].(string))
			}
			return r, nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(testWriter{t}, nil))
	mux := http.NewServeMux()
	mux.Handle("GET /items", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		q, err := grid.ParseValues(r.URL.Query())
		if err != nil {
			return err
		}
		p, err := items.Page(r.Context(), db, q, nil)
		if err != nil {
			return err
		}
		httpx.Data(w, p)
		return nil
	}))
	mux.Handle("POST /items/query", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		var q grid.Query
		if err := httpx.Decode(r, &q); err != nil {
			return err
		}
		p, err := items.Page(r.Context(), db, q, nil)
		if err != nil {
			return err
		}
		httpx.Data(w, p)
		return nil
	}))
	mux.Handle("POST /items/stream", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		var q grid.Query
		if err := httpx.Decode(r, &q); err != nil {
			return err
		}
		return items.Stream(r.Context(), w, db, q, nil, log)
	}))
	mux.Handle("PATCH /items/batch", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		var req grid.BatchRequest
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		plan, err := items.Plan(req, grid.WriteContext{View: r.URL.Query().Get("view")})
		if err != nil {
			return err
		}
		tx, err := db.Begin(r.Context())
		if err != nil {
			return err
		}
		defer tx.Rollback(r.Context())
		if err := items.Apply(r.Context(), tx, plan, grid.ApplyOptions{SetOnUpdate: map[string]any{"updated_at": sq.Expr("now()"), "updated_by": "tester"}}); err != nil {
			return err
		}
		if err := tx.Commit(r.Context()); err != nil {
			return err
		}
		httpx.Data(w, plan.Result())
		return nil
	}))
	mux.Handle("POST /items/export", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		var req grid.ExportRequest
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		return items.Export(r.Context(), w, db, req, sq.NotEq{"status": "Deleted"}, "items.xlsx")
	}))
	mux.Handle("POST /items/export/csv", httpx.Wrap(log, grid.ServeExportAs(grid.FormatCSV, func(ctx context.Context, w http.ResponseWriter, _ string, req grid.ExportRequest) error {
		return items.Export(ctx, w, db, req, sq.NotEq{"status": "Deleted"}, "items.xlsx")
	}, "")))
	mux.Handle("POST /items/summary", httpx.Wrap(log, grid.ServeSummary(func(ctx context.Context, _ string, req grid.SummaryRequest) (*grid.Summary, error) {
		return items.Summary(ctx, db, req, sq.NotEq{"status": "Deleted"})
	}, "")))
	// Groups of the items, and of the same grid allowed only three groups.
	few := *items
	few.MaxGroups = 3
	for path, g := range map[string]*grid.Grid{"/items/groups": items, "/items/groups/few": &few} {
		mux.Handle("POST "+path, httpx.Wrap(log, grid.ServeBody(func(ctx context.Context, _ string, req grid.GroupsRequest) (*grid.Groups, error) {
			return g.Groups(ctx, db, req, nil)
		}, "")))
	}
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &fixture{db: db, srv: srv}
}

func mustDate(s string) any {
	d, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return d
}

type answer struct {
	status int
	body   map[string]any
	raw    []byte
}

func (f *fixture) do(t *testing.T, method, path string, body any) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		if s, ok := body.(string); ok {
			rd = strings.NewReader(s)
		} else {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		}
	}
	req, _ := http.NewRequest(method, f.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := answer{status: res.StatusCode, raw: raw}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

func (a answer) page(t *testing.T) (rows []map[string]any, total int, next string) {
	t.Helper()
	if a.status != 200 {
		t.Fatalf("status %d: %s", a.status, a.raw)
	}
	d := a.body["data"].(map[string]any)
	for _, r := range d["rows"].([]any) {
		rows = append(rows, r.(map[string]any))
	}
	if s, ok := d["nextCursor"].(string); ok {
		next = s
	}
	return rows, int(d["totalCount"].(float64)), next
}

func (f *fixture) count(t *testing.T, where string, args ...any) int {
	t.Helper()
	var n int
	if err := f.db.QueryRow(context.Background(), "SELECT count(*) FROM grid_items WHERE "+where, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestFilters(t *testing.T) {
	f := setup(t, 60)
	cases := []struct {
		name  string
		get   string
		body  map[string]any
		where string
	}{
		{"multi-value list, case-insensitive", "division=footwear&division=POP", map[string]any{"division": []string{"footwear", "POP"}}, "division IN ('Footwear','POP')"},
		{"ampersand sent the spec's way (%26 then URI-encoded)", "color=" + url.QueryEscape("BLK%26WHT1"), map[string]any{"color": "BLK%26WHT1"}, "color = 'BLK&WHT1'"},
		{"ampersand plainly encoded", "color=" + url.QueryEscape("BLK&WHT1"), map[string]any{"color": []string{"BLK&WHT1"}}, "color = 'BLK&WHT1'"},
		{"contains", "color.contains=" + url.QueryEscape("&wh"), map[string]any{"color": map[string]any{"contains": "&wh"}}, "color ILIKE '%&WH%'"},
		{"startsWith with a LIKE wildcard is literal", "style.startsWith=1000_", map[string]any{"style": map[string]any{"startsWith": "1000_"}}, "false"},
		{"integer range", "quantity.gte=2&quantity.lte=4", map[string]any{"quantity": map[string]any{"gte": 2, "lte": "4"}}, "quantity BETWEEN 2 AND 4"},
		{"integer values", "quantity=1&quantity=6", map[string]any{"quantity": []any{1, "6"}}, "quantity IN (1, 6)"},
		{"blank", "quantity.blank=true", map[string]any{"quantity": map[string]any{"blank": true}}, "quantity IS NULL"},
		{"not blank and a date range in MM/DD/YYYY", "quantity.blank=false&availableDate.gte=" + url.QueryEscape("03/01/2026") + "&availableDate.lt=2026-06-01", map[string]any{"quantity": map[string]any{"blank": false}, "availableDate": map[string]any{"gte": "03/01/2026", "lt": "2026-06-01"}}, "quantity IS NOT NULL AND available_date >= '2026-03-01' AND available_date < '2026-06-01'"},
		{"multi-select overlap, encoded column", "features=" + url.QueryEscape(url.QueryEscape("vegan")), map[string]any{"features": url.QueryEscape("vegan")}, "'Vegan' = ANY(features)"},
		{"empty values are dropped (a cleared filter)", "division=&quantity.gte=", map[string]any{"division": []string{}, "color": "", "quantity": map[string]any{"gte": ""}}, "true"},
		{"several fields AND-ed", "division=Apparel&color=WHT1", map[string]any{"division": "Apparel", "color": "WHT1"}, "division = 'Apparel' AND color = 'WHT1'"},
	}
	for _, tc := range cases {
		want := f.count(t, tc.where)
		_, total, _ := f.do(t, "GET", "/items?"+tc.get, nil).page(t)
		if total != want {
			t.Errorf("%s (GET): totalCount %d, want %d", tc.name, total, want)
		}
		rows, total2, _ := f.do(t, "POST", "/items/query", map[string]any{"filters": tc.body, "limit": 50}).page(t)
		if total2 != want || len(rows) != min(want, 50) {
			t.Errorf("%s (POST): totalCount %d rows %d, want %d", tc.name, total2, len(rows), want)
		}
	}
	if f.count(t, "division IN ('Footwear','POP')") == 0 || f.count(t, "color = 'BLK&WHT1'") == 0 || f.count(t, "quantity IS NULL") == 0 {
		t.Fatal("fixture lacks the rows the filters look for")
	}
}

func TestBadQueries(t *testing.T) {
	f := setup(t, 10)
	cases := []struct {
		get, field, rule string
	}{
		{"nope=1", "filters.nope", "filterable"},
		{"modifiedDate=2026-01-01", "filters.modifiedDate", "filterable"},
		{"sort=nope", "sort.nope", "sortable"},
		{"sort=label", "sort.label", "sortable"},
		{"fields=style,nope", "fields.nope", "unknownField"},
		{"quantity=abc", "filters.quantity", "filterValue"},
		{"availableDate=13/45/2026", "filters.availableDate", "filterValue"},
		{"quantity.contains=1", "filters.quantity", "filterOp"},
		{"style.like=1", "filters.style", "filterOp"},
		{"limit=51", "limit", "max"},
		{"cursor=bm9wZQ", "cursor", "cursor"},
	}
	for _, tc := range cases {
		a := f.do(t, "GET", "/items?"+tc.get, nil)
		if a.status != 400 {
			t.Errorf("%s: status %d %s", tc.get, a.status, a.raw)
			continue
		}
		d, _ := a.body["details"].([]any)
		if len(d) == 0 || d[0].(map[string]any)["field"] != tc.field || d[0].(map[string]any)["rule"] != tc.rule {
			t.Errorf("%s: details %s, want field %s rule %s", tc.get, a.raw, tc.field, tc.rule)
		}
	}
	// A cursor made for one sort is refused under another.
	_, _, next := f.do(t, "GET", "/items?limit=3&sort=quantity", nil).page(t)
	if a := f.do(t, "GET", "/items?limit=3&sort=-quantity&cursor="+next, nil); a.status != 400 {
		t.Errorf("cursor of another sort: %d", a.status)
	}
	// Unknown operators and unknown body keys are refused by the strict decoder.
	if a := f.do(t, "POST", "/items/query", `{"filters":{"style":{"regex":"1"}}}`); a.status != 400 {
		t.Errorf("unknown operator: %d", a.status)
	}
	if a := f.do(t, "POST", "/items/query", `{"filter":{}}`); a.status != 400 {
		t.Errorf("unknown key: %d", a.status)
	}
}

func ids(rows []map[string]any) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r["id"].(string)
	}
	return out
}

// expectedOrder is the order SQL would give, computed independently in Go.
func expectedOrder(t *testing.T, f *fixture) []string {
	rows, err := f.db.Query(context.Background(), `SELECT id::text, division, quantity FROM grid_items`)
	if err != nil {
		t.Fatal(err)
	}
	type r struct {
		id, div string
		q       *int32
	}
	all, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (r, error) {
		var x r
		return x, row.Scan(&x.id, &x.div, &x.q)
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if a.div != b.div {
			return a.div < b.div
		}
		if (a.q == nil) != (b.q == nil) {
			return b.q == nil // NULLs last
		}
		if a.q != nil && *a.q != *b.q {
			return *a.q > *b.q
		}
		return a.id < b.id
	})
	out := make([]string, len(all))
	for i, x := range all {
		out[i] = x.id
	}
	return out
}

func TestSortPagingAndFields(t *testing.T) {
	f := setup(t, 47)
	want := expectedOrder(t, f)
	// Page through with a cursor, 7 rows at a time, sorted division asc, quantity desc.
	var got []string
	cursor := ""
	for pages := 0; ; pages++ {
		body := map[string]any{"sort": []map[string]string{{"field": "division"}, {"field": "quantity", "dir": "desc"}}, "limit": 7, "cursor": cursor}
		rows, total, next := f.do(t, "POST", "/items/query", body).page(t)
		if total != 47 {
			t.Fatalf("totalCount %d on page %d", total, pages)
		}
		got = append(got, ids(rows)...)
		if next == "" {
			break
		}
		cursor = next
		if pages > 10 {
			t.Fatal("paging does not end")
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("paged order differs:\n got %v\nwant %v", got, want)
	}
	// The same through the query string.
	rows, _, next := f.do(t, "GET", "/items?sort=division,-quantity&limit=20", nil).page(t)
	rows2, _, _ := f.do(t, "GET", "/items?sort=division,-quantity&limit=20&cursor="+next, nil).page(t)
	if !reflect.DeepEqual(append(ids(rows), ids(rows2)...), want[:40]) {
		t.Fatal("query-string paging differs")
	}
	// Field selection: id and version always, then the fields asked for, in the order asked.
	a := f.do(t, "GET", "/items?fields=color,style&limit=1", nil)
	r, _, _ := a.page(t)
	if len(r[0]) != 4 || r[0]["style"] == nil || r[0]["color"] == nil || r[0]["version"] != float64(1) {
		t.Fatalf("field selection: %v", r[0])
	}
	if !strings.Contains(string(a.raw), `{"id":`) || !strings.Contains(string(a.raw), `"version":1,"color":`) {
		t.Fatalf("row field order: %s", a.raw)
	}
	// The default page is 100 rows at most and the default sort is the style.
	rows, _, _ = f.do(t, "GET", "/items", nil).page(t)
	if len(rows) != 47 {
		t.Fatalf("default page: %d rows", len(rows))
	}
	for i, r := range rows {
		if i > 0 && r["style"].(string) < rows[i-1]["style"].(string) {
			t.Fatalf("default sort: %v before %v", rows[i-1]["style"], r["style"])
		}
		if r["color"] == "WHT1" && r["style"] == "10001" && (r["availableDate"] != "2026-02-02" || r["cost"] != 11.5 || r["quantity"] != float64(1)) {
			t.Fatalf("values of a row: %v", r)
		}
	}
}

func TestStream(t *testing.T) {
	f := setup(t, 250)
	body, _ := json.Marshal(map[string]any{"sort": []map[string]string{{"field": "division"}, {"field": "quantity", "dir": "desc"}}, "filters": map[string]any{"division": []string{"Footwear", "Apparel", "POP"}}})
	res, err := http.Post(f.srv.URL+"/items/stream", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/x-ndjson") {
		t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	sc := bufio.NewScanner(res.Body)
	var lines []map[string]any
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("line %d is not JSON: %s", len(lines), sc.Bytes())
		}
		lines = append(lines, m)
	}
	if len(lines) != 252 {
		t.Fatalf("%d lines, want 1 + 250 + 1", len(lines))
	}
	if len(lines[0]) != 1 || lines[0]["totalCount"] != float64(250) {
		t.Fatalf("first line %v", lines[0])
	}
	if last := lines[251]; last["done"] != true || last["count"] != float64(250) || last["nextCursor"] != nil {
		t.Fatalf("last line %v", last)
	}
	var got []string
	for _, l := range lines[1:251] {
		got = append(got, l["id"].(string))
	}
	if !reflect.DeepEqual(got, expectedOrder(t, f)) {
		t.Fatal("stream order differs from the sort")
	}
	// A limited stream ends with the cursor of the next rows.
	res2, _ := http.Post(f.srv.URL+"/items/stream", "application/json", strings.NewReader(`{"limit":10}`))
	raw, _ := io.ReadAll(res2.Body)
	res2.Body.Close()
	ls := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if len(ls) != 12 || !strings.Contains(ls[11], `"count":10,"nextCursor":"`) {
		t.Fatalf("limited stream: %d lines, last %s", len(ls), ls[len(ls)-1])
	}
	// A bad query is a plain 400 envelope, not a stream.
	if a := f.do(t, "POST", "/items/stream", map[string]any{"sort": []map[string]string{{"field": "nope"}}}); a.status != 400 || a.body["messageCode"] != "ITS_ERR_VALIDATION" {
		t.Fatalf("bad stream query: %d %s", a.status, a.raw)
	}
}

func TestSchema(t *testing.T) {
	s := items.Schema()
	b, _ := json.Marshal(s)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	cols := m["columns"].([]any)
	if len(cols) != len(items.Columns) || m["pageSize"] != float64(100) || m["softDelete"].(map[string]any)["value"] != "Deleted" || m["folderField"] != "kind" {
		t.Fatalf("schema: %s", b)
	}
	style := cols[0].(map[string]any)
	if style["editable"] != true || style["editableWhen"] != "newRows" || style["required"] != true || style["validators"].([]any)[0] != "alphanumericNoBlank" {
		t.Fatalf("style column: %v", style)
	}
	if m["messages"].(map[string]any)["discount"] != "Discount Percentage must be between 0-100" {
		t.Fatal("schema lacks the rule messages")
	}
	// Every validator is documented, and every one that can refuse has its message.
	if len(m["validatorDocs"].(map[string]any)) != 10 {
		t.Fatalf("validator docs: %v", m["validatorDocs"])
	}
	for name := range m["validatorDocs"].(map[string]any) {
		if _, ok := m["messages"].(map[string]any)[name]; !ok && name != "alphanumeric" {
			t.Errorf("validator %s has no message", name)
		}
	}
	if _, err := grid.New(grid.Grid{Name: "x", Table: "t", Columns: []grid.Column{{Field: "a", Type: grid.Text, Column: "a", Validators: []string{"nope"}}}}); err == nil {
		t.Fatal("an unknown validator must stop the declaration")
	}
	if _, err := grid.New(grid.Grid{Name: "x", Table: "t", Columns: []grid.Column{{Field: "a", Type: grid.Text, Column: "a; drop table t"}}}); err == nil {
		t.Fatal("a column must be a plain name")
	}
}

// testWriter sends the handlers' log to the test's log.
type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
