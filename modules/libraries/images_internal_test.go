package libraries

import (
	"bytes"
	"context"
	"errors"
	"image"
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
	d := newBoundedDecoder(1_000_000, 15_000)

	if err := d.budget.Acquire(context.Background(), 10_000); err != nil {
		t.Fatal(err)
	}
	// The wait is bounded by the caller's context only: the decode must not start.
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, _, _, err := d.thumbnail(ctx, bytes.NewReader(img)); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a decode over the budget's room went ahead: %v", err)
	}
	d.budget.Release(10_000)
	if _, w, h, err := d.thumbnail(context.Background(), bytes.NewReader(img)); err != nil || w != 100 || h != 100 {
		t.Fatalf("decode with room: %d x %d, %v", w, h, err)
	}

	small := newBoundedDecoder(1_000_000, 5_000)
	if _, _, _, err := small.thumbnail(context.Background(), bytes.NewReader(img)); err != nil {
		t.Fatalf("an image larger than the budget: %v", err)
	}
}
