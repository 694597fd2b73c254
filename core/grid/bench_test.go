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
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/benchx"
	"its/core/db/dbtest"
	"its/core/grid"
	"its/core/httpx"
)

// The benchmarks run on a 40-column table like the widest grids of the modules: 20 text columns, 8
// integers, 6 numbers, 4 dates and 2 lists, filled deterministically with CopyFrom.

const benchCols = 40

func benchColumn(i int) (grid.Column, string) {
	name := fmt.Sprintf("c%02d", i)
	c := grid.Column{Field: name, Header: "Column " + strconv.Itoa(i), Column: name, Edit: grid.Always}
	switch {
	case i < 20:
		c.Type, c.Validators = grid.Text, []string{"noSpaces"}
		return c, name + " text"
	case i < 28:
		c.Type, c.Validators = grid.Integer, []string{"numeric"}
		return c, name + " integer"
	case i < 34:
		c.Type, c.Validators = grid.Number, []string{"numeric"}
		return c, name + " numeric(12,2)"
	case i < 38:
		c.Type, c.Validators = grid.Date, []string{"date"}
		return c, name + " date"
	default:
		c.Type, c.Validators, c.Options = grid.List, []string{"list"}, []string{"Footwear", "Apparel", "POP"}
		return c, name + " text"
	}
}

func benchGrid() (*grid.Grid, string) {
	var cols []grid.Column
	ddl := "CREATE TABLE bench_items (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), version int NOT NULL DEFAULT 1, updated_at timestamptz NOT NULL DEFAULT now()"
	for i := 0; i < benchCols; i++ {
		c, d := benchColumn(i)
		cols = append(cols, c)
		ddl += ", " + d
	}
	return grid.MustNew(grid.Grid{Name: "bench.items", Table: "bench_items", Columns: cols, DefaultSort: []grid.Sort{{Field: "c00"}}}), ddl + ")"
}

var benchWords = []string{"BLK", "WHT", "NVY", "RED", "GRY", "BRN", "TAN", "OLV", "BLK/WHT", "WHT/NVY"}

// fillBench copies n deterministic rows into bench_items.
func fillBench(b *testing.B, db *pgxpool.Pool, n int) {
	b.Helper()
	names := make([]string, benchCols)
	for i := range names {
		names[i] = fmt.Sprintf("c%02d", i)
	}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	row := make([]any, benchCols)
	i := 0
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if i == n {
			return nil, nil
		}
		for c := 0; c < benchCols; c++ {
			switch {
			case c == 0:
				row[c] = strconv.Itoa(10000 + i)
			case c < 20:
				row[c] = benchWords[(i+c)%len(benchWords)] + "-" + strconv.Itoa((i*c)%997)
			case c < 28:
				row[c] = int32((i * c) % 500)
			case c < 34:
				row[c] = float64((i*c)%10000) / 100
			case c < 38:
				row[c] = base.AddDate(0, 0, (i+c)%365)
			default:
				row[c] = []string{"Footwear", "Apparel", "POP"}[(i+c)%3]
			}
		}
		i++
		return row, nil
	})
	if _, err := db.CopyFrom(context.Background(), pgx.Identifier{"bench_items"}, names, src); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Exec(context.Background(), "ANALYZE bench_items"); err != nil {
		b.Fatal(err)
	}
}

func benchServer(b *testing.B, n int) (*pgxpool.Pool, *grid.Grid, *httptest.Server) {
	b.Helper()
	g, ddl := benchGrid()
	db := dbtest.New(b)
	if _, err := db.Exec(context.Background(), ddl); err != nil {
		b.Fatal(err)
	}
	fillBench(b, db, n)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	mux := http.NewServeMux()
	mux.Handle("POST /stream", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		var q grid.Query
		if err := httpx.Decode(r, &q); err != nil {
			return err
		}
		return g.Stream(r.Context(), w, db, q, nil, log)
	}))
	mux.Handle("PATCH /batch", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		var req grid.BatchRequest
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		plan, err := g.Plan(req, grid.WriteContext{})
		if err != nil {
			return err
		}
		tx, err := db.Begin(r.Context())
		if err != nil {
			return err
		}
		defer tx.Rollback(r.Context())
		if err := g.Apply(r.Context(), tx, plan, grid.ApplyOptions{SetOnUpdate: map[string]any{"updated_at": sq.Expr("now()")},
			History: &grid.Trail{Via: grid.ViaBatch}}); err != nil {
			return err
		}
		if err := tx.Commit(r.Context()); err != nil {
			return err
		}
		rows := make([]grid.Row, len(plan.Changes))
		for i, c := range plan.Changes {
			rows[i] = c.Row
		}
		httpx.Data(w, rows)
		return nil
	}))
	mux.Handle("GET /history/{row}", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		page, err := g.History(r.Context(), db, grid.HistoryQuery{RowID: r.PathValue("row"), Field: r.URL.Query().Get("field")})
		if err != nil {
			return err
		}
		httpx.Data(w, page)
		return nil
	}))
	mux.Handle("POST /export", httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		var req grid.ExportRequest
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		return g.Export(r.Context(), w, db, req, nil, "bench.xlsx")
	}))
	srv := httptest.NewServer(mux)
	b.Cleanup(srv.Close)
	return db, g, srv
}

// BenchmarkGridQuery10k streams 10,000 rows × 40 columns over HTTP and reports when the first
// row and the last row arrived (median of 5).
func BenchmarkGridQuery10k(b *testing.B) {
	_, _, srv := benchServer(b, 10000)
	body := []byte(`{"sort":[{"field":"c38"},{"field":"c20","dir":"desc"}]}`)
	var firsts, lasts []float64
	for s := 0; s < 6; s++ {
		start := time.Now()
		res, err := http.Post(srv.URL+"/stream", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		lines := 0
		var first time.Duration
		for sc.Scan() {
			lines++
			if lines == 2 {
				first = time.Since(start)
			}
		}
		last := time.Since(start)
		res.Body.Close()
		if lines != 10002 {
			b.Fatalf("%d lines", lines)
		}
		if s == 0 {
			continue // warm-up: prepared statements, caches
		}
		firsts = append(firsts, float64(first.Microseconds())/1000)
		lasts = append(lasts, float64(last.Microseconds())/1000)
	}
	b.ReportMetric(benchx.Median(firsts), "grid.query_10k_rows_first_ms:ms")
	b.ReportMetric(benchx.Median(lasts), "grid.query_10k_rows_ms:ms")
}

// BenchmarkGridBatchUpdate1000 sends one batch of 1,000 row updates (3 cells each) over HTTP:
// validation, one transaction, versions checked, the changed cells' history written, rows
// returned (median of 5).
func BenchmarkGridBatchUpdate1000(b *testing.B) {
	db, _, srv := benchServer(b, 5000)
	rows, err := db.Query(context.Background(), `SELECT id::text FROM bench_items ORDER BY c00 LIMIT 1000`)
	if err != nil {
		b.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		b.Fatal(err)
	}
	var times []float64
	for s := 0; s < 6; s++ {
		req := grid.BatchRequest{}
		for i, id := range ids {
			req.Update = append(req.Update, grid.UpdateRow{ID: id, Version: int64(s + 1), Changes: map[string]any{
				"c05": fmt.Sprintf("NEW-%d-%d", s, i), "c21": strconv.Itoa(i + s), "c35": "03/15/2026",
			}})
		}
		body, _ := json.Marshal(req)
		hreq, _ := http.NewRequest("PATCH", srv.URL+"/batch", bytes.NewReader(body))
		hreq.Header.Set("Content-Type", "application/json")
		start := time.Now()
		res, err := http.DefaultClient.Do(hreq)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		elapsed := time.Since(start)
		if res.StatusCode != 200 {
			b.Fatalf("batch: %d", res.StatusCode)
		}
		if s > 0 {
			times = append(times, float64(elapsed.Microseconds())/1000)
		}
	}
	b.ReportMetric(benchx.Median(times), "grid.batch_update_1000_rows_ms:ms")
}

// BenchmarkHistoryRowRead reads the cell history of a row with 1,000 changes (the first page of
// 200, newest first, with the actors' names) over HTTP, from a table holding 200,000 changes of
// other rows, and reports the 95th percentile of 50 reads (one warm-up first).
func BenchmarkHistoryRowRead(b *testing.B) {
	db, _, srv := benchServer(b, 10)
	ctx := context.Background()
	if _, err := db.Exec(ctx, `INSERT INTO cell_history (grid, row_id, old_values, new_values, actor_id, via)
		SELECT 'bench.items', 'other-' || (i % 20000), jsonb_build_object('c' || lpad((i % 40)::text, 2, '0'), i),
			jsonb_build_object('c' || lpad((i % 40)::text, 2, '0'), i + 1), (SELECT id FROM users ORDER BY email LIMIT 1), 'edit'
		FROM generate_series(1, 200000) i`); err != nil {
		b.Fatal(err)
	}
	if _, err := db.Exec(ctx, `INSERT INTO cell_history (grid, row_id, old_values, new_values, actor_id, via)
		SELECT 'bench.items', 'hot', jsonb_build_object('c' || lpad((i % 40)::text, 2, '0'), 'NOTE-' || i),
			jsonb_build_object('c' || lpad((i % 40)::text, 2, '0'), 'NOTE-' || (i + 1)),
			(SELECT id FROM users ORDER BY email LIMIT 1 OFFSET i % 2), (ARRAY['edit','paste','batch'])[1 + i % 3]
		FROM generate_series(1, 1000) i; ANALYZE cell_history`); err != nil {
		b.Fatal(err)
	}
	var times []float64
	for s := 0; s < 51; s++ {
		start := time.Now()
		res, err := http.Get(srv.URL + "/history/hot")
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		elapsed := time.Since(start)
		if res.StatusCode != 200 || n < 10000 {
			b.Fatalf("history: %d, %d bytes", res.StatusCode, n)
		}
		if s > 0 {
			times = append(times, benchx.Ms(elapsed))
		}
	}
	b.ReportMetric(benchx.Percentile(times, 95), "history.row_read_p95_ms:ms")
}

// BenchmarkGridExport100k exports 100,000 rows × 40 columns grouped by a list column, through
// HTTP into a file, and reports the time and the process's peak resident memory above what it
// held before the export (Linux VmHWM, reset first; sampled RSS where the reset is refused).
func BenchmarkGridExport100k(b *testing.B) {
	_, g, srv := benchServer(b, 100000)
	var cols []grid.ExportColumn
	for i := benchCols - 1; i >= 0; i-- { // the client's order, not the schema's
		cols = append(cols, grid.ExportColumn{Field: g.Columns[i].Field})
	}
	body, _ := json.Marshal(grid.ExportRequest{Columns: cols, GroupBy: []string{"c39"}, Sort: []grid.Sort{{Field: "c00"}}})
	out, err := os.CreateTemp(b.TempDir(), "export-*.xlsx")
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()

	runtime.GC()
	debug.FreeOSMemory()
	baseline := rssKB()
	hwmReset := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
	var sampled atomic.Int64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			if r := rssKB(); r > sampled.Load() {
				sampled.Store(r)
			}
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	start := time.Now()
	res, err := http.Post(srv.URL+"/export", "application/json", bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	n, _ := io.Copy(out, res.Body)
	res.Body.Close()
	elapsed := time.Since(start)
	close(stop)
	<-done
	if res.StatusCode != 200 || n < 1<<20 {
		b.Fatalf("export: %d, %d bytes", res.StatusCode, n)
	}
	peak := sampled.Load()
	if hwmReset {
		if h := statusKB("VmHWM:"); h > peak {
			peak = h
		}
	}
	b.ReportMetric(elapsed.Seconds(), "grid.export_xlsx_100k_rows_s:s")
	b.ReportMetric(float64(peak-baseline)/1024, "grid.export_xlsx_100k_peak_mb:MB")
	b.ReportMetric(float64(n)/(1<<20), "grid.export_xlsx_100k_file_mb:MB")
}

func rssKB() int64 { return statusKB("VmRSS:") }

func statusKB(key string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, key) {
			f := strings.Fields(line[len(key):])
			if len(f) > 0 {
				n, _ := strconv.ParseInt(f[0], 10, 64)
				return n
			}
		}
	}
	return 0
}
