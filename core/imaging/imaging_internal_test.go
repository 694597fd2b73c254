package imaging

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"testing"
	"time"
)

func grayPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDecodesShareAPixelBudget: a decode waits while other decodes hold the server's pixel
// budget, and goes on once they are done; an image larger than the whole budget (but within the
// pixel limit) takes all of it rather than waiting forever.
func TestDecodesShareAPixelBudget(t *testing.T) {
	img := grayPNG(t, 100, 100) // 10,000 pixels
	d := NewDecoder(1_000_000, 15_000)

	if err := d.budget.Acquire(context.Background(), 10_000); err != nil {
		t.Fatal(err)
	}
	// The wait is bounded by the caller's context only: the decode must not start.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, _, _, err := d.Thumbnail(ctx, bytes.NewReader(img), 40); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a decode over the budget's room went ahead: %v", err)
	}
	d.budget.Release(10_000)
	if _, w, h, err := d.Thumbnail(context.Background(), bytes.NewReader(img), 40); err != nil || w != 100 || h != 100 {
		t.Fatalf("decode with room: %d x %d, %v", w, h, err)
	}

	small := NewDecoder(1_000_000, 5_000)
	if _, _, _, err := small.Thumbnail(context.Background(), bytes.NewReader(img), 40); err != nil {
		t.Fatalf("an image larger than the budget: %v", err)
	}
}

// TestThumbnailFitsAndRefusesTooManyPixels: a wide image is scaled to the size on its long side,
// a small one kept as it is, and one over the pixel limit refused from its header.
func TestThumbnailFitsAndRefusesTooManyPixels(t *testing.T) {
	d := NewDecoder(50_000, 100_000)
	for _, c := range []struct{ w, h, size, ww, wh int }{{200, 100, 40, 40, 20}, {30, 60, 40, 20, 40}, {10, 10, 40, 10, 10}} {
		thumb, w, h, err := d.Thumbnail(context.Background(), bytes.NewReader(grayPNG(t, c.w, c.h)), c.size)
		if err != nil || w != c.w || h != c.h {
			t.Fatalf("%dx%d: %d x %d, %v", c.w, c.h, w, h, err)
		}
		got, err := jpeg.DecodeConfig(bytes.NewReader(thumb))
		if err != nil || got.Width != c.ww || got.Height != c.wh {
			t.Fatalf("%dx%d thumbnail: %+v, %v", c.w, c.h, got, err)
		}
	}
	if _, w, h, err := d.Thumbnail(context.Background(), bytes.NewReader(grayPNG(t, 300, 300)), 40); !errors.Is(err, ErrTooManyPixels) || w != 300 || h != 300 {
		t.Fatalf("90,000 pixels over a 50,000 limit: %d x %d, %v", w, h, err)
	}
}
