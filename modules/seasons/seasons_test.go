package seasons_test

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/seasons"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func login(a *apptest.App, role string) *apptest.Client {
	c := a.Client()
	c.Login(role + "@example.com")
	return c
}

func list(t *testing.T, c *apptest.Client, path string) []map[string]any {
	t.Helper()
	r := c.Do("GET", path, nil)
	if r.Status != 200 {
		t.Fatalf("GET %s: %d %s", path, r.Status, r.Raw)
	}
	var out []map[string]any
	for _, x := range r.Body["data"].([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

// uploadCover sends a JPEG through the real multipart upload as the season's cover.
func uploadCover(t *testing.T, a *apptest.App, c *apptest.Client, year, season, channel string, body []byte) *apptest.Response {
	t.Helper()
	r := c.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": "my cover.jpg", "fileSize": len(body), "usageType": seasons.UploadCover,
		"year": year, "season": season, "channel": channel})
	if r.Status != 200 {
		return r
	}
	d := r.Body["data"].(map[string]any)
	put, _ := http.NewRequest(http.MethodPut, a.URL+d["urls"].([]any)[0].(string), bytes.NewReader(body))
	res, err := http.DefaultClient.Do(put)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("part: %v %v", err, res)
	}
	res.Body.Close()
	return c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{res.Header.Get("ETag")}})
}

func jpegOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, h/2, color.RGBA{200, 0, 0, 255})
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDemoSeasons: three years of every season code in both channels, archived, live and in
// preparation, each with its season sets and a cover whose preview is there.
func TestDemoSeasons(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, seasons.Module))
	boss := login(a, "adminEditor")
	all := list(t, boss, "/api/assortmentSeasons/Wholesale")
	if len(all) != 12 {
		t.Fatalf("wholesale demo seasons: %d", len(all))
	}
	if first := all[0]; first["year"] != 2027.0 || first["season"] != "SP" || first["state"] != "Preparation" || len(first["seasonSets"].([]any)) != 3 {
		t.Fatalf("first season: %v", first)
	}
	for _, s := range all {
		if s["sourceFile"] != fmt.Sprintf("seasons/%v/%v/Wholesale/sourceFile.jpg", s["year"], s["season"]) || s["previewJpgUrl"] == nil {
			t.Fatalf("demo cover: %v", s)
		}
	}
	live := list(t, boss, "/api/assortmentSeasons/Retail/live")
	if len(live) != 4 || live[0]["year"] != 2026.0 || live[0]["seasonSetId"] == "" {
		t.Fatalf("live retail seasons: %v", live)
	}
	if got := list(t, boss, "/api/assortmentSeasons/all/2025"); len(got) != 8 || got[0]["state"] != "Archived" {
		t.Fatalf("2025: %d", len(got))
	}
	// The preview answers a real JPEG of the preview size.
	res, err := http.Get(a.URL + all[0]["previewJpgUrl"].(string))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("preview: %v %v", err, res)
	}
	cfg, err := jpeg.DecodeConfig(res.Body)
	res.Body.Close()
	if err != nil || cfg.Width != seasons.PreviewSize {
		t.Fatalf("preview %+v %v", cfg, err)
	}
	for _, bad := range []string{"/api/assortmentSeasons/Outlet", "/api/assortmentSeasons/Wholesale/soon", "/api/assortmentSeasons/Wholesale/1999"} {
		if r := boss.Do("GET", bad, nil); r.Status != 400 {
			t.Fatalf("GET %s: %d %s", bad, r.Status, r.Raw)
		}
	}
}

// TestSeasonLifecycle: an admin editor creates a season with its sets ('Season created
// succesfully'), is refused a duplicate and bad fields, uploads its cover (the preview appears),
// changes its sets with the version, sets it Live with a set, and deletes it; the others may not.
func TestSeasonLifecycle(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, seasons.Module))
	boss, user, editor := login(a, "adminEditor"), login(a, "user"), login(a, "editor")
	body := map[string]any{"season": "fa", "year": 2028, "channel": "Wholesale", "seasonSets": []any{
		map[string]any{"shortName": "WHS-DOM", "productType": "Footwear", "region": "Domestic"},
		map[string]any{"shortName": "WHS-INT", "region": "International", "method": "dynamic"},
	}}
	if r := user.Do("POST", "/api/assortmentSeasons", body); r.Status != 403 {
		t.Fatalf("a user created a season: %d", r.Status)
	}
	if r := editor.Do("GET", "/api/assortmentSeasons/Wholesale", nil); r.Status != 403 {
		t.Fatalf("an editor without internal assortments read seasons: %d", r.Status)
	}
	r := boss.Do("POST", "/api/assortmentSeasons", body)
	s := r.Data(t, 201)
	if r.Body["message"] != "Season created succesfully" || s["season"] != "FA" || s["state"] != "Preparation" || s["sourceFile"] != "" {
		t.Fatalf("created: %s", r.Raw)
	}
	id := s["_id"].(string)
	sets := s["seasonSets"].([]any)
	if len(sets) != 2 || sets[1].(map[string]any)["productType"] != "All" || sets[1].(map[string]any)["orgType"] != "internal" {
		t.Fatalf("sets: %v", sets)
	}
	if r := boss.Do("POST", "/api/assortmentSeasons", body); r.Status != 409 {
		t.Fatalf("duplicate season: %d %s", r.Status, r.Raw)
	}
	bad := map[string]any{"season": "WI", "year": 1990, "channel": "Outlet", "seasonSets": []any{
		map[string]any{"shortName": "A", "region": "Mars"}, map[string]any{"shortName": "a", "region": "Domestic"},
	}}
	r = boss.Do("POST", "/api/assortmentSeasons", bad)
	if r.Status != 400 || len(r.Body["details"].([]any)) != 5 {
		t.Fatalf("bad season: %d %s", r.Status, r.Raw)
	}
	if n := a.Count(`SELECT count(*) FROM assortment_seasons WHERE year IN (1990, 2028)`); n != 1 {
		t.Fatalf("%d seasons after the refusals", n)
	}

	// The cover: refused to a user, filed in the season's folder, previewed by a job.
	if r := uploadCover(t, a, user, "2028", "FA", "Wholesale", jpegOf(t, 1000, 500)); r.Status != 403 {
		t.Fatalf("a user uploaded a cover: %d", r.Status)
	}
	r = uploadCover(t, a, boss, "2028", "FA", "Wholesale", jpegOf(t, 1000, 500))
	if r.Status != 200 {
		t.Fatalf("cover: %d %s", r.Status, r.Raw)
	}
	deadline := time.Now().Add(20 * time.Second)
	for a.Count(`SELECT count(*) FROM assortment_seasons WHERE id = $1 AND preview_jpg = 'seasons/2028/FA/Wholesale/preview.jpg'
		AND source_file = 'seasons/2028/FA/Wholesale/sourceFile.jpg'`, id) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("the cover's preview was not drawn")
		}
		time.Sleep(50 * time.Millisecond)
	}
	s = boss.Do("GET", "/api/assortmentSeasons/"+id, nil).Data(t, 200)
	res, err := http.Get(a.URL + s["previewJpgUrl"].(string))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("preview: %v %v", err, res)
	}
	cfg, err := jpeg.DecodeConfig(res.Body)
	res.Body.Close()
	if err != nil || cfg.Width != seasons.PreviewSize || cfg.Height != seasons.PreviewSize/2 {
		t.Fatalf("preview %+v %v", cfg, err)
	}

	// Sets change with the current version only; a set keeps its id.
	version := s["version"]
	keep := s["seasonSets"].([]any)[0].(map[string]any)
	change := map[string]any{"version": version, "seasonSets": []any{
		map[string]any{"_id": keep["_id"], "shortName": "WHS-DOM-FW", "productType": "Footwear", "region": "Domestic"},
		map[string]any{"shortName": "WHS-EU", "region": "Europe"},
	}}
	s = boss.Do("PATCH", "/api/assortmentSeasons/"+id, change).Data(t, 200)
	first := s["seasonSets"].([]any)[0].(map[string]any)
	if first["_id"] != keep["_id"] || first["shortName"] != "WHS-DOM-FW" || len(s["seasonSets"].([]any)) != 2 {
		t.Fatalf("changed sets: %v", s["seasonSets"])
	}
	if r := boss.Do("PATCH", "/api/assortmentSeasons/"+id, change); r.Status != 409 {
		t.Fatalf("stale version: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("PATCH", "/api/assortmentSeasons/"+id, map[string]any{"seasonSets": []any{}}); r.Status != 403 {
		t.Fatalf("a user changed sets: %d", r.Status)
	}

	// State: Live with one of its sets; a set of another season or a bad state changes nothing.
	setID := first["_id"].(string)
	if r := user.Do("PATCH", "/api/assortmentSeasons/"+id+"/"+setID, map[string]any{"state": "Live"}); r.Status != 403 {
		t.Fatalf("a user set the state: %d", r.Status)
	}
	if r := boss.Do("PATCH", "/api/assortmentSeasons/"+id+"/"+setID, map[string]any{"state": "Soon"}); r.Status != 400 {
		t.Fatalf("bad state: %d %s", r.Status, r.Raw)
	}
	other := list(t, boss, "/api/assortmentSeasons/Retail")[0]["seasonSets"].([]any)[0].(map[string]any)["_id"].(string)
	if r := boss.Do("PATCH", "/api/assortmentSeasons/"+id+"/"+other, map[string]any{"state": "Live"}); r.Status != 404 {
		t.Fatalf("another season's set: %d %s", r.Status, r.Raw)
	}
	s = boss.Do("PATCH", "/api/assortmentSeasons/"+id+"/"+setID, map[string]any{"state": "live"}).Data(t, 200)
	if s["state"] != "Live" || s["seasonSetId"] != setID {
		t.Fatalf("live: %v", s)
	}
	if got := list(t, boss, "/api/assortmentSeasons/Wholesale/2028"); len(got) != 1 || got[0]["state"] != "Live" {
		t.Fatalf("2028 wholesale: %v", got)
	}

	// Delete: the season, its sets and its cover go.
	if r := user.Do("DELETE", "/api/assortmentSeasons/"+id, nil); r.Status != 403 {
		t.Fatalf("a user deleted: %d", r.Status)
	}
	boss.Do("DELETE", "/api/assortmentSeasons/"+id, nil).Data(t, 200)
	if r := boss.Do("GET", "/api/assortmentSeasons/"+id, nil); r.Status != 404 {
		t.Fatalf("deleted season: %d", r.Status)
	}
	if r, _ := http.Get(a.URL + s["previewJpgUrl"].(string)); r == nil || r.StatusCode != 404 {
		t.Fatalf("the preview outlived its season: %v", r)
	}
	if n := a.Count(`SELECT count(*) FROM assortment_season_sets WHERE season_id::text = $1`, id); n != 0 {
		t.Fatalf("%d sets outlived their season", n)
	}
}

// TestExport: Manage Seasons' grid of a channel as xlsx and csv, in the page's columns, filters
// and sort, for those who manage seasons; a bad channel or column is a 400 and others are refused.
func TestExport(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, seasons.Module))
	boss, user := login(a, "adminEditor"), login(a, "user")
	name := regexp.MustCompile(`filename="Seasons_Wholesale_\d{4}-\d{2}-\d{2}\.(xlsx|csv)"`)
	body := map[string]any{"columns": []map[string]string{{"field": "season"}, {"field": "year", "headerName": "Year"}, {"field": "state"}, {"field": "setNames"}},
		"filters": map[string]any{"state": "Live"}, "sort": []map[string]string{{"field": "year", "dir": "desc"}, {"field": "season"}}}
	want := list(t, boss, "/api/assortmentSeasons/Wholesale/live")
	slices.SortStableFunc(want, func(x, y map[string]any) int {
		if c := cmp.Compare(y["year"].(float64), x["year"].(float64)); c != 0 {
			return c
		}
		return cmp.Compare(x["season"].(string), y["season"].(string))
	})
	for _, format := range []string{"xlsx", "csv"} {
		rows := boss.Exported(t, "/api/assortmentSeasons/Wholesale/export/"+format, format, name, body)
		if !slices.Equal(rows[0], []string{"Season", "Year", "State", "Season sets"}) || len(rows) != len(want)+1 || len(want) == 0 {
			t.Fatalf("%s: %d rows, %d live seasons: %q", format, len(rows)-1, len(want), rows[0])
		}
		for i, s := range want {
			var sets []string
			for _, x := range s["seasonSets"].([]any) {
				sets = append(sets, x.(map[string]any)["shortName"].(string))
			}
			if got, w := rows[i+1], []string{s["season"].(string), fmt.Sprint(s["year"]), "Live", strings.Join(sets, ", ")}; !slices.Equal(got, w) {
				t.Fatalf("%s row %d: %q, want %q", format, i+1, got, w)
			}
		}
	}
	for path, status := range map[string]int{
		"/api/assortmentSeasons/Outlet/export/xlsx":    400,
		"/api/assortmentSeasons/Wholesale/export/xlsx": 403, // a plain user
	} {
		c := boss
		if status == 403 {
			c = user
		}
		if r := c.Do("POST", path, body); r.Status != status {
			t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
	if r := boss.Do("POST", "/api/assortmentSeasons/Wholesale/export/csv", map[string]any{"columns": []map[string]string{{"field": "sourceFile"}}}); r.Status != 400 {
		t.Fatalf("an unknown column: %d %s", r.Status, r.Raw)
	}
}

// TestSeasonsLive: creating, changing and deleting a season tells the seasons' live topic in
// the write's transaction (ids and fields, no value); a user who may not read seasons is
// answered 404 by the stream.
func TestSeasonsLive(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, seasons.Module))
	boss, editor := login(a, "adminEditor"), login(a, "editor")
	if r := boss.Do("GET", "/api/live/seasons:all?once=1", nil); r.Status != 200 {
		t.Fatalf("the seasons' stream for a reader: %d %s", r.Status, r.Raw)
	}
	if r := editor.Do("GET", "/api/live/seasons:all?once=1", nil); r.Status != 404 {
		t.Fatalf("the seasons' stream for an editor without seasons: %d %s", r.Status, r.Raw)
	}
	last := func() (added, updated, deleted, fields string) {
		t.Helper()
		if err := a.DB.QueryRow(t.Context(), `SELECT array_to_string(added, ','), array_to_string(updated, ','), array_to_string(deleted, ','), array_to_string(fields, ',')
			FROM live_events WHERE topic = 'seasons:all' ORDER BY id DESC LIMIT 1`).Scan(&added, &updated, &deleted, &fields); err != nil {
			t.Fatal(err)
		}
		return
	}
	s := boss.Do("POST", "/api/assortmentSeasons", map[string]any{"season": "SP", "year": 2029, "channel": "Wholesale",
		"seasonSets": []any{map[string]any{"shortName": "LIVE-DOM", "region": "Domestic"}}}).Data(t, 201)

	id := s["_id"].(string)
	if ad, _, _, _ := last(); ad != id {
		t.Fatalf("create: added %q, want %s", ad, id)
	}
	set := s["seasonSets"].([]any)[0].(map[string]any)["_id"].(string)
	boss.Do("PATCH", "/api/assortmentSeasons/"+id+"/"+set, map[string]any{"state": "Live"}).Data(t, 200)
	if _, up, _, f := last(); up != id || f != "state,seasonSetId" {
		t.Fatalf("state: updated %q fields %q", up, f)
	}
	if r := boss.Do("DELETE", "/api/assortmentSeasons/"+id, nil); r.Status != 200 {
		t.Fatalf("delete: %d %s", r.Status, r.Raw)
	}
	if _, _, del, _ := last(); del != id {
		t.Fatalf("delete: deleted %q", del)
	}
}
