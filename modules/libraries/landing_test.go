package libraries_test

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"its/core/app/apptest"
	"its/modules/libraries"
)

// landingFacets is each library's landing facet and its column.
var landingFacets = map[string][2]string{
	libraries.AdvertisingAsset:     {"assetType", "asset_type"},
	libraries.AdvertisingLogo:      {"category", "category"},
	libraries.GlobalRetailAsset:    {"initiative", "initiative"},
	libraries.GlobalRetailResource: {"assetSubType", "asset_sub_type"},
	libraries.ProductDocument:      {"docType", "doc_type"},
	libraries.StepAsset:            {"assetType", "asset_type"},
}

type tileCount struct {
	value string
	count int
}

// wantTiles counts the Published assets per value of col straight from the table, most first,
// ties by value, the first 12.
func wantTiles(t *testing.T, a *apptest.App, lt, col string) []tileCount {
	t.Helper()
	rows, err := a.DB.Query(context.Background(), `SELECT `+col+`, count(*) FROM library_assets
		WHERE library_type = $1 AND status = 'Published' AND `+col+` <> '' GROUP BY 1`, lt)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []tileCount
	for rows.Next() {
		var c tileCount
		if err := rows.Scan(&c.value, &c.count); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].count != out[j].count {
			return out[i].count > out[j].count
		}
		return out[i].value < out[j].value
	})
	if len(out) > 12 {
		out = out[:12]
	}
	return out
}

func landing(t *testing.T, c *apptest.Client, lt string) map[string]any {
	t.Helper()
	r := c.Do("GET", "/api/assets/landing?libraryType="+lt, nil)
	if r.Status != 200 {
		t.Fatalf("landing %s: %d %s", lt, r.Status, r.Raw)
	}
	return r.Body["data"].(map[string]any)
}

func hasThumbnail(asset map[string]any) bool {
	for _, f := range asset["files"].([]any) {
		if th, _ := f.(map[string]any)["thumbnail"].(string); th != "" {
			return true
		}
	}
	return false
}

func TestLanding(t *testing.T) {
	a := start(t)
	ctx := context.Background()
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := a.DB.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	// More published assets than a browser page holds (500), all of one new type and older than
	// the demo ones, without files: the biggest tile, with no sample.
	exec(`INSERT INTO library_assets (library_type, name, asset_type, category, gender, status, modified_at)
		SELECT 'AdvertisingAsset', 'Trail Runner lookbook page ' || g, 'Lookbook', 'Running', 'Womens', 'Published', now() - interval '400 days' - g * interval '1 minute'
		FROM generate_series(1, 620) g`)
	// Fifteen small values of two assets each: ties broken by value, only 12 tiles in all.
	exec(`INSERT INTO library_assets (library_type, name, asset_type, category, gender, status, modified_at)
		SELECT 'AdvertisingAsset', 'Court Classic banner ' || v || '-' || g, 'Extra ' || lpad(v::text, 2, '0'), 'Court', 'Mens', 'Published', now() - interval '500 days'
		FROM generate_series(1, 15) v, generate_series(1, 2) g`)
	// A draft's value is never a tile, however new; a draft with a picture is never a sample.
	draft := ids(t, a, `library_type = 'AdvertisingAsset' AND status = 'Pending' AND EXISTS (SELECT 1 FROM library_files f WHERE f.asset_id = library_assets.id AND f.thumbnail_key <> '')`)
	if len(draft) < 2 {
		t.Fatalf("%d pending demo assets with pictures", len(draft))
	}
	exec(`UPDATE library_assets SET asset_type = 'Draft Only Type', modified_at = now() WHERE id::text = $1`, draft[0])
	exec(`UPDATE library_assets SET asset_type = 'Social', modified_at = now() + interval '1 hour' WHERE id::text = $1`, draft[1])
	// The newest published Print Ad loses its picture: the tile's sample is the next one with one.
	var newestPrintAd string
	if err := a.DB.QueryRow(ctx, `SELECT id::text FROM library_assets WHERE library_type = 'AdvertisingAsset' AND status = 'Published'
		AND asset_type = 'Print Ad' ORDER BY modified_at DESC, id DESC LIMIT 1`).Scan(&newestPrintAd); err != nil {
		t.Fatal(err)
	}
	exec(`UPDATE library_files SET thumbnail_key = '' WHERE asset_id::text = $1`, newestPrintAd)

	user := login(a, "user")
	for _, lt := range libraries.LibraryTypes {
		d := landing(t, user, lt)
		facet, col := landingFacets[lt][0], landingFacets[lt][1]
		if d["facet"] != facet {
			t.Fatalf("%s facet %v, want %s", lt, d["facet"], facet)
		}
		total := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = $1 AND status = 'Published'`, lt)
		if d["total"] != float64(total) || total == 0 {
			t.Fatalf("%s total %v, want %d", lt, d["total"], total)
		}

		// Tiles: the values with the most Published assets, counted over all of them.
		want := wantTiles(t, a, lt, col)
		tiles := d["tiles"].([]any)
		if len(tiles) != len(want) || len(want) == 0 {
			t.Fatalf("%s: %d tiles, want %d", lt, len(tiles), len(want))
		}
		for i, x := range tiles {
			tile := x.(map[string]any)
			if tile["value"] != want[i].value || tile["count"] != float64(want[i].count) {
				t.Fatalf("%s tile %d: %v %v, want %v", lt, i, tile["value"], tile["count"], want[i])
			}
			sample, _ := tile["sample"].(map[string]any)
			// Published assets of the value with a picture, newer than the sample (or at all).
			newer := `SELECT count(*) FROM library_assets a WHERE a.library_type = $1 AND a.status = 'Published' AND a.` + col + ` = $2
				AND EXISTS (SELECT 1 FROM library_files f WHERE f.asset_id = a.id AND f.thumbnail_key <> '')`
			if sample == nil {
				if n := a.Count(newer, lt, tile["value"]); n != 0 {
					t.Fatalf("%s tile %v has no sample but %d assets with pictures", lt, tile["value"], n)
				}
				continue
			}
			if sample[facet] != tile["value"] || sample["status"] != "Published" || sample["libraryType"] != lt || !hasThumbnail(sample) {
				t.Fatalf("%s tile %v: sample %v", lt, tile["value"], sample)
			}
			if n := a.Count(newer+` AND (a.modified_at, a.id::text) > (SELECT modified_at, id::text FROM library_assets WHERE id::text = $3)`, lt, tile["value"], sample["_id"]); n != 0 {
				t.Fatalf("%s tile %v: %d newer assets with pictures than the sample", lt, tile["value"], n)
			}
		}

		// Recent: the newest Published assets, in GET /api/assets's shape.
		recent := d["recent"].([]any)
		rows, r := list(t, user, "libraryType="+lt+"&limit=6")
		if r.Status != 200 || len(recent) != len(rows) || len(recent) == 0 || len(recent) > 6 {
			t.Fatalf("%s: %d recent, list answers %d (%d)", lt, len(recent), len(rows), r.Status)
		}
		var last string
		for i, x := range recent {
			asset := x.(map[string]any)
			if asset["_id"] != rows[i]["_id"] || asset["status"] != "Published" {
				t.Fatalf("%s recent %d: %v, list has %v", lt, i, asset["_id"], rows[i]["_id"])
			}
			if m := asset["modifiedDate"].(string); last != "" && m > last {
				t.Fatalf("%s recent not newest first: %s after %s", lt, m, last)
			}
			last = asset["modifiedDate"].(string)
			if fmt.Sprint(keys(asset)) != fmt.Sprint(keys(rows[i])) || len(asset["files"].([]any)) != len(rows[i]["files"].([]any)) {
				t.Fatalf("%s recent %d: keys %v, list's %v", lt, i, keys(asset), keys(rows[i]))
			}
			if f := asset["files"].([]any); len(f) > 0 && !strings.Contains(f[0].(map[string]any)["sourceFile"].(string), "/") {
				t.Fatalf("%s recent %d: unsigned file %v", lt, i, f[0])
			}
		}
	}

	// The advertising page as seeded above: counts beyond 500, the draft's type absent.
	d := landing(t, user, libraries.AdvertisingAsset)
	raw := fmt.Sprint(d)
	if strings.Contains(raw, "Draft Only Type") || strings.Contains(raw, draft[1]) {
		t.Fatal("a Pending asset shows on the landing page")
	}
	tiles := d["tiles"].([]any)
	first := tiles[0].(map[string]any)
	if len(tiles) != 12 || first["value"] != "Lookbook" || first["count"] != float64(620) || first["sample"] != nil {
		t.Fatalf("advertising tiles: %d, first %v", len(tiles), first)
	}
	var extras []string
	for _, x := range tiles {
		if v := x.(map[string]any)["value"].(string); strings.HasPrefix(v, "Extra ") {
			extras = append(extras, v)
		}
	}
	if len(extras) == 0 || !slices.IsSorted(extras) || extras[0] != "Extra 01" {
		t.Fatalf("tied tiles not by value: %v", extras)
	}
	for _, x := range tiles {
		tile := x.(map[string]any)
		if tile["value"] == "Print Ad" {
			if s, _ := tile["sample"].(map[string]any); s == nil || s["_id"] == newestPrintAd {
				t.Fatalf("Print Ad sample %v: the newest has no picture", tile["sample"])
			}
		}
	}
	if d["total"].(float64) <= 620 {
		t.Fatalf("total %v", d["total"])
	}

	// Refusals: no or a wrongly spelled library type is a clear 400; an unknown one, or a user
	// without libraries.view, is refused by the policy.
	r := user.Do("GET", "/api/assets/landing", nil)
	if r.Status != 400 || r.Body["message"] != "libraryType is required" {
		t.Fatalf("no libraryType: %d %s", r.Status, r.Raw)
	}
	r = user.Do("GET", "/api/assets/landing?libraryType=advertisingasset", nil)
	if r.Status != 400 || !strings.Contains(fmt.Sprint(r.Body["message"]), "libraryType must be one of AdvertisingAsset") {
		t.Fatalf("misspelled libraryType: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("GET", "/api/assets/landing?libraryType=Sneakers", nil); r.Status != 403 {
		t.Fatalf("unknown libraryType: %d %s", r.Status, r.Raw)
	}
	approver := login(a, "approver")
	for _, q := range []string{"?libraryType=AdvertisingAsset", "?libraryType=StepAsset", ""} {
		if r := approver.Do("GET", "/api/assets/landing"+q, nil); r.Status != 403 {
			t.Fatalf("approver %s: %d %s", q, r.Status, r.Raw)
		}
	}
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
