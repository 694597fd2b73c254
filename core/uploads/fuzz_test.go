package uploads_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"its/core/app/apptest"
)

// FuzzComplete sends completion requests for a real upload whose parts never arrived, through
// the whole app: the etags list (any bytes, so the body may also be broken JSON), another
// upload id or the real one, and the real bucket and key or not. Nothing can complete, so every
// answer is a client error of the envelope kind, never a 5xx; a 404 means the id was not the
// upload's; and a 400 leaves the upload resumable.
func FuzzComplete(f *testing.F) {
	e := start(f)
	c := e.app.Client()
	c.Login("editor@example.com")
	var id, bucket, key string
	// The fuzz function may not use f, so neither apptest's client (it reports through f).
	fresh := func(t testing.TB) {
		status, d, raw := post(t, e.app, c, "/api/upload/aws/s3/create", []byte(`{"filename":"fuzz.png","fileSize":100,"usageType":"assortmentLogo","attachTo":"Fuzz"}`))
		data, _ := d["data"].(map[string]any)
		if status != http.StatusOK || data == nil {
			t.Fatalf("create: %d %s", status, raw)
		}
		id, bucket, key = data["uploadId"].(string), data["bucket"].(string), data["key"].(string)
	}
	fresh(f)
	f.Fuzz(func(t *testing.T, etags []byte, otherID string, sameKey bool) {
		uploadID := id
		if otherID != "" {
			uploadID = otherID
		}
		b, k := bucket, key
		if !sameKey {
			k += "x"
		}
		body := []byte(`{"bucket":` + quote(b) + `,"key":` + quote(k) + `,"uploadId":` + quote(uploadID) + `,"etags":`)
		body = append(append(body, etags...), '}')
		status, res, raw := post(t, e.app, c, "/api/upload/aws/s3/complete", body)
		switch status {
		case http.StatusBadRequest, http.StatusConflict, http.StatusRequestEntityTooLarge:
		case http.StatusNotFound:
			if uploadID == id && json.Valid(body) {
				t.Fatalf("the owner's own upload answered 404: %s", raw)
			}
		default:
			t.Fatalf("completing an upload without parts answered %d: %s", status, raw)
		}
		if res["messageCode"] == nil || res["message"] == "" {
			t.Fatalf("not the error envelope: %s", raw)
		}
		state := uploadState(t, e.app, id)
		if status == http.StatusBadRequest && state != "uploading" {
			t.Fatalf("a refused completion left the upload %s: %s", state, raw)
		}
		if state != "uploading" {
			fresh(t)
		}
	})
}

// post sends body as JSON with the client's session and CSRF token.
func post(t testing.TB, a *apptest.App, c *apptest.Client, path string, body []byte) (int, map[string]any, []byte) {
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, a.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for _, ck := range c.HTTP.Jar.Cookies(req.URL) {
		if ck.Name == "its_csrf" {
			req.Header.Set("X-CSRF-Token", ck.Value)
		}
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return res.StatusCode, out, raw
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func uploadState(t testing.TB, a *apptest.App, id string) string {
	var s string
	if err := a.DB.QueryRow(t.Context(), `SELECT state FROM uploads WHERE id::text = $1`, id).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}
