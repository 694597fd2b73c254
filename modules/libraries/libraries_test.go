package libraries_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/libraries"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func start(t testing.TB) *apptest.App {
	return apptest.Start(t, fx.Options(users.Module, libraries.Module))
}

func login(a *apptest.App, role string) *apptest.Client {
	c := a.Client()
	c.Login(role + "@example.com")
	return c
}

func list(t *testing.T, c *apptest.Client, query string) ([]map[string]any, *apptest.Response) {
	t.Helper()
	r := c.Do("GET", "/api/assets?"+query, nil)
	var out []map[string]any
	if d, ok := r.Body["data"].(map[string]any); ok {
		for _, x := range d["rows"].([]any) {
			out = append(out, x.(map[string]any))
		}
	}
	return out, r
}

func fetch(t *testing.T, a *apptest.App, u string) (int, []byte) {
	t.Helper()
	if strings.HasPrefix(u, "/") {
		u = a.URL + u
	}
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

func TestDemoLibraries(t *testing.T) {
	a := start(t)
	for _, lt := range libraries.LibraryTypes {
		if n := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = $1`, lt); n != libraries.DemoPerLibrary {
			t.Errorf("%s: %d demo assets", lt, n)
		}
	}
	// Every published demo asset is valid for publishing and its files are in the blob store.
	c := login(a, "editor")
	assets, r := list(t, c, "libraryType=AdvertisingAsset&limit=3")
	if r.Status != 200 || len(assets) != 3 {
		t.Fatalf("list: %d %s", r.Status, r.Raw)
	}
	f := assets[0]["files"].([]any)[0].(map[string]any)
	status, body := fetch(t, a, f["sourceFile"].(string))
	if status != 200 || !bytes.HasPrefix(body, []byte{0xff, 0xd8, 0xff}) {
		t.Fatalf("demo image: %d %d bytes", status, len(body))
	}
	if _, _, err := image.Decode(bytes.NewReader(body)); err != nil {
		t.Fatalf("demo image does not decode: %v", err)
	}
	if status, _ := fetch(t, a, f["thumbnail"].(string)); status != 200 {
		t.Fatalf("demo thumbnail: %d", status)
	}
}

func TestListRules(t *testing.T) {
	a := start(t)
	user, editor := login(a, "user"), login(a, "editor")

	t.Run("browsing shows only Published, newest first", func(t *testing.T) {
		assets, r := list(t, user, "libraryType=GlobalRetailAsset&limit=500")
		if r.Status != 200 {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
		want := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'GlobalRetailAsset' AND status = 'Published'`)
		total := r.Body["data"].(map[string]any)["totalCount"]
		if len(assets) != want || total != float64(want) || r.Body["totalCount"] != nil {
			t.Fatalf("got %d assets, %v total in data (%v outside); want %d", len(assets), total, r.Body["totalCount"], want)
		}
		var dates []string
		for _, x := range assets {
			if x["status"] != "Published" {
				t.Fatalf("browse shows a %v asset", x["status"])
			}
			dates = append(dates, x["modifiedDate"].(string))
		}
		if !sort.IsSorted(sort.Reverse(sort.StringSlice(dates))) {
			t.Fatal("not sorted by -modifiedDate")
		}
		if _, r := list(t, user, "libraryType=GlobalRetailAsset&status=Pending"); r.Status != 403 {
			t.Fatalf("user reading Pending: %d", r.Status)
		}
		pending, r := list(t, editor, "libraryType=GlobalRetailAsset&status=Pending")
		if r.Status != 200 || len(pending) == 0 || pending[0]["status"] != "Pending" {
			t.Fatalf("editor reading Pending: %d %d", r.Status, len(pending))
		}
	})

	t.Run("filters", func(t *testing.T) {
		assets, r := list(t, user, "libraryType=AdvertisingAsset&category=Running,Work&gender=Womens")
		if r.Status != 200 || len(assets) == 0 {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
		for _, x := range assets {
			if (x["category"] != "Running" && x["category"] != "Work") || x["gender"] != "Womens" {
				t.Fatalf("filter let through %v %v", x["category"], x["gender"])
			}
		}
		if _, r := list(t, user, "libraryType=AdvertisingLogo&gender=Mens"); r.Status != 400 {
			t.Fatalf("filter not in the library's bar: %d", r.Status)
		}
		if _, r := list(t, user, "libraryType=Nope"); r.Status != 403 && r.Status != 400 {
			t.Fatalf("unknown library: %d", r.Status)
		}
		if _, r := list(t, user, "status=Published"); r.Status != 400 {
			t.Fatalf("no libraryType: %d", r.Status)
		}
	})

	t.Run("permissions", func(t *testing.T) {
		approver := login(a, "approver")
		if _, r := list(t, approver, "libraryType=AdvertisingAsset"); r.Status != 403 {
			t.Fatalf("approver browsing: %d", r.Status)
		}
		if _, r := list(t, a.Client(), "libraryType=AdvertisingAsset"); r.Status != 401 {
			t.Fatalf("anonymous browsing: %d", r.Status)
		}
	})
}

func ids(t *testing.T, a *apptest.App, where string, args ...any) []string {
	t.Helper()
	rows, err := a.DB.Query(context.Background(), `SELECT id::text FROM library_assets WHERE `+where+` ORDER BY id`, args...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBatchPublishValidity(t *testing.T) {
	a := start(t)
	editor, user := login(a, "editor"), login(a, "user")
	published := func() int { return a.Count(`SELECT count(*) FROM library_assets WHERE status = 'Published'`) }

	t.Run("incomplete assets cannot be published", func(t *testing.T) {
		cases := map[string][]string{
			"AdvertisingAsset":  {"category", "category"},
			"AdvertisingLogo":   {"category", "category"},
			"ProductDocument":   {"docType", "doc_type"},
			"StepAsset":         {"assetType", "asset_type"},
			"GlobalRetailAsset": {"assetType", "asset_type"},
		}
		for lt, missing := range cases {
			incomplete := ids(t, a, `library_type = $1 AND status = 'Pending' AND `+missing[1]+` = ''`, lt)
			if len(incomplete) == 0 {
				t.Fatalf("%s: no incomplete demo draft", lt)
			}
			before := published()
			r := editor.Do("PATCH", "/api/assets/"+lt+"/batch/many", map[string]any{"_ids": incomplete[:1], "status": "Published"})
			if r.Status != 400 || !strings.Contains(r.Body["message"].(string), "missing "+missing[0]) {
				t.Fatalf("%s: %d %s", lt, r.Status, r.Raw)
			}
			if published() != before {
				t.Fatalf("%s: a refused publish changed statuses", lt)
			}
		}
	})

	t.Run("marketing image needs begin and expire dates", func(t *testing.T) {
		id := ids(t, a, `library_type = 'AdvertisingAsset' AND status = 'Pending' AND category <> ''`)[0]
		r := editor.Do("PATCH", "/api/assets/AdvertisingAsset/batch/many", map[string]any{"_ids": []string{id}, "status": "Published",
			"set": map[string]any{"assetType": "Marketing Image", "beginDate": "2026-03-01", "expireDate": nil}})
		if r.Status != 400 || !strings.Contains(r.Body["message"].(string), "expireDate") {
			t.Fatalf("%d %s", r.Status, r.Raw)
		}
		r = editor.Do("PATCH", "/api/assets/AdvertisingAsset/batch/many", map[string]any{"_ids": []string{id}, "status": "Published",
			"set": map[string]any{"assetType": "Marketing Image", "beginDate": "2026-03-01", "expireDate": "2026-02-01"}})
		if r.Status != 400 {
			t.Fatalf("expire before begin: %d", r.Status)
		}
		r = editor.Do("PATCH", "/api/assets/AdvertisingAsset/batch/many", map[string]any{"_ids": []string{id}, "status": "Published",
			"set": map[string]any{"assetType": "Marketing Image", "beginDate": "2026-03-01", "expireDate": "2026-09-01"}})
		if r.Status != 200 {
			t.Fatalf("valid marketing image: %d %s", r.Status, r.Raw)
		}
		got := r.Body["data"].([]any)[0].(map[string]any)
		if got["status"] != "Published" || got["expireDate"] != "2026-09-01" {
			t.Fatalf("published: %v", got)
		}
	})

	t.Run("status moves and required fields", func(t *testing.T) {
		pub := ids(t, a, `library_type = 'StepAsset' AND status = 'Published'`)[:3]
		r := editor.Do("PATCH", "/api/assets/StepAsset/batch/many", map[string]any{"_ids": pub, "status": "Unpublished"})
		if r.Status != 200 || a.Count(`SELECT count(*) FROM library_assets WHERE id::text = ANY($1) AND status = 'Unpublished'`, pub) != 3 {
			t.Fatalf("unpublish: %d %s", r.Status, r.Raw)
		}
		r = editor.Do("PATCH", "/api/assets/StepAsset/batch/many", map[string]any{"_ids": pub, "set": map[string]any{"lang": ""}})
		if r.Status != 400 || !strings.Contains(r.Body["message"].(string), "lang cannot be cleared") {
			t.Fatalf("clearing a required field: %d %s", r.Status, r.Raw)
		}
		r = editor.Do("PATCH", "/api/assets/StepAsset/batch/many", map[string]any{"_ids": pub, "set": map[string]any{"password": "x"}})
		if r.Status != 400 {
			t.Fatalf("unknown field: %d", r.Status)
		}
		other := ids(t, a, `library_type = 'AdvertisingLogo'`)[:1]
		r = editor.Do("PATCH", "/api/assets/StepAsset/batch/many", map[string]any{"_ids": append(pub[:1], other...), "status": "Deleted"})
		if r.Status != 400 || a.Count(`SELECT count(*) FROM library_assets WHERE id::text = $1 AND status = 'Deleted'`, pub[0]) != 0 {
			t.Fatalf("mixed libraries: %d, and nothing may change", r.Status)
		}
		if r := user.Do("PATCH", "/api/assets/StepAsset/batch/many", map[string]any{"_ids": pub, "status": "Published"}); r.Status != 403 {
			t.Fatalf("plain user managing: %d", r.Status)
		}
		if r := editor.Do("PATCH", "/api/assets/StepAsset/batch/many", map[string]any{"_ids": pub}); r.Status != 400 {
			t.Fatalf("empty request: %d", r.Status)
		}
	})
}

func jpegBody(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 900, 600))
	for y := 0; y < 600; y++ {
		for x := 0; x < 900; x++ {
			img.Set(x, y, color.RGBA{uint8(x / 4), uint8(y / 3), 120, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestUploadIntoLibrary(t *testing.T) {
	a := start(t)
	editor, user := login(a, "editor"), login(a, "user")
	body := jpegBody(t)
	req := map[string]any{"filename": "Fall 26 Trail Window.jpg", "fileSize": len(body), "usageType": "libraryAsset", "libraryType": "GlobalRetailAsset"}

	if r := user.Do("POST", "/api/upload/aws/s3/create", req); r.Status != 403 {
		t.Fatalf("plain user uploading into a library: %d", r.Status)
	}
	r := editor.Do("POST", "/api/assets/GlobalRetailAsset/check-filename", map[string]any{"filename": "Fall 26 Trail Window.jpg"})
	if r.Status != 200 || r.Body["message"] != "Success" || r.Body["data"].(map[string]any)["asset"] != nil {
		t.Fatalf("check new filename: %d %s", r.Status, r.Raw)
	}
	r = editor.Do("POST", "/api/upload/aws/s3/create", req)
	if r.Status != 200 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	d := r.Body["data"].(map[string]any)
	if d["key"] != "uploads/GlobalRetailAsset/Fall 26 Trail Window.jpg" {
		t.Fatalf("key %v", d["key"])
	}
	u := d["urls"].([]any)[0].(string)
	put, _ := http.NewRequest(http.MethodPut, a.URL+u, bytes.NewReader(body))
	res, err := http.DefaultClient.Do(put)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("part: %v %v", err, res)
	}
	res.Body.Close()
	r = editor.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{res.Header.Get("ETag")}})
	if r.Status != 200 {
		t.Fatalf("complete: %d %s", r.Status, r.Raw)
	}
	assetID := r.Body["data"].(map[string]any)["result"].(map[string]any)["asset"].(map[string]any)["_id"].(string)
	if a.Count(`SELECT count(*) FROM library_assets WHERE id = $1 AND status = 'Pending' AND library_type = 'GlobalRetailAsset'`, assetID) != 1 {
		t.Fatal("no Pending asset for the upload")
	}

	// The preview job measures the image and draws its thumbnail.
	deadline := time.Now().Add(15 * time.Second)
	for a.Count(`SELECT count(*) FROM library_files WHERE asset_id = $1 AND width = 900 AND height = 600 AND thumbnail_key <> ''`, assetID) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("no thumbnail")
		}
		time.Sleep(50 * time.Millisecond)
	}
	r = editor.Do("POST", "/api/assets/GlobalRetailAsset", map[string]any{"_ids": []string{assetID}})
	if r.Status != 200 {
		t.Fatalf("signed urls: %d %s", r.Status, r.Raw)
	}
	file := r.Body["data"].([]any)[0].(map[string]any)["files"].([]any)[0].(map[string]any)
	status, thumb := fetch(t, a, file["thumbnail"].(string))
	if status != 200 {
		t.Fatalf("thumbnail: %d", status)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(thumb))
	if err != nil || cfg.Width != libraries.ThumbnailSize {
		t.Fatalf("thumbnail %dx%d %v", cfg.Width, cfg.Height, err)
	}
	if status, got := fetch(t, a, file["sourceFile"].(string)); status != 200 || !bytes.Equal(got, body) {
		t.Fatalf("source file: %d", status)
	}
	// The viewer does not see the Pending asset's URLs.
	if r := user.Do("POST", "/api/assets/GlobalRetailAsset", map[string]any{"_ids": []string{assetID}}); r.Status != 200 || len(r.Body["data"].([]any)) != 0 {
		t.Fatalf("viewer signed urls of a Pending asset: %d %s", r.Status, r.Raw)
	}

	// The filename is now taken: the check names the asset and a new upload is refused.
	r = editor.Do("POST", "/api/assets/AdvertisingAsset/check-filename", map[string]any{"filename": "fall 26 trail window.jpg"})
	if got := r.Body["data"].(map[string]any)["asset"]; r.Status != 200 || got == nil || got.(map[string]any)["_id"] != assetID {
		t.Fatalf("check taken filename: %d %s", r.Status, r.Raw)
	}
	before := a.Count(`SELECT count(*) FROM uploads`)
	if r := editor.Do("POST", "/api/upload/aws/s3/create", req); r.Status != 409 {
		t.Fatalf("duplicate upload: %d %s", r.Status, r.Raw)
	}
	if a.Count(`SELECT count(*) FROM uploads`) != before {
		t.Fatal("a refused duplicate recorded an upload")
	}
	if r := user.Do("POST", "/api/assets/GlobalRetailAsset/check-filename", map[string]any{"filename": "x.jpg"}); r.Status != 403 {
		t.Fatalf("plain user checking filenames: %d", r.Status)
	}
	if r := editor.Do("POST", "/api/assets/GlobalRetailAsset/check-filename", map[string]any{"filename": ""}); r.Status != 400 {
		t.Fatalf("empty filename: %d", r.Status)
	}
}

func TestFlagsAndStats(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	assets, _ := list(t, user, "libraryType=AdvertisingLogo&limit=1")
	id := assets[0]["_id"].(string)
	if assets[0]["userFlag"] != nil {
		t.Fatal("fresh asset already flagged")
	}
	if r := user.Do("POST", "/api/userFlags", map[string]any{"flag": "Seen", "modelType": "Asset", "modelId": id}); r.Status != 200 {
		t.Fatalf("flag: %d %s", r.Status, r.Raw)
	}
	assets, _ = list(t, user, "libraryType=AdvertisingLogo&limit=1")
	if assets[0]["userFlag"] != "Seen" {
		t.Fatalf("flag not shown: %v", assets[0]["userFlag"])
	}
	if r := user.Do("POST", "/api/userFlags", map[string]any{"flag": "Loved", "modelType": "Asset", "modelId": id}); r.Status != 400 {
		t.Fatalf("unknown flag: %d", r.Status)
	}
	before := a.Count(`SELECT count(*) FROM library_stats`)
	if r := user.Do("POST", "/api/stats", map[string]any{"action": "assetDownloadPrimary", "modelType": "Asset", "modelId": id, "data": map[string]any{"filename": "x.jpg"}}); r.Status != 200 {
		t.Fatalf("stat: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("POST", "/api/stats", map[string]any{"modelType": "Asset"}); r.Status != 400 {
		t.Fatalf("stat without action: %d", r.Status)
	}
	if got := a.Count(`SELECT count(*) FROM library_stats`); got != before+1 {
		t.Fatalf("stats rows: %d, want %d", got, before+1)
	}
}

func TestCollectionZip(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	withWorking := ids(t, a, `library_type = 'AdvertisingAsset' AND status = 'Published' AND id IN (SELECT asset_id FROM library_files WHERE usage_type = 'Working File')`)[:1]
	plain := ids(t, a, `library_type = 'AdvertisingAsset' AND status = 'Published' AND id NOT IN (SELECT asset_id FROM library_files WHERE usage_type = 'Working File')`)[:2]
	items := append(withWorking, plain...)

	r := user.Do("GET", "/api/assets/collection/advertisingAsset", nil)
	if r.Status != 200 || r.Body["data"].(map[string]any)["viewType"] != "grid" || len(r.Body["data"].(map[string]any)["items"].([]any)) != 0 {
		t.Fatalf("empty collection: %d %s", r.Status, r.Raw)
	}
	r = user.Do("PUT", "/api/assets/collection/advertisingAsset", map[string]any{"items": items})
	if r.Status != 200 {
		t.Fatalf("save: %d %s", r.Status, r.Raw)
	}
	without := r.Body["data"].(map[string]any)["totalSize"].(float64)
	r = user.Do("PUT", "/api/assets/collection/advertisingAsset", map[string]any{"items": items, "includeWorkingFiles": true, "viewType": "list"})
	with := r.Body["data"].(map[string]any)["totalSize"].(float64)
	if r.Status != 200 || with <= without || r.Body["data"].(map[string]any)["viewType"] != "list" {
		t.Fatalf("working files not counted when included: %v <= %v", with, without)
	}
	if r := user.Do("PUT", "/api/assets/collection/advertisingAsset", map[string]any{"items": ids(t, a, `library_type = 'StepAsset'`)[:1]}); r.Status != 400 {
		t.Fatalf("item of another library: %d", r.Status)
	}
	if r := user.Do("PUT", "/api/assets/collection/sampleInventory", map[string]any{"items": items}); r.Status != 400 {
		t.Fatalf("unknown collection: %d", r.Status)
	}

	r = user.Do("POST", "/api/assets/collection/advertisingAsset/zip", nil)
	if r.Status != 200 {
		t.Fatalf("zip: %d %s", r.Status, r.Raw)
	}
	job := r.Body["data"].(map[string]any)["jobId"].(string)
	var d map[string]any
	deadline := time.Now().Add(20 * time.Second)
	for {
		r = user.Do("GET", "/api/jobs/"+job, nil)
		d = r.Body["data"].(map[string]any)
		if d["status"] == "success" || d["status"] == "failed" || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if d["status"] != "success" || d["progress"].(float64) != 100 {
		t.Fatalf("zip job: %v", d)
	}
	status, body := fetch(t, a, d["url"].(string))
	if status != 200 {
		t.Fatalf("zip download: %d", status)
	}
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != 4 {
		t.Fatalf("zip holds %d files, want 3 primaries and 1 working file", len(zr.File))
	}
	for _, f := range zr.File {
		if strings.Contains(f.Name, " ") {
			t.Fatalf("space in zip entry %q", f.Name)
		}
	}
	if !strings.Contains(d["filename"].(string), "_") || strings.Contains(d["filename"].(string), " ") {
		t.Fatalf("zip filename %q", d["filename"])
	}
	// Someone else cannot follow it.
	if r := login(a, "editor").Do("GET", "/api/jobs/"+job, nil); r.Status != 404 {
		t.Fatalf("other user's job: %d", r.Status)
	}

	// A collection of 20 GB or more is too large.
	a.DB.Exec(context.Background(), `UPDATE library_files SET file_size = $1 WHERE asset_id::text = $2`, int64(libraries.CollectionLimit), plain[0])
	before := a.Count(`SELECT count(*) FROM job_progress`)
	if r := user.Do("POST", "/api/assets/collection/advertisingAsset/zip", nil); r.Status != 400 || !strings.Contains(r.Body["message"].(string), "too large") {
		t.Fatalf("too large: %d %s", r.Status, r.Raw)
	}
	if a.Count(`SELECT count(*) FROM job_progress`) != before {
		t.Fatal("a refused zip queued a job")
	}
	if r := user.Do("GET", "/api/assets/collection/advertisingAsset", nil); r.Body["data"].(map[string]any)["tooLarge"] != true {
		t.Fatalf("tooLarge not reported: %s", r.Raw)
	}
}

// BenchmarkListPublished times browsing a library of 10,000 assets (first pages, with and
// without filters) and reports the 95th percentile.
func BenchmarkListPublished(b *testing.B) {
	a := start(b)
	ctx := context.Background()
	const n = 10000
	_, err := a.DB.CopyFrom(ctx, pgx.Identifier{"library_assets"},
		[]string{"library_type", "name", "asset_type", "category", "gender", "season", "year", "status", "modified_at"},
		pgx.CopyFromSlice(n, func(i int) ([]any, error) {
			status := "Published"
			if i%5 == 0 {
				status = "Pending"
			}
			return []any{"AdvertisingAsset", fmt.Sprintf("Bench asset %05d", i), "Print Ad",
				[]string{"Running", "Work", "Trail", "Lifestyle"}[i%4], []string{"Womens", "Mens", "Kids"}[i%3],
				"Fall", "2026", status, time.Now().Add(-time.Duration(i) * time.Minute)}, nil
		}))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := a.DB.Exec(ctx, `INSERT INTO library_files (asset_id, usage_type, filename, key, content_type, file_size)
		SELECT id, 'Primary', 'bench-' || id || '.jpg', 'uploads/AdvertisingAsset/bench-' || id || '.jpg', 'image/jpeg', 123456
		FROM library_assets WHERE name LIKE 'Bench asset %'`); err != nil {
		b.Fatal(err)
	}
	a.DB.Exec(ctx, `ANALYZE`)
	c := a.Client()
	c.Login("user@example.com")
	queries := []string{
		"libraryType=AdvertisingAsset",
		"libraryType=AdvertisingAsset&offset=500",
		"libraryType=AdvertisingAsset&category=Running&gender=Womens",
		"libraryType=AdvertisingAsset&q=" + url.QueryEscape("asset 01"),
	}
	var times []float64
	b.ResetTimer()
	for i := 0; i < 120; i++ {
		t0 := time.Now()
		r := c.Do("GET", "/api/assets?"+queries[i%len(queries)], nil)
		times = append(times, float64(time.Since(t0).Microseconds())/1000)
		if r.Status != 200 {
			b.Fatalf("%d %s", r.Status, r.Raw)
		}
	}
	sort.Float64s(times)
	b.ReportMetric(times[len(times)*95/100], "libraries.list_published_p95_ms:ms")
}
