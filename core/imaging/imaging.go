// Package imaging draws JPEG previews of uploaded images within memory bounds: an image's header
// says its size, checked against a limit before any pixel is inflated, and all decodes of the
// server share a budget of pixels held at once, so parallel jobs wait rather than exhaust memory.
package imaging

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // decoders the previews read
	"image/jpeg"
	_ "image/png"
	"io"
	"math"

	"golang.org/x/image/draw"
	"golang.org/x/sync/semaphore"
)

// ErrTooManyPixels is an image larger than the decoder's pixel limit.
var ErrTooManyPixels = errors.New("imaging: the image has too many pixels")

// Decoder decodes images within a pixel limit and a shared pixel budget.
type Decoder struct {
	maxPixels int64
	budget    *semaphore.Weighted
	size      int64
}

// NewDecoder gives a decoder refusing images over maxPixels, with budget pixels decoded at once.
func NewDecoder(maxPixels, budget int64) *Decoder {
	return &Decoder{maxPixels: maxPixels, budget: semaphore.NewWeighted(budget), size: budget}
}

// Thumbnail decodes src and draws its JPEG preview fitting size x size, answering the source's
// pixel size.
func (d *Decoder) Thumbnail(ctx context.Context, src io.Reader, size int) ([]byte, int, int, error) {
	var head bytes.Buffer
	cfg, _, err := image.DecodeConfig(io.TeeReader(src, &head))
	if err != nil {
		return nil, 0, 0, err
	}
	px := int64(cfg.Width) * int64(cfg.Height)
	if px > d.maxPixels {
		return nil, cfg.Width, cfg.Height, fmt.Errorf("%w: %d x %d, the limit is %d pixels", ErrTooManyPixels, cfg.Width, cfg.Height, d.maxPixels)
	}
	weight := max(1, min(px, d.size))
	if err := d.budget.Acquire(ctx, weight); err != nil {
		return nil, 0, 0, err
	}
	defer d.budget.Release(weight)
	img, _, err := image.Decode(io.MultiReader(&head, src))
	if err != nil {
		return nil, 0, 0, err
	}
	b := img.Bounds()
	thumb, err := Scale(img, size)
	return thumb, b.Dx(), b.Dy(), err
}

// Scale fits img into size x size (never enlarging it) on white and encodes it as JPEG.
func Scale(img image.Image, size int) ([]byte, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > size || h > size {
		if w >= h {
			w, h = size, int(math.Max(1, float64(h)*float64(size)/float64(w)))
		} else {
			w, h = int(math.Max(1, float64(w)*float64(size)/float64(h))), size
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 82})
	return buf.Bytes(), err
}
