package assortments_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"its/core/app/apptest"
	"its/modules/assortments"
)

// uploadContent sends body through the real multipart upload as a display group's custom
// content file of assortment id, answering the upload's result (sourceFile, previewJpg).
func uploadContent(t *testing.T, a *apptest.App, c *apptest.Client, id, filename string, body []byte) map[string]any {
	t.Helper()
	return uploadAs(t, a, c, assortments.UploadDisplayGroup, id, filename, body)
}

// uploadAs sends body through the real multipart upload (create, the part, complete) as usage
// attached to assortment id, answering the upload's result.
func uploadAs(t *testing.T, a *apptest.App, c *apptest.Client, usage, id, filename string, body []byte) map[string]any {
	t.Helper()
	d := c.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": filename, "fileSize": len(body),
		"usageType": usage, "attachTo": id}).Data(t, 200)

	put, _ := http.NewRequest(http.MethodPut, a.URL+str(arr(d["urls"])[0]), bytes.NewReader(body))
	res, err := http.DefaultClient.Do(put)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("part: %v %v", err, res)
	}
	res.Body.Close()
	done := c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"],
		"uploadId": d["uploadId"], "etags": []string{res.Header.Get("ETag")}}).Data(t, 200)

	return obj(done["result"])
}

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, h/2, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// groupContent is the custom content of the group titled title in a group sort answer.
func groupContent(gs map[string]any, title string) map[string]any {
	for _, g := range arr(gs["groups"]) {
		if obj(g)["title"] == title {
			return obj(obj(g)["customContent"])
		}
	}
	return nil
}

// TestGroupContent: a display group's custom content through updateDisplayGroup: the files are
// real uploads in the assortment's customContent folder with a drawn preview, the html is
// sanitised (script, event handlers, javascript: URLs gone), and oversize html, a stale version,
// a file of another assortment, content on Uncategorized and an oversize upload are refused with
// nothing changed.
func TestGroupContent(t *testing.T) {
	e := setup(t)
	ps := pairs(t, e.app, 4, `p.pillar IN ('Work', 'Kids')`)
	id := str(create(t, e.editor, map[string]any{"title": "With content", "products": ps})["_id"])
	other := str(create(t, e.editor, map[string]any{"title": "Other", "products": ps[:1]})["_id"])
	gs := e.editor.Do("GET", "/api/assortments/groupsort/"+id, nil).Data(t, 200)
	gs = applySort(t, e.editor, id, gs["version"], map[string]any{"type": "groupBy", "groupBy": "pillar"})
	title := str(obj(arr(gs["groups"])[0])["title"])
	group := groupID(gs, title)

	img := uploadContent(t, e.app, e.editor, id, "hero shot.png", pngOf(t, 1600, 400))
	if img["sourceFile"] != "assortments/"+id+"/customContent/hero shot.png" || img["previewJpg"] != "assortments/"+id+"/customContent/preview/hero shot.jpg" {
		t.Fatalf("image upload answered %v", img)
	}
	pdf := uploadContent(t, e.app, e.editor, id, "story.pdf", []byte("%PDF-1.4\n%%EOF\n"))
	if pdf["sourceFile"] != "assortments/"+id+"/customContent/story.pdf" || pdf["previewJpg"] != nil {
		t.Fatalf("pdf upload answered %v", pdf)
	}
	foreign := uploadContent(t, e.app, e.editor, other, "other.pdf", []byte("%PDF-1.4\n%%EOF\n"))

	update := func(version any, content map[string]any) *apptest.Response {
		return sortBatch(e.editor, id, version, map[string]any{"type": "updateDisplayGroup", "displayGroup": group, "customContent": content})
	}
	xss := `<h2>Spring <b>story</b></h2><script>alert(1)</script><img src="x" onerror="alert(2)">` +
		`<a href="javascript:alert(3)">bad</a><a href="https://example.com/look" onclick="alert(4)">look</a>` +
		`<p style="background:url(javascript:alert(5))" onmouseover="alert(6)">Text</p><iframe src="https://evil"></iframe><svg onload="alert(7)"></svg>`
	res := update(gs["version"], map[string]any{"html": xss, "previewJpg": img["previewJpg"], "sourceFile": pdf["sourceFile"]}).Data(t, 200)
	c := groupContent(res, title)
	html := str(c["html"])
	for _, bad := range []string{"<script", "alert(", "onerror", "onclick", "onmouseover", "javascript:", "<iframe", "<svg", "style="} {
		if strings.Contains(strings.ToLower(html), bad) {
			t.Errorf("sanitised html keeps %q: %s", bad, html)
		}
	}
	if !strings.Contains(html, "<b>story</b>") || !strings.Contains(html, `href="https://example.com/look"`) || !strings.Contains(html, "<p>Text</p>") {
		t.Errorf("sanitised html lost its content: %s", html)
	}
	if c["sourceFile"] != pdf["sourceFile"] || c["previewJpg"] != img["previewJpg"] || c["sourceUrl"] == nil {
		t.Fatalf("saved content %v", c)
	}

	t.Run("read back with a drawn preview", func(t *testing.T) {
		deadline := time.Now().Add(20 * time.Second)
		for {
			got := groupContent(e.editor.Do("GET", "/api/assortments/groupsort/"+id, nil).Data(t, 200), title)
			if got["html"] != html {
				t.Fatalf("read back %v", got)
			}
			r, err := http.Get(e.app.URL + str(got["previewUrl"]))
			if err == nil && r.StatusCode == 200 {
				cfg, err := jpeg.DecodeConfig(r.Body)
				r.Body.Close()
				if err != nil || cfg.Width != assortments.ContentPreviewSize || cfg.Height != assortments.ContentPreviewSize/4 {
					t.Fatalf("preview %+v %v", cfg, err)
				}
				return
			}
			if r != nil {
				r.Body.Close()
			}
			if time.Now().After(deadline) {
				t.Fatal("the preview was not drawn")
			}
			time.Sleep(50 * time.Millisecond)
		}
	})

	now := e.editor.Do("GET", "/api/assortments/groupsort/"+id, nil).Data(t, 200)
	unchanged := func(t *testing.T) {
		t.Helper()
		again := e.editor.Do("GET", "/api/assortments/groupsort/"+id, nil).Data(t, 200)
		if again["version"] != now["version"] || groupContent(again, title)["html"] != html || groupContent(again, title)["sourceFile"] != pdf["sourceFile"] {
			t.Fatalf("a refused update changed the group: %v", groupContent(again, title))
		}
	}

	t.Run("oversize html is refused with its limit named", func(t *testing.T) {
		r := update(now["version"], map[string]any{"html": strings.Repeat("a", assortments.ContentMaxHTMLBytes+1)})
		if r.Status != 400 || !strings.Contains(string(r.Raw), "at most 65536 bytes of html") {
			t.Fatalf("oversize: %d %s", r.Status, r.Raw)
		}
		unchanged(t)
	})

	t.Run("a stale version is a userLock", func(t *testing.T) {
		r := update(gs["version"], map[string]any{"html": "<p>late</p>"})
		if r.Status != 409 || obj(r.Body["details"])["errorType"] != "userLock" {
			t.Fatalf("stale: %d %s", r.Status, r.Raw)
		}
		unchanged(t)
	})

	t.Run("files must be this assortment's uploads", func(t *testing.T) {
		for _, content := range []map[string]any{
			{"sourceFile": foreign["sourceFile"]},
			{"sourceFile": "assortments/" + id + "/customContent/never-uploaded.pdf"},
			{"sourceFile": "assortments/" + id + "/logo.png"},
			{"previewJpg": "assortments/" + id + "/customContent/preview/story.jpg"},
			{"previewJpg": "seasons/2028/FA/Wholesale/preview.jpg"},
		} {
			if r := update(now["version"], content); r.Status != 400 || !strings.Contains(string(r.Raw), assortments.MsgContentFile) {
				t.Errorf("%v: %d %s", content, r.Status, r.Raw)
			}
		}
		unchanged(t)
	})

	t.Run("Uncategorized has no custom content", func(t *testing.T) {
		r := sortBatch(e.editor, id, now["version"], map[string]any{"type": "updateDisplayGroup", "displayGroup": "uncategorized", "customContent": map[string]any{"html": "<p>x</p>"}})
		if r.Status != 400 {
			t.Fatalf("uncategorized: %d %s", r.Status, r.Raw)
		}
		unchanged(t)
	})

	t.Run("a custom content upload over its limit never starts", func(t *testing.T) {
		before := e.app.Count(`SELECT count(*) FROM uploads`)
		r := e.editor.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": "huge.png", "fileSize": assortments.ContentMaxImageBytes + 1,
			"usageType": assortments.UploadDisplayGroup, "attachTo": id})
		if r.Status != 400 || !strings.Contains(string(r.Raw), "for custom content") {
			t.Fatalf("oversize upload: %d %s", r.Status, r.Raw)
		}
		if n := e.app.Count(`SELECT count(*) FROM uploads`); n != before {
			t.Fatalf("a refused upload recorded %d rows", n-before)
		}
	})

	t.Run("grouping again keeps a group's content; clearing removes it", func(t *testing.T) {
		again := applySort(t, e.editor, id, now["version"], map[string]any{"type": "groupBy", "groupBy": "pillar"})
		if groupContent(again, title)["html"] != html {
			t.Fatalf("regrouped content %v", groupContent(again, title))
		}
		group = groupID(again, title)
		cleared := update(again["version"], map[string]any{}).Data(t, 200)
		if groupContent(cleared, title) != nil {
			t.Fatalf("cleared content %v", groupContent(cleared, title))
		}
	})
}
