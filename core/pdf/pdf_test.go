package pdf_test

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"log/slog"
	"regexp"
	"sync"
	"testing"
	"time"

	"its/core/pdf"
)

// renderer starts a real Chromium pool or skips when this machine has no Chromium.
func renderer(t testing.TB) *pdf.Renderer {
	t.Helper()
	r := pdf.NewRenderer("", 2, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if _, err := r.ChromiumPath(); err != nil {
		t.Skipf("no Chromium binary found (make deps-chromium installs it): %v", err)
	}
	t.Cleanup(r.Close)
	return r
}

var pageRe = regexp.MustCompile(`/Type\s*/Page[^s]`)

const sheet = `<!doctype html><html><head><style>@page{size:Letter;margin:0.5in}body{font-family:sans-serif}
h1{color:#c8102e}.band{background:#1d4f91;color:white;padding:12px}</style></head>
<body><h1>Spring '26 Trail Runner</h1><div class="band">Style 1204-BLK · Black/Red · sizes 7–13</div></body></html>`

func TestRenderHTML(t *testing.T) {
	r := renderer(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := r.RenderHTML(ctx, sheet, pdf.Options{PreferCSSPageSize: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", out[:min(len(out), 16)])
	}
	if n := len(pageRe.FindAll(out, -1)); n != 1 {
		t.Fatalf("pages = %d, want 1", n)
	}

	// Concurrent renders share the two warm tabs and each gets a whole PDF.
	var wg sync.WaitGroup
	errs := make([]error, 5)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := r.RenderHTML(ctx, sheet, pdf.Options{Landscape: true})
			if err == nil && !bytes.HasPrefix(b, []byte("%PDF-")) {
				err = io.ErrUnexpectedEOF
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("render %d: %v", i, err)
		}
	}
}

func TestScreenshot(t *testing.T) {
	r := renderer(t)
	ctx := context.Background()
	out, err := r.Screenshot(ctx, `<body style="margin:0;background:rgb(200,16,46)"></body>`, 320, 200)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 320 || b.Dy() != 200 {
		t.Fatalf("size %v, want 320x200", b)
	}
	if cr, cg, cb, _ := img.At(10, 10).RGBA(); cr>>8 != 200 || cg>>8 != 16 || cb>>8 != 46 {
		t.Fatalf("pixel = %d,%d,%d, want the page's red", cr>>8, cg>>8, cb>>8)
	}
	// A URL is navigated to, at the size asked.
	out, err = r.Screenshot(ctx, "data:text/html,<p>hello</p>", 100, 80)
	if err != nil {
		t.Fatal(err)
	}
	if img, err = png.Decode(bytes.NewReader(out)); err != nil || img.Bounds().Dx() != 100 {
		t.Fatalf("url screenshot: %v %v", err, img.Bounds())
	}
	if _, err := r.Screenshot(ctx, "<p>x</p>", 0, 10); err == nil {
		t.Fatal("a zero width was accepted")
	}
}

func TestFirstPagePNG(t *testing.T) {
	r := renderer(t)
	ctx := context.Background()
	// Two Letter pages: the first red, the second blue.
	doc, err := r.RenderHTML(ctx, `<style>@page{size:Letter;margin:0}body{margin:0}div{height:11in}</style>
		<div style="background:rgb(200,16,46)"></div><div style="background:rgb(29,79,145)"></div>`, pdf.Options{PreferCSSPageSize: true})
	if err != nil {
		t.Fatal(err)
	}
	out, err := r.FirstPagePNG(ctx, doc)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 612 || b.Dy() != 792 {
		t.Fatalf("size %v, want a Letter page at 72 dpi (612x792)", b)
	}
	if cr, _, cb, _ := img.At(300, 400).RGBA(); cr>>8 < 150 || cb>>8 > 100 {
		t.Fatalf("centre pixel is not the first page's red: r=%d b=%d", cr>>8, cb>>8)
	}
	if _, err := r.FirstPagePNG(ctx, []byte("PK\x03\x04 not a pdf")); err == nil {
		t.Fatal("a zip was rendered as a PDF")
	}
}

func TestClosedRendererFails(t *testing.T) {
	r := renderer(t)
	r.Close()
	if _, err := r.RenderHTML(context.Background(), "<p>x</p>", pdf.Options{}); err == nil {
		t.Fatal("a closed renderer rendered")
	}
}
