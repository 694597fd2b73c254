package assortments_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/assortments"
	"its/modules/products"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t testing.TB) *apptest.App {
	return apptest.Start(t, fx.Options(users.Module, products.Module, assortments.Module))
}

func login(a *apptest.App, email string) *apptest.Client {
	c := a.Client()
	c.Login(email)
	return c
}

func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }
func arr(v any) []any          { s, _ := v.([]any); return s }
func num(v any) float64        { f, _ := v.(float64); return f }
func str(v any) string         { s, _ := v.(string); return s }

// pairs picks n catalog style/colours matching where (trusted SQL on products p).
func pairs(t *testing.T, a *apptest.App, n int, where string) []map[string]any {
	t.Helper()
	rows, err := a.DB.Query(context.Background(), `SELECT style, color FROM products p WHERE `+where+` ORDER BY style_numeric DESC, color LIMIT $1`, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []map[string]any
	for rows.Next() {
		var s, c string
		if err := rows.Scan(&s, &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, map[string]any{"style": s, "color": c})
	}
	if len(out) != n {
		t.Fatalf("only %d catalog rows for %s", len(out), where)
	}
	return out
}

func create(t *testing.T, c *apptest.Client, body map[string]any) map[string]any {
	t.Helper()
	r := c.Do("POST", "/api/assortments", body)
	d := r.Data(t, 200)
	if want := "Assortment Created"; body["type"] != "folder" && r.Body["message"] != want {
		t.Fatalf("message %v, want %q", r.Body["message"], want)
	}
	return d
}

func rowsOf(t *testing.T, c *apptest.Client, id string) []map[string]any {
	t.Helper()
	d := c.Do("GET", "/api/assortments/"+id, nil).Data(t, 200)
	var out []map[string]any
	for _, r := range arr(d["products"]) {
		out = append(out, obj(r))
	}
	return out
}

func byStyleColor(rows []map[string]any, style, color string) map[string]any {
	for _, r := range rows {
		if r["style"] == style && r["color"] == color {
			return r
		}
	}
	return nil
}

func details(r *apptest.Response) []map[string]any {
	var out []map[string]any
	for _, d := range arr(r.Body["details"]) {
		out = append(out, obj(d))
	}
	return out
}

func ndjson(t *testing.T, r *apptest.Response) []map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Raw)
	}
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(r.Raw))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("bad line %q", sc.Text())
		}
		out = append(out, m)
	}
	return out
}

func titles(items []any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, it := range items {
		out[str(obj(it)["title"])] = obj(it)
	}
	return out
}

func listView(t *testing.T, c *apptest.Client, query string) []any {
	t.Helper()
	return arr(c.Do("GET", "/api/assortments?"+query, nil).Data(t, 200)["items"])
}

// TestAssortments runs the module's behaviour on one app (the 50,000-row catalog is the slow
// part of a start); every subtest makes the assortments it changes.
// env is a fresh app and the four users the tests act as, logged in.
type env struct {
	app                           *apptest.App
	editor, senior, manager, user *apptest.Client
}

// setup starts a fresh app for one capability's test, so that a failure leaves the others'
// data alone.
func setup(t *testing.T) env {
	a := start(t)
	return env{app: a, editor: login(a, "editor@example.com"), senior: login(a, "seniorEditor@example.com"),
		manager: login(a, "manager@example.com"), user: login(a, "user@example.com")}
}
