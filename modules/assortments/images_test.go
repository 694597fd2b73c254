package assortments_test

import (
	"bytes"
	"io"
	"net/http"
	"testing"

	"its/core/app/apptest"
	"its/modules/assortments"
)

// uploadLogo sends body through the real multipart upload as the logo usage of assortment id.
func uploadLogo(t *testing.T, a *apptest.App, c *apptest.Client, id, filename string, body []byte) map[string]any {
	t.Helper()
	return uploadAs(t, a, c, assortments.UploadLogo, id, filename, body)
}

// TestLogoAndThumbnail: an assortment's logo and thumbnail are images uploaded into its own
// folder; the upload answers the stored key, PATCH sets it, the assortment answers a link the
// browser can show; a key outside the assortment's folder, or not stored, is refused and
// changes nothing; an empty value removes the picture.
func TestLogoAndThumbnail(t *testing.T) {
	e := setup(t)
	id := str(create(t, e.editor, map[string]any{"title": "With a logo"})["_id"])
	other := str(create(t, e.editor, map[string]any{"title": "Another"})["_id"])
	png := pngOf(t, 64, 32)
	up := uploadLogo(t, e.app, e.editor, id, "brand logo.png", png)
	key := "assortments/" + id + "/brand logo.png"
	if up["key"] != key {
		t.Fatalf("logo upload answered %v", up)
	}
	theirs := str(uploadLogo(t, e.app, e.editor, other, "theirs.png", png)["key"])

	d := e.editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"logo": key, "thumbnail": key}).Data(t, 200)
	if d["logo"] != key || d["thumbnail"] != key || str(d["logoUrl"]) == "" || str(d["thumbnailUrl"]) == "" {
		t.Fatalf("patched %v", d)
	}
	got := e.editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil).Data(t, 200)
	res, err := http.Get(e.app.URL + str(got["logoUrl"]))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Equal(b, png) {
		t.Fatalf("logo link answered %d, %d bytes", res.StatusCode, len(b))
	}

	version := a2version(got)
	for _, bad := range []map[string]any{
		{"logo": theirs},
		{"thumbnail": "libraries/assets/secret.pdf"},
		{"logo": "assortments/" + id + "/never uploaded.png"},
		{"thumbnail": "assortments/" + id + "/../" + other + "/theirs.png"},
	} {
		if r := e.editor.Do("PATCH", "/api/assortments/"+id, bad); r.Status != 400 {
			t.Fatalf("patch %v: %d %s", bad, r.Status, r.Raw)
		}
	}
	got = e.editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil).Data(t, 200)
	if got["logo"] != key || got["thumbnail"] != key || a2version(got) != version {
		t.Fatalf("refused patches changed %v", got)
	}

	d = e.editor.Do("PATCH", "/api/assortments/"+id, map[string]any{"thumbnail": ""}).Data(t, 200)
	if d["thumbnail"] != "" || d["thumbnailUrl"] != nil || d["logo"] != key {
		t.Fatalf("removed thumbnail: %v", d)
	}
	// A logo over the limit is refused before any byte is sent.
	before := e.app.Count(`SELECT count(*) FROM uploads`)
	if r := e.editor.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": "huge.png", "fileSize": assortments.LogoMaxBytes + 1,
		"usageType": assortments.UploadLogo, "attachTo": id}); r.Status != 400 {
		t.Fatalf("oversize logo: %d %s", r.Status, r.Raw)
	}
	if n := e.app.Count(`SELECT count(*) FROM uploads`); n != before {
		t.Fatal("refused logo upload recorded")
	}
	// The user role may not change it.
	if r := e.user.Do("PATCH", "/api/assortments/"+id, map[string]any{"logo": ""}); r.Status != 403 {
		t.Fatalf("user patch: %d", r.Status)
	}
}

func a2version(a map[string]any) float64 { return num(a["version"]) }
