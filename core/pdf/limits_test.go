package pdf_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"its/core/imaging"
	"its/core/pdf"
)

// bombPDF is the 197-byte PDF of the report: one page whose MediaBox is 14,400 points square,
// 207 million pixels at the preview's 72 dpi, and nothing to draw on it.
const bombPDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj " +
	"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 14400 14400]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"

// pagePDF is a one-page PDF of w x h points, filled grey.
func pagePDF(w, h int) []byte {
	fill := fmt.Sprintf("0.5 g 0 0 %d %d re f", w, h)
	return pdf.Assemble([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents 4 0 R >>", w, h),
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(fill), fill),
	})
}

func poppler(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"pdftoppm", "pdfinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s (poppler-utils) is not installed: make deps-chromium installs it", tool)
		}
	}
}

// TestFirstPageRefusesHugePage: the page is measured before anything is rasterised, so the
// 197-byte bomb is refused with the images' pixel error and pdftoppm never starts; a Letter
// page still previews.
func TestFirstPageRefusesHugePage(t *testing.T) {
	poppler(t)
	if len(bombPDF) != 197 {
		t.Fatalf("the bomb is %d bytes", len(bombPDF))
	}
	r := pdf.NewRenderer("", 1, slog.New(slog.DiscardHandler))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	// A pdftoppm ahead on PATH that only notes it was started tells whether the real one would have.
	dir := t.TempDir()
	mark := filepath.Join(dir, "started")
	script := "#!/bin/sh\ntouch '" + mark + "'\nexit 1\n"
	if err := os.WriteFile(filepath.Join(dir, "pdftoppm"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	_, err := r.FirstPagePNG(ctx, []byte(bombPDF))
	if !errors.Is(err, imaging.ErrTooManyPixels) {
		t.Fatalf("bomb: err = %v, want the pixel limit's refusal", err)
	}
	if _, serr := os.Stat(mark); serr == nil {
		t.Fatal("pdftoppm was started for a page over the pixel limit")
	}
	t.Logf("refused: %v", err)
}

func TestFirstPageStillPreviews(t *testing.T) {
	poppler(t)
	r := pdf.NewRenderer("", 1, slog.New(slog.DiscardHandler))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for _, c := range []struct{ w, h int }{{612, 792}, {792, 612}, {7000, 7000}} {
		out, err := r.FirstPagePNG(ctx, pagePDF(c.w, c.h))
		if err != nil {
			t.Fatalf("%dx%d: %v", c.w, c.h, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(out))
		if err != nil || cfg.Width != c.w || cfg.Height != c.h {
			t.Fatalf("%dx%d: preview %dx%d %v", c.w, c.h, cfg.Width, cfg.Height, err)
		}
	}
	// A Letter page turned a quarter previews turned: 792 wide, 612 high.
	turned := pdf.Assemble([]string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Rotate 90 >>"})
	out, err := r.FirstPagePNG(ctx, turned)
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(out)); err != nil || cfg.Width != 792 || cfg.Height != 612 {
		t.Fatalf("turned Letter: preview %dx%d %v", cfg.Width, cfg.Height, err)
	}
}

// TestFirstPageMemoryLimit: pdftoppm runs within the converter memory limit, so a page under
// the pixel limit that needs more memory than allowed fails instead of taking it.
func TestFirstPageMemoryLimit(t *testing.T) {
	poppler(t)
	r := pdf.NewRenderer("", 1, slog.New(slog.DiscardHandler))
	r.SetLimits(pdf.Limits{MaxPixels: 50_000_000, ConverterMemory: 64 << 20})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := r.FirstPagePNG(ctx, pagePDF(612, 792)); err != nil {
		t.Fatalf("a Letter page within 64 MiB: %v", err)
	}
	// 16 million pixels, 48 MB of bitmap before the PNG is written.
	out, err := r.FirstPagePNG(ctx, pagePDF(4000, 4000))
	if err == nil {
		t.Fatalf("a 4000 x 4000 page rendered within 64 MiB (%d bytes)", len(out))
	}
	if errors.Is(err, imaging.ErrTooManyPixels) {
		t.Fatalf("refused by the pixel limit, not the memory limit: %v", err)
	}
}

// TestChromiumHeapLimit: a page's JavaScript cannot grow past the renderer's heap limit (its
// renderer crashes, and the render fails at once rather than at its deadline), and the pool goes
// on rendering.
func TestChromiumHeapLimit(t *testing.T) {
	r := renderer(t)
	r.SetLimits(pdf.Limits{ChromiumJSHeapMB: 64})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// About 300 MB of live objects.
	hog := `<!doctype html><p>hog</p><script>const a = []; for (let i = 0; i < 4e6; i++) a.push({i, s: 'x' + i, t: [i]}); document.body.dataset.n = a.length</script>`
	out, err := r.RenderHTML(ctx, hog, pdf.Options{})
	if !errors.Is(err, pdf.ErrCrashed) {
		t.Fatalf("a page holding 300 MB of JavaScript objects under a 64 MB heap: %v (%d bytes)", err, len(out))
	}
	if _, err := r.RenderHTML(ctx, sheet, pdf.Options{PreferCSSPageSize: true}); err != nil {
		t.Fatalf("after the failed page: %v", err)
	}
}
