package uploads_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/core/storage"
	"its/core/storage/storagetest"
	"its/core/uploads"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

type env struct {
	app   *apptest.App
	svc   *uploads.Service
	store storage.Store
}

// usages are the test's own usage types: pictures filed by attachTo for anyone logged in,
// documents (drawings too) in one of two folders, and private files whose owner the policy checks.
func usages() []uploads.Usage {
	anyone := func(*uploads.Request) (string, map[string]any) { return uploads.ActionUploadsCreate, nil }
	return []uploads.Usage{
		{Type: "picture", Extensions: uploads.Images, Check: uploads.RequireAttachTo("attachTo is required for pictures"), Action: anyone,
			Key: func(r *uploads.Request, fn string) (string, error) { return storage.Key("pictures", r.AttachTo, fn) }},
		{Type: "document", Extensions: append(slices.Clone(uploads.Images), ".pdf", ".svg"), Params: []string{"folder"}, Action: anyone,
			Check: func(r *uploads.Request) error {
				if f := r.Params["folder"]; f != "Left" && f != "Right" {
					return uploads.Field("folder", "oneOf", "folder must be Left or Right")
				}
				return nil
			},
			Key: func(r *uploads.Request, fn string) (string, error) {
				return storage.Key("documents", r.Params["folder"], fn)
			}},
		{Type: "private", Extensions: uploads.Images, Params: []string{"owner"},
			Action: func(r *uploads.Request) (string, map[string]any) {
				return uploads.ActionUploadsOwn, map[string]any{"ownerId": r.Params["owner"]}
			},
			Key: func(r *uploads.Request, fn string) (string, error) {
				return storage.Key("private", r.Params["owner"], fn)
			}},
	}
}

func start(t testing.TB, extra ...string) *env {
	e := &env{}
	e.app = apptest.Start(t, fx.Options(users.Module, uploads.AsUsages(usages),
		fx.Invoke(func(s *uploads.Service, st storage.Store) { e.svc, e.store = s, st })), extra...)
	return e
}

// pngBody is a file of n bytes that starts like a PNG.
func pngBody(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	copy(b, "\x89PNG\r\n\x1a\n")
	return b
}

func (e *env) abs(u string) string {
	if strings.HasPrefix(u, "/") {
		return e.app.URL + u
	}
	return u
}

// put sends one part to its signed URL and answers the ETag.
func (e *env) put(t testing.TB, url string, body []byte) string {
	req, _ := http.NewRequest(http.MethodPut, e.abs(url), bytes.NewReader(body))
	req.ContentLength = int64(len(body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("part upload: %d", res.StatusCode)
	}
	return res.Header.Get("ETag")
}

func create(t testing.TB, c *apptest.Client, body map[string]any) map[string]any {
	t.Helper()
	r := c.Do("POST", "/api/upload/aws/s3/create", body)
	if r.Status != 200 || r.Body["message"] != "Success" {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	return r.Body["data"].(map[string]any)
}

func urls(d map[string]any) []string {
	var out []string
	for _, u := range d["urls"].([]any) {
		out = append(out, u.(string))
	}
	return out
}

func chunks(body []byte) [][]byte {
	var out [][]byte
	for off := 0; off < len(body); off += uploads.ChunkSize {
		out = append(out, body[off:min(off+uploads.ChunkSize, len(body))])
	}
	return out
}

func TestMultipartLocal(t *testing.T) { multipart(t, start(t)) }

func TestMultipartS3(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an S3 gateway")
	}
	srv := storagetest.StartS3(t)
	multipart(t, start(t, srv.Env()...))
}

func multipart(t *testing.T, e *env) {
	ctx := context.Background()
	c := e.app.Client()
	c.Login("editor@example.com")
	body := pngBody(uploads.ChunkSize + 4321)
	parts := chunks(body)

	t.Run("parts resume complete", func(t *testing.T) {
		d := create(t, c, map[string]any{"filename": "Spring 26 logo.png", "fileSize": len(body), "chunkSize": uploads.ChunkSize, "usageType": "picture", "attachTo": "A100"})
		if d["key"] != "pictures/A100/Spring 26 logo.png" || d["parts"].(float64) != 2 || len(urls(d)) != 2 {
			t.Fatalf("created: %v", d)
		}
		etag1 := e.put(t, urls(d)[0], parts[0])
		// Interrupted after part 1: the resume listing shows it stored and presigns part 2 only.
		r := c.Do("GET", "/api/upload/aws/s3/"+d["uploadId"].(string)+"/parts", nil)
		if r.Status != 200 {
			t.Fatalf("parts: %d %s", r.Status, r.Raw)
		}
		res := r.Body["data"].(map[string]any)
		if fmt.Sprint(res["missing"]) != "[2]" || len(res["stored"].([]any)) != 1 || urls(res)[0] != "" || urls(res)[1] == "" {
			t.Fatalf("resume: %v", res)
		}
		// Completing without every part is an Error and leaves the upload resumable.
		r = c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{etag1}})
		if r.Status != 400 {
			t.Fatalf("complete with a part missing: %d %s", r.Status, r.Raw)
		}
		etag2 := e.put(t, urls(res)[1], parts[1])
		r = c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{etag1, etag2}})
		if r.Status != 200 || r.Body["message"] != "Success" || r.Body["data"].(map[string]any)["status"] != "completed" {
			t.Fatalf("complete: %d %s", r.Status, r.Raw)
		}
		rc, info, err := e.store.Get(ctx, "pictures/A100/Spring 26 logo.png")
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if info.Size != int64(len(body)) || !bytes.Equal(got, body) {
			t.Fatalf("stored %d bytes, differs", info.Size)
		}
		if n := e.app.Count(`SELECT count(*) FROM uploads WHERE state = 'completed'`); n != 1 {
			t.Fatalf("completed uploads: %d", n)
		}
	})

	t.Run("wrong etag then abort", func(t *testing.T) {
		d := create(t, c, map[string]any{"filename": "hero.png", "fileSize": len(parts[0]), "usageType": "picture", "attachTo": "A100"})
		e.put(t, urls(d)[0], parts[0])
		r := c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{`"0123"`}})
		if r.Status != 400 {
			t.Fatalf("complete with a wrong etag: %d %s", r.Status, r.Raw)
		}
		if r := c.Do("POST", "/api/upload/aws/s3/abort", map[string]any{"uploadId": d["uploadId"]}); r.Status != 200 {
			t.Fatalf("abort: %d %s", r.Status, r.Raw)
		}
		if n := e.app.Count(`SELECT count(*) FROM uploads WHERE id = $1 AND state = 'aborted'`, d["uploadId"]); n != 1 {
			t.Fatal("upload not marked aborted")
		}
		var sid string
		_ = e.app.DB.QueryRow(ctx, `SELECT storage_upload_id FROM uploads WHERE id = $1`, d["uploadId"]).Scan(&sid)
		if _, err := e.store.ListParts(ctx, d["key"].(string), sid); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("parts after abort: %v", err)
		}
		if r := c.Do("GET", "/api/upload/aws/s3/"+d["uploadId"].(string)+"/parts", nil); r.Status != 409 {
			t.Fatalf("resume after abort: %d", r.Status)
		}
	})

	t.Run("renamed executable refused", func(t *testing.T) {
		exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00"), pngBody(2000)[8:]...)
		d := create(t, c, map[string]any{"filename": "setup.png", "fileSize": len(exe), "usageType": "picture", "attachTo": "A100"})
		etag := e.put(t, urls(d)[0], exe)
		r := c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{etag}})
		if r.Status != 400 || !strings.Contains(r.Body["message"].(string), "does not match its type") {
			t.Fatalf("renamed executable: %d %s", r.Status, r.Raw)
		}
		if _, err := e.store.Stat(ctx, "pictures/A100/setup.png"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("refused object still stored: %v", err)
		}
		if n := e.app.Count(`SELECT count(*) FROM uploads WHERE id = $1 AND state = 'failed'`, d["uploadId"]); n != 1 {
			t.Fatal("refused upload not marked failed")
		}
	})

	t.Run("a completion cut short by a crash is finished on resume", func(t *testing.T) {
		d := create(t, c, map[string]any{"filename": "resumed.png", "fileSize": len(body), "usageType": "picture", "attachTo": "A300"})
		etag1, etag2 := e.put(t, urls(d)[0], parts[0]), e.put(t, urls(d)[1], parts[1])
		var sid string
		_ = e.app.DB.QueryRow(ctx, `SELECT storage_upload_id FROM uploads WHERE id = $1`, d["uploadId"]).Scan(&sid)
		// The server died after assembling the parts, before recording the upload.
		if err := e.store.CompleteMultipart(ctx, d["key"].(string), sid, []storage.Part{{Number: 1, ETag: etag1}, {Number: 2, ETag: etag2}}); err != nil {
			t.Fatal(err)
		}
		r := c.Do("GET", "/api/upload/aws/s3/"+d["uploadId"].(string)+"/parts", nil)
		if r.Status != 200 {
			t.Fatalf("resume of an assembled upload: %d %s", r.Status, r.Raw)
		}
		res := r.Body["data"].(map[string]any)
		stored := res["stored"].([]any)
		if fmt.Sprint(res["missing"]) != "[]" || len(stored) != 2 || urls(res)[0] != "" || urls(res)[1] != "" {
			t.Fatalf("resume: %v", res)
		}
		var etags []map[string]any
		for _, p := range stored {
			p := p.(map[string]any)
			etags = append(etags, map[string]any{"PartNumber": p["partNumber"], "ETag": p["etag"]})
		}
		r = c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": etags})
		if r.Status != 200 || r.Body["data"].(map[string]any)["status"] != "completed" {
			t.Fatalf("complete after the crash: %d %s", r.Status, r.Raw)
		}
		rc, _, err := e.store.Get(ctx, d["key"].(string))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(got, body) {
			t.Fatalf("object differs: %d bytes", len(got))
		}
	})

	t.Run("an abort cut short by a crash cannot be resumed and frees the file name", func(t *testing.T) {
		d := create(t, c, map[string]any{"filename": "half-aborted.png", "fileSize": len(body), "usageType": "picture", "attachTo": "A300"})
		e.put(t, urls(d)[0], parts[0])
		var sid string
		_ = e.app.DB.QueryRow(ctx, `SELECT storage_upload_id FROM uploads WHERE id = $1`, d["uploadId"]).Scan(&sid)
		// The server died after removing the parts, before recording the abort.
		if err := e.store.AbortMultipart(ctx, d["key"].(string), sid); err != nil {
			t.Fatal(err)
		}
		r := c.Do("GET", "/api/upload/aws/s3/"+d["uploadId"].(string)+"/parts", nil)
		if r.Status != 409 || r.Body["details"].(map[string]any)["status"] != "aborted" {
			t.Fatalf("resume of a half-aborted upload: %d %s", r.Status, r.Raw)
		}
		if n := e.app.Count(`SELECT count(*) FROM uploads WHERE id = $1 AND state = 'aborted'`, d["uploadId"]); n != 1 {
			t.Fatal("upload not marked aborted")
		}
		// Completing it is refused the same way; uploading the file again starts afresh.
		r = c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{`"x"`, `"y"`}})
		if r.Status != 409 {
			t.Fatalf("complete of an aborted upload: %d %s", r.Status, r.Raw)
		}
		create(t, c, map[string]any{"filename": "half-aborted.png", "fileSize": len(body), "usageType": "picture", "attachTo": "A300"})
	})

	t.Run("a refused completion on the assembled path leaves no parts behind", func(t *testing.T) {
		d := create(t, c, map[string]any{"filename": "claims-assembled.png", "fileSize": len(parts[0]), "usageType": "picture", "attachTo": "A400"})
		e.put(t, urls(d)[0], parts[0])
		var sid string
		_ = e.app.DB.QueryRow(ctx, `SELECT storage_upload_id FROM uploads WHERE id = $1`, d["uploadId"]).Scan(&sid)
		// The client claims the parts were assembled; they were not.
		r := c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{`"assembled"`}})
		if r.Status != 409 {
			t.Fatalf("false assembled completion: %d %s", r.Status, r.Raw)
		}
		if n := e.app.Count(`SELECT count(*) FROM uploads WHERE id = $1 AND state = 'aborted'`, d["uploadId"]); n != 1 {
			t.Fatal("upload not marked aborted")
		}
		// The sweeper only looks at live uploads: parts left now would stay forever.
		if _, err := e.store.ListParts(ctx, d["key"].(string), sid); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("parts of the aborted upload left in the store: %v", err)
		}
	})

	t.Run("sweeper aborts a stale upload", func(t *testing.T) {
		d := create(t, c, map[string]any{"filename": "stale.png", "fileSize": len(body), "usageType": "picture", "attachTo": "A200"})
		e.put(t, urls(d)[0], parts[0])
		var sid string
		_ = e.app.DB.QueryRow(ctx, `SELECT storage_upload_id FROM uploads WHERE id = $1`, d["uploadId"]).Scan(&sid)
		// A restart in the middle of completing: the object was assembled, the row never written.
		d2 := create(t, c, map[string]any{"filename": "crashed.png", "fileSize": len(parts[0]), "usageType": "picture", "attachTo": "A200"})
		etag := e.put(t, urls(d2)[0], parts[0])
		var sid2 string
		_ = e.app.DB.QueryRow(ctx, `SELECT storage_upload_id FROM uploads WHERE id = $1`, d2["uploadId"]).Scan(&sid2)
		if err := e.store.CompleteMultipart(ctx, d2["key"].(string), sid2, []storage.Part{{Number: 1, ETag: etag}}); err != nil {
			t.Fatal(err)
		}
		if n, err := e.svc.Sweep(ctx, time.Hour); err != nil || n != 0 {
			t.Fatalf("fresh uploads swept: %d %v", n, err)
		}
		e.app.DB.Exec(ctx, `UPDATE uploads SET updated_at = now() - interval '2 days' WHERE id IN ($1, $2)`, d["uploadId"], d2["uploadId"])
		if n, err := e.svc.Sweep(ctx, time.Hour); err != nil || n != 2 {
			t.Fatalf("swept %d, %v", n, err)
		}
		if _, err := e.store.ListParts(ctx, d["key"].(string), sid); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("stale parts left: %v", err)
		}
		if _, err := e.store.Stat(ctx, "pictures/A200/crashed.png"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("half-made object left: %v", err)
		}
		if n := e.app.Count(`SELECT count(*) FROM uploads WHERE id IN ($1, $2) AND state = 'aborted'`, d["uploadId"], d2["uploadId"]); n != 2 {
			t.Fatalf("aborted rows: %d", n)
		}
	})
}

func TestCreateValidation(t *testing.T) {
	e := start(t)
	c := e.app.Client()
	c.Login("editor@example.com")
	before := e.app.Count(`SELECT count(*) FROM uploads`)
	cases := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"no filename", map[string]any{"fileSize": 10, "usageType": "picture", "attachTo": "A1"}, "filename"},
		{"no attachTo", map[string]any{"filename": "a.png", "fileSize": 10, "usageType": "picture"}, "attachTo"},
		{"no folder", map[string]any{"filename": "a.png", "fileSize": 10, "usageType": "document"}, "folder"},
		{"unknown folder", map[string]any{"filename": "a.png", "fileSize": 10, "usageType": "document", "folder": "Nope"}, "folder"},
		{"a field no usage reads", map[string]any{"filename": "a.png", "fileSize": 10, "usageType": "picture", "attachTo": "A1", "colour": "red"}, "colour"},
		{"a usage field that is not a string", map[string]any{"filename": "a.png", "fileSize": 10, "usageType": "document", "folder": 7}, "folder"},
		{"forbidden type", map[string]any{"filename": "setup.exe", "fileSize": 10, "usageType": "picture", "attachTo": "A1"}, "filename"},
		{"pdf as a picture", map[string]any{"filename": "logo.pdf", "fileSize": 10, "usageType": "picture", "attachTo": "A1"}, "filename"},
		{"traversal", map[string]any{"filename": "../../etc/passwd.png", "fileSize": 10, "usageType": "picture", "attachTo": "A1"}, "filename"},
		{"traversal in attachTo", map[string]any{"filename": "a.png", "fileSize": 10, "usageType": "picture", "attachTo": ".."}, "attachTo"},
		{"too large", map[string]any{"filename": "a.png", "fileSize": int64(1) << 40, "usageType": "picture", "attachTo": "A1"}, "fileSize"},
		{"empty", map[string]any{"filename": "a.png", "fileSize": 0, "usageType": "picture", "attachTo": "A1"}, "fileSize"},
		{"chunk too big", map[string]any{"filename": "a.png", "fileSize": 10, "chunkSize": 20 << 20, "usageType": "picture", "attachTo": "A1"}, "chunkSize"},
		{"unknown usage", map[string]any{"filename": "a.png", "fileSize": 10, "usageType": "avatar"}, "usageType"},
	}
	for _, tc := range cases {
		r := c.Do("POST", "/api/upload/aws/s3/create", tc.body)
		if r.Status != 400 {
			t.Errorf("%s: %d %s", tc.name, r.Status, r.Raw)
			continue
		}
		d, _ := r.Body["details"].([]any)
		if len(d) == 0 || d[0].(map[string]any)["field"] != tc.field {
			t.Errorf("%s: details %v, want field %s", tc.name, r.Body["details"], tc.field)
		}
	}
	// The usage's own action is asked with its resource: nobody may write into another's
	// folder; anonymous callers may not upload at all.
	if r := c.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": "a.png", "fileSize": 10, "usageType": "private", "owner": "someone-else"}); r.Status != 403 {
		t.Errorf("into another's folder: %d %s", r.Status, r.Raw)
	}
	if r := e.app.Client().Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": "a.png"}); r.Status != 401 {
		t.Errorf("anonymous: %d", r.Status)
	}
	if after := e.app.Count(`SELECT count(*) FROM uploads`); after != before {
		t.Fatalf("refused requests wrote %d uploads", after-before)
	}
	// Someone else's upload is not there for another user.
	d := create(t, c, map[string]any{"filename": "mine.png", "fileSize": 100, "usageType": "picture", "attachTo": "A1"})
	other := e.app.Client()
	other.Login("seniorEditor@example.com")
	if r := other.Do("POST", "/api/upload/aws/s3/abort", map[string]any{"uploadId": d["uploadId"]}); r.Status != 404 {
		t.Errorf("abort someone else's upload: %d", r.Status)
	}
	if r := other.Do("GET", "/api/upload/aws/s3/"+d["uploadId"].(string)+"/parts", nil); r.Status != 404 {
		t.Errorf("resume someone else's upload: %d", r.Status)
	}
	// Two live uploads of the same key conflict.
	if r := c.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": "mine.png", "fileSize": 100, "usageType": "picture", "attachTo": "A1"}); r.Status != 409 {
		t.Errorf("second live upload of a key: %d", r.Status)
	}
}

// upload1GB sends 1 GiB through the real endpoints: 10 MiB parts, 4 in parallel, and answers MB/s.
func upload1GB(b *testing.B, e *env) float64 {
	c := e.app.Client()
	c.Login("editor@example.com")
	const size = 1 << 30
	chunk := pngBody(uploads.ChunkSize)
	t0 := time.Now()
	d := create(b, c, map[string]any{"filename": "bench.png", "fileSize": size, "usageType": "picture", "attachTo": "BENCH"})
	us := urls(d)
	etags := make([]string, len(us))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				n := min(uploads.ChunkSize, size-i*uploads.ChunkSize)
				etags[i] = e.put(b, us[i], chunk[:n])
			}
		}()
	}
	for i := range us {
		next <- i
	}
	close(next)
	wg.Wait()
	r := c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": etags})
	if r.Status != 200 {
		b.Fatalf("complete: %d %s", r.Status, r.Raw)
	}
	return float64(size) / 1e6 / time.Since(t0).Seconds()
}

func BenchmarkUploadLocal1GB(b *testing.B) {
	e := start(b)
	b.ResetTimer()
	b.ReportMetric(upload1GB(b, e), "upload.local_1gb_mb_per_s:MB/s")
}

func BenchmarkUploadS31GB(b *testing.B) {
	srv := storagetest.StartS3(b)
	e := start(b, srv.Env()...)
	b.ResetTimer()
	b.ReportMetric(upload1GB(b, e), "upload.s3_1gb_mb_per_s:MB/s")
}

// A usage's parameters are stored with the upload and answered as the request sent them;
// another usage's parameter is accepted and ignored.
func TestUsageParams(t *testing.T) {
	e := start(t)
	c := e.app.Client()
	c.Login("editor@example.com")
	d := create(t, c, map[string]any{"filename": "plan.pdf", "fileSize": 100, "usageType": "document", "folder": "Left", "owner": "x"})
	if d["key"] != "documents/Left/plan.pdf" || d["folder"] != "Left" || d["owner"] != nil {
		t.Fatalf("created: %v", d)
	}
	var params string
	_ = e.app.DB.QueryRow(context.Background(), `SELECT params::text FROM uploads WHERE id = $1`, d["uploadId"]).Scan(&params)
	if params != `{"folder": "Left"}` {
		t.Fatalf("stored params: %s", params)
	}
	r := c.Do("GET", "/api/upload/aws/s3/"+d["uploadId"].(string)+"/parts", nil)
	if r.Status != 200 || r.Body["data"].(map[string]any)["folder"] != "Left" {
		t.Fatalf("resume: %d %s", r.Status, r.Raw)
	}
}

// Start-up refuses a usage the flow cannot enforce.
func TestUsageDeclarations(t *testing.T) {
	ok := usages()[0]
	for name, u := range map[string]uploads.Usage{
		"no action":         {Type: "a", Extensions: uploads.Images, Key: ok.Key},
		"no key":            {Type: "a", Extensions: uploads.Images, Action: ok.Action},
		"no extensions":     {Type: "a", Action: ok.Action, Key: ok.Key},
		"unchecked content": {Type: "a", Extensions: []string{".exe"}, Action: ok.Action, Key: ok.Key},
		"a common field":    {Type: "a", Extensions: uploads.Images, Action: ok.Action, Key: ok.Key, Params: []string{"filename"}},
		"declared twice":    ok,
		"without a type":    {Extensions: uploads.Images, Action: ok.Action, Key: ok.Key},
	} {
		if _, err := uploads.NewService(uploads.Params{Usages: []uploads.Usage{ok, u}}); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := uploads.NewService(uploads.Params{Usages: usages()}); err != nil {
		t.Fatal(err)
	}
}
