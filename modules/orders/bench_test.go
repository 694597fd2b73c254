package orders_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"testing"
	"time"

	"its/modules/orders"
)

func quantile(xs []float64, q float64) float64 {
	sort.Float64s(xs)
	return xs[int(q*float64(len(xs)-1)+0.5)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// BenchmarkOrders measures, over more than 100,000 order lines: a list page (the user's active
// sample orders, end to end over HTTP), a 200-line batch update and a submit.
func BenchmarkOrders(b *testing.B) {
	a := start(b)
	ctx := context.Background()
	tx, err := a.DB.Begin(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if err := orders.BulkOrders(ctx, tx, 25000, 4); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := a.DB.Exec(ctx, `ANALYZE orders; ANALYZE order_lines`); err != nil {
		b.Fatal(err)
	}
	if n := a.Count(`SELECT count(*) FROM order_lines`); n < 100000 {
		b.Fatalf("only %d lines", n)
	}
	user := login(a, "user")
	var body bytes.Buffer
	base, _ := url.Parse(a.URL)
	csrf := ""
	for _, c := range user.HTTP.Jar.Cookies(base) {
		if c.Name == "its_csrf" {
			csrf = c.Value
		}
	}
	list := func() time.Duration {
		req, err := http.NewRequest("POST", a.URL+"/api/orders/sample/active-orders/query", bytes.NewReader([]byte(`{}`)))
		if err != nil {
			b.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-CSRF-Token", csrf)
		t := time.Now()
		res, err := user.HTTP.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		body.Reset()
		_, err = body.ReadFrom(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			b.Fatalf("list: %d %v %s", res.StatusCode, err, body.Bytes())
		}
		return time.Since(t)
	}
	for i := 0; i < 3; i++ {
		list()
	}
	var lists []float64
	for i := 0; i < 40; i++ {
		lists = append(lists, ms(list()))
	}
	b.ReportMetric(quantile(lists, 0.95), "orders.query_p95_ms:ms")

	// A 200-line draft of the user's, updated five times.
	ps := pairs(b, a, 200)
	var products []map[string]any
	for _, p := range ps {
		products = append(products, map[string]any{"style": p[0], "color": p[1]})
	}
	r := user.Do("POST", "/api/orders/sample/active-orders", map[string]any{"products": products})
	if r.Status != 201 {
		b.Fatalf("create: %d %.300s", r.Status, r.Raw)
	}
	o := data(b, r)
	id := o["_id"].(string)
	lines := o["products"].([]any)
	var batches []float64
	for round := 0; round < 5; round++ {
		var updates []any
		for i, l := range lines {
			m := l.(map[string]any)
			updates = append(updates, map[string]any{"id": m["id"], "version": m["version"],
				"changes": map[string]any{"size": fmt.Sprintf("%d.5", 5+(i+round)%8), "quantity": 1 + (i+round)%9}})
		}
		t := time.Now()
		r := user.Do("PATCH", "/api/orders/sample/active-orders/batch/"+id, map[string]any{"updateProducts": updates})
		batches = append(batches, ms(time.Since(t)))
		if r.Status != 200 {
			b.Fatalf("batch: %d %.300s", r.Status, r.Raw)
		}
		lines = append([]any(nil), data(b, r)["updated"].([]any)...)
	}
	b.ReportMetric(quantile(batches, 0.5), "orders.batch_update_200_lines_ms:ms")

	// Submits of ten-line drafts, each with its coordinator notification and e-mail.
	var submits []float64
	for i := 0; i < 7; i++ {
		r := user.Do("POST", "/api/orders/sample/active-orders", map[string]any{"coordinatorCode": "CRD001", "products": products[:10]})
		if r.Status != 201 {
			b.Fatalf("create: %d %.300s", r.Status, r.Raw)
		}
		o := data(b, r)
		t := time.Now()
		s := user.Do("PATCH", "/api/orders/sample/active-orders/batch/"+o["_id"].(string), map[string]any{"version": o["version"], "submit": true})
		submits = append(submits, ms(time.Since(t)))
		if s.Status != 200 {
			b.Fatalf("submit: %d %.300s", s.Status, s.Raw)
		}
	}
	b.ReportMetric(quantile(submits, 0.5), "orders.submit_p50_ms:ms")
}
