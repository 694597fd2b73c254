package uploads_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"its/core/pdf"
)

// browser starts a real Chromium or skips when this machine has none.
func browser(t *testing.T) *pdf.Renderer {
	t.Helper()
	r := pdf.NewRenderer("", 1, slog.New(slog.DiscardHandler))
	if _, err := r.ChromiumPath(); err != nil {
		t.Skipf("no Chromium: %v", err)
	}
	t.Cleanup(r.Close)
	return r
}

// TestUploadedSVGScriptDoesNotRun: an editor uploads an SVG carrying script; whoever opens its
// link, on its own or framed by an ITS page, must not run that script as ITS.
func TestUploadedSVGScriptDoesNotRun(t *testing.T) {
	r := browser(t)
	e := start(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c := e.app.Client()
	c.Login("editor@example.com")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="localStorage.setItem('pwned', 'onload')">` +
		`<script>localStorage.setItem('pwned', 'script')</script><rect width="10" height="10"/></svg>`)
	d := create(t, c, map[string]any{"filename": "logo.svg", "fileSize": len(svg), "usageType": "document", "folder": "Left"})
	etag := e.put(t, urls(d)[0], svg)
	if res := c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{etag}}); res.Status != 200 {
		t.Fatalf("complete: %d %s", res.Status, res.Raw)
	}
	signed, err := e.store.SignedGetURL(ctx, d["key"].(string), "", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	blob := e.abs(signed)

	res, err := http.Get(blob)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	h := res.Header
	if res.StatusCode != 200 || h.Get("Content-Type") != "image/svg+xml" || h.Get("X-Content-Type-Options") != "nosniff" ||
		!strings.HasPrefix(h.Get("Content-Disposition"), "attachment") || !strings.Contains(h.Get("Content-Security-Policy"), "sandbox") {
		t.Errorf("blob answer %d with headers %v", res.StatusCode, h)
	}

	home := e.app.URL + "/api/health"
	frame, _ := json.Marshal(blob)
	var pwned string
	err = r.Browse(ctx, func(tab context.Context) error {
		if err := chromedp.Do(tab, chromedp.Navigate(home)); err != nil {
			return err
		}
		// Framed by a page of ITS's origin.
		if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`new Promise(done => {
			const f = document.createElement('iframe');
			f.onload = () => setTimeout(() => done(true), 300);
			f.src = `+string(frame)+`;
			document.body.appendChild(f);
			setTimeout(() => done(false), 3000);
		})`, chromedp.EvalAwaitPromise)); err != nil {
			return err
		}
		// Opened on its own (a download is an aborted navigation: not an error here).
		_ = chromedp.Do(tab, chromedp.Navigate(blob), chromedp.Sleep(300*time.Millisecond))
		if err := chromedp.Do(tab, chromedp.Navigate(home)); err != nil {
			return err
		}
		pwned, err = chromedp.Run(tab, chromedp.Evaluate[string](`localStorage.getItem('pwned') ?? ''`))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if pwned != "" {
		t.Fatalf("the SVG's script ran as ITS (%s)", pwned)
	}
}
