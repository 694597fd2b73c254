package assortments_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"its/core/app/apptest"
	"its/core/benchx"
	"its/modules/assortments"
)

// benchPairs reads the style/colours a benchmark's assortment holds (trusted SQL).
func benchPairs(b *testing.B, a *apptest.App, sql string) []map[string]any {
	rows, err := a.DB.Query(b.Context(), sql)
	if err != nil {
		b.Fatal(err)
	}
	defer rows.Close()
	var ps []map[string]any
	for rows.Next() {
		var s, col string
		if err := rows.Scan(&s, &col); err != nil {
			b.Fatal(err)
		}
		ps = append(ps, map[string]any{"style": s, "color": col})
	}
	return ps
}

// BenchmarkAssortmentRows measures reading a 2,000-row assortment end to end (GET over HTTP,
// session, policy, JSON) against the same rows straight from pgx, and a 500-row batch update
// through the pricing rules and row versions.
func BenchmarkAssortmentRows(b *testing.B) {
	a := start(b)
	c := a.Client()
	c.Login("editor@example.com")
	ps := benchPairs(b, a, `SELECT style, color FROM products WHERE product_type <> 'POP' ORDER BY style_numeric, color LIMIT 2000`)
	r := c.Do("POST", "/api/assortments", map[string]any{"title": "Bench 2000", "products": ps})
	if r.Status != 200 {
		b.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	id := r.Body["data"].(map[string]any)["_id"].(string)

	// Timed: the request until the last byte of the answer is read (not the test's decoding).
	// The answer is read into one buffer kept across requests: growing a fresh 3.4 MB slice
	// from nothing costs this client about 5 ms that is no part of the server's answer.
	var body bytes.Buffer
	fetch := func() (time.Duration, []byte) {
		t := time.Now()
		res, err := c.HTTP.Get(a.URL + "/api/assortments/" + id)
		if err != nil {
			b.Fatal(err)
		}
		body.Reset()
		_, err = body.ReadFrom(res.Body)
		res.Body.Close()
		d := time.Since(t)
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("get: %d %v", res.StatusCode, err)
		}
		return d, body.Bytes()
	}
	get := func() (time.Duration, []any) {
		d, raw := fetch()
		var body struct {
			Data struct{ Products []any }
		}
		if err := json.Unmarshal(raw, &body); err != nil || len(body.Data.Products) != 2000 {
			b.Fatalf("get: %d rows, %v", len(body.Data.Products), err)
		}
		return d, body.Data.Products
	}
	raw := func() time.Duration {
		t := time.Now()
		n, err := assortments.ReadRowsRaw(b.Context(), a.DB, id, "US")
		d := time.Since(t)
		if err != nil || n != 2000 {
			b.Fatalf("raw: %d %v", n, err)
		}
		return d
	}
	for i := 0; i < 3; i++ {
		get()
		raw()
	}
	var end2end, sql []float64
	for i := 0; i < 15; i++ {
		d, _ := fetch()
		end2end = append(end2end, benchx.Ms(d))
		sql = append(sql, benchx.Ms(raw()))
	}
	b.ReportMetric(benchx.Median(end2end), "assortments.get_2000_rows_ms:ms")
	b.ReportMetric(benchx.Median(sql), "assortments.get_2000_rows_raw_sql_ms:ms")

	var batch []float64
	for round := 0; round < 5; round++ {
		_, list := get()
		var updates []any
		for i, row := range list[:500] {
			m := row.(map[string]any)
			updates = append(updates, map[string]any{"id": m["id"], "version": m["version"],
				"changes": map[string]any{"cost": fmt.Sprintf("%d.%02d", 20+round, i%100), "quantity": 100 + i, "colorNote": fmt.Sprintf("round %d", round)}})
		}
		t := time.Now()
		r := c.Do("PATCH", "/api/assortments/batch/"+id, map[string]any{"updateProducts": updates})
		d := time.Since(t)
		if r.Status != 200 {
			b.Fatalf("batch: %d %.300s", r.Status, r.Raw)
		}
		batch = append(batch, benchx.Ms(d))
	}
	b.ReportMetric(benchx.Median(batch), "assortments.batch_update_500_ms:ms")
}

// BenchmarkGroupSortMove measures one style move (PATCH groupsort/batch over HTTP: load the
// state, apply the move, write the moved rows, answer the new state) in an assortment of 2,000
// styles with two colours each, grouped by pillar.
func BenchmarkGroupSortMove(b *testing.B) {
	a := start(b)
	c := a.Client()
	c.Login("editor@example.com")
	ps := benchPairs(b, a, `SELECT style, color FROM (SELECT style, color, style_numeric,
		row_number() OVER (PARTITION BY style ORDER BY color) AS n FROM products WHERE product_type <> 'POP') p
		WHERE n <= 2 ORDER BY style_numeric, color LIMIT 4000`)
	r := c.Do("POST", "/api/assortments", map[string]any{"title": "Bench group sort", "products": ps})
	if r.Status != 200 {
		b.Fatalf("create: %d %.300s", r.Status, r.Raw)
	}
	id := r.Body["data"].(map[string]any)["_id"].(string)
	patch := func(version any, batch map[string]any) map[string]any {
		r := c.Do("PATCH", "/api/assortments/groupsort/batch/"+id, map[string]any{"version": version, "batches": []any{batch}})
		if r.Status != 200 {
			b.Fatalf("group sort: %d %.300s", r.Status, r.Raw)
		}
		return r.Body["data"].(map[string]any)
	}
	gs := c.Do("GET", "/api/assortments/groupsort/"+id, nil).Body["data"].(map[string]any)
	gs = patch(gs["version"], map[string]any{"type": "groupBy", "groupBy": "pillar"})
	var styles []string
	nstyles := 0
	for _, g := range gs["groups"].([]any) {
		for _, s := range g.(map[string]any)["styles"].([]any) {
			styles = append(styles, s.(map[string]any)["style"].(string))
			nstyles++
		}
	}
	if nstyles < 1900 {
		b.Fatalf("%d styles", nstyles)
	}
	groups := gs["groups"].([]any)
	var took []float64
	for i := 0; i < 31; i++ {
		// A style from the end to the front of another group, and back: every move crosses groups.
		g := groups[i%(len(groups)-1)].(map[string]any)
		first := g["styles"].([]any)[0].(map[string]any)["style"].(string)
		move := styles[len(styles)-1-i]
		t := time.Now()
		res := patch(gs["version"], map[string]any{"type": "moveStyle", "moves": []any{map[string]any{"item": move, "before": first, "displayGroup": g["id"]}}})
		took = append(took, benchx.Ms(time.Since(t)))
		gs = c.Do("GET", "/api/assortments/groupsort/"+id, nil).Body["data"].(map[string]any)
		if gs["version"] != res["version"] {
			b.Fatalf("version %v, read %v", res["version"], gs["version"])
		}
		groups = gs["groups"].([]any)
	}
	b.ReportMetric(benchx.Median(took), "groupsort.move_p50_ms:ms")
}
