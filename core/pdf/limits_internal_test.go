package pdf

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"os/exec"
	"testing"
	"time"
)

func TestParsePageInfo(t *testing.T) {
	out := "Pages:           1\nPage    1 size:  612 x 792 pts (letter)\nPage    1 rot:   90\n" +
		"Page    1 MediaBox:      0.00     0.00   612.00   792.00\nPage    1 CropBox:       0.00     0.00   100.00   100.00\n"
	p, err := parsePageInfo([]byte(out))
	if err != nil || p.w != 612 || p.h != 792 {
		t.Fatalf("rotated Letter: %+v %v, want its MediaBox unturned", p, err)
	}
	for _, bad := range []string{"", "Page    1 MediaBox: 0 0 0 792\n", "Page    1 MediaBox: 0 0 nan 792\n", "Page    1 MediaBox: 0 0 612\n"} {
		if _, err := parsePageInfo([]byte(bad)); err == nil {
			t.Fatalf("%q: no error", bad)
		}
	}
	if _, _, ok := (pageSize{w: 1e300, h: 1e300}).pixels(72, 50_000_000); ok {
		t.Fatal("a page of 1e300 points fits the limit")
	}
}

// FuzzParsePageInfo: whatever pdfinfo prints, the size read is finite and positive or an error,
// and its pixel count never overflows past the limit.
func FuzzParsePageInfo(f *testing.F) {
	f.Add([]byte("Page    1 rot:   0\nPage    1 MediaBox:      0.00     0.00 14400.00 14400.00\n"))
	f.Add([]byte("Page    1 MediaBox: -1e308 0 1e308 5\nPage    1 rot: -270\n"))
	f.Fuzz(func(t *testing.T, out []byte) {
		p, err := parsePageInfo(out)
		if err != nil {
			return
		}
		if !(p.w > 0 && p.h > 0) || math.IsInf(p.w, 0) || math.IsInf(p.h, 0) {
			t.Fatalf("size %+v", p)
		}
		if w, h, ok := p.pixels(72, 50_000_000); ok && (w < 0 || h < 0 || w*h > 50_000_000) {
			t.Fatalf("%d x %d passed the limit", w, h)
		}
	})
}

// TestPixelBudget: a first page waits for room in the renderer's pixel budget, so parallel
// previews cannot draw more at once than the budget; it draws once the room is given back.
func TestPixelBudget(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed")
	}
	r := NewRenderer("", 1, slog.New(slog.DiscardHandler))
	r.SetLimits(Limits{BudgetPixels: 1_000_000})
	letter := Assemble([]string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"})
	held, err := r.reserve(context.Background(), 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	_, err = r.FirstPagePNG(ctx, letter)
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a page drew while the budget was taken: %v", err)
	}
	held()
	if _, err := r.FirstPagePNG(context.Background(), letter); err != nil {
		t.Fatal(err)
	}
}
