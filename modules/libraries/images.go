package libraries

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"strings"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"its/core/imaging"
	"its/core/pdf"
)

// ThumbnailSize bounds the longer side of a generated thumbnail.
const ThumbnailSize = 400

// errNoPreview means the file's type has no previewer.
var errNoPreview = errors.New("libraries: no previewer for this type")

// Previewer turns a file into a JPEG thumbnail and reports the source's pixel size.
type Previewer interface {
	Preview(ctx context.Context, contentType string, src io.Reader) (thumb []byte, width, height int, err error)
}

// previewers tries each previewer in turn until one knows the type.
type previewers []Previewer

func (ps previewers) Preview(ctx context.Context, contentType string, src io.Reader) ([]byte, int, int, error) {
	for _, p := range ps {
		thumb, w, h, err := p.Preview(ctx, contentType, src)
		if !errors.Is(err, errNoPreview) {
			return thumb, w, h, err
		}
	}
	return nil, 0, 0, errNoPreview
}

// pdfPreviewer draws a PDF's first page; the dimensions are the page's size in points (pixels
// at 72 dpi).
type pdfPreviewer struct {
	r   *pdf.Renderer
	dec *imaging.Decoder
}

// maxPreviewPDF bounds what is read into memory to draw a first page.
const maxPreviewPDF = 256 << 20

func (p pdfPreviewer) Preview(ctx context.Context, contentType string, src io.Reader) ([]byte, int, int, error) {
	if contentType != "application/pdf" {
		return nil, 0, 0, errNoPreview
	}
	doc, err := io.ReadAll(io.LimitReader(src, maxPreviewPDF+1))
	if err != nil {
		return nil, 0, 0, err
	}
	if len(doc) > maxPreviewPDF {
		return nil, 0, 0, errNoPreview
	}
	page, err := p.r.FirstPagePNG(ctx, doc)
	if errors.Is(err, pdf.ErrUnavailable) {
		return nil, 0, 0, fmt.Errorf("%w: %v", errNoPreview, err)
	}
	if err != nil {
		return nil, 0, 0, err
	}
	return p.dec.Thumbnail(ctx, bytes.NewReader(page), ThumbnailSize)
}

// imagePreviewer handles what Go's image packages decode: JPEG, PNG, GIF.
type imagePreviewer struct{ dec *imaging.Decoder }

func (p imagePreviewer) Preview(ctx context.Context, contentType string, src io.Reader) ([]byte, int, int, error) {
	switch contentType {
	case "image/jpeg", "image/png", "image/gif":
	default:
		return nil, 0, 0, errNoPreview
	}
	return p.dec.Thumbnail(ctx, src, ThumbnailSize)
}

// placeholder draws a demo picture: a colour field with stripes, a shoe silhouette and the
// asset's name, so the demo libraries look like libraries.
func placeholder(w, h int, bg, accent color.RGBA, label, sub string, seed int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{bg}, image.Point{}, draw.Src)
	// Bands in the accent colour, lightly (whole rectangles: cheap for hundreds of demo files).
	stripe := &image.Uniform{color.RGBA{accent.R / 4, accent.G / 4, accent.B / 4, 64}}
	period := 24 + seed%5*8
	for x := seed % period; x < w; x += period {
		draw.Draw(img, image.Rect(x, 0, x+period/3, h), stripe, image.Point{}, draw.Over)
	}
	// A sneaker: sole, upper and a swoosh-like band, scaled to the picture.
	s := float64(min(w, h)) / 300
	cx, cy := float64(w)/2, float64(h)*0.58
	dark := color.RGBA{30, 30, 34, 255}
	white := color.RGBA{245, 245, 240, 255}
	fillPoly(img, []pt{{-120, 40}, {125, 40}, {130, 58}, {-125, 58}}, cx, cy, s, dark)
	fillPoly(img, []pt{{-115, 40}, {-110, -10}, {-70, -30}, {-20, -70}, {25, -72}, {40, -40}, {90, -15}, {125, 10}, {125, 40}}, cx, cy, s, accent)
	fillPoly(img, []pt{{-80, 10}, {40, -30}, {100, 5}, {-60, 25}}, cx, cy, s, white)
	fillPoly(img, []pt{{-18, -68}, {22, -70}, {30, -50}, {-10, -45}}, cx, cy, s, dark)
	// Name band: the name wrapped to the picture's width, so narrow portrait pictures keep it whole.
	const lineH, glyphW, pad = 16, 7, 12
	cols := max(8, (w-2*pad)/glyphW)
	lines := append(wrapWords(label, cols), clip(sub, cols))
	top := h - 12 - lineH*len(lines)
	draw.Draw(img, image.Rect(0, top, w, h), &image.Uniform{color.RGBA{0, 0, 0, 170}}, image.Point{}, draw.Over)
	for i, l := range lines {
		c := white
		if i == len(lines)-1 {
			c = color.RGBA{200, 200, 200, 255}
		}
		text(img, pad, top+lineH*(i+1), l, c)
	}
	return img
}

// wrapWords breaks s into lines of at most cols characters at spaces (three lines at most).
func wrapWords(s string, cols int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		switch {
		case line == "":
			line = word
		case len(line)+1+len(word) <= cols:
			line += " " + word
		default:
			lines = append(lines, clip(line, cols))
			line = word
		}
	}
	lines = append(lines, clip(line, cols))
	if len(lines) > 3 {
		lines = append(lines[:2], clip(strings.Join(lines[2:], " "), cols))
	}
	return lines
}

// clip shortens s to cols characters, marking the cut.
func clip(s string, cols int) string {
	if len(s) <= cols {
		return s
	}
	return s[:cols-1] + "~"
}

type pt struct{ x, y float64 }

// fillPoly fills a polygon given around (cx, cy) at scale s (even-odd scanlines).
func fillPoly(img *image.RGBA, poly []pt, cx, cy, s float64, c color.RGBA) {
	minY, maxY := math.Inf(1), math.Inf(-1)
	ps := make([]pt, len(poly))
	for i, p := range poly {
		ps[i] = pt{cx + p.x*s, cy + p.y*s}
		minY, maxY = math.Min(minY, ps[i].y), math.Max(maxY, ps[i].y)
	}
	b := img.Bounds()
	for y := int(math.Max(minY, 0)); y <= int(math.Min(maxY, float64(b.Max.Y-1))); y++ {
		fy := float64(y) + 0.5
		var xs []float64
		for i := range ps {
			a, bb := ps[i], ps[(i+1)%len(ps)]
			if (a.y <= fy && bb.y > fy) || (bb.y <= fy && a.y > fy) {
				xs = append(xs, a.x+(fy-a.y)/(bb.y-a.y)*(bb.x-a.x))
			}
		}
		for i := 1; i < len(xs); i++ {
			for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
				xs[j], xs[j-1] = xs[j-1], xs[j]
			}
		}
		for i := 0; i+1 < len(xs); i += 2 {
			for x := int(math.Max(xs[i], 0)); x < int(math.Min(xs[i+1], float64(b.Max.X))); x++ {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

func text(img *image.RGBA, x, y int, s string, c color.RGBA) {
	d := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	return buf.Bytes(), err
}

func encodeJPEG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	return buf.Bytes(), err
}
