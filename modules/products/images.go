package products

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"sort"
	"strings"
)

// Product images are drawn on demand from the style/colour (a silhouette of the product type in
// the colourway's colours) instead of being stored: 50,000 rows times three sizes would be
// files nobody edits, and the drawing is deterministic, so browsers may cache it for good.

// imageSizes are the pixel sizes of each kind of image (4:3).
var imageSizes = map[string]image.Point{
	"thumbnail": {160, 120},
	"image":     {480, 360},
	"print":     {1200, 900},
}

type pt struct{ X, Y float64 }

// quad flattens a quadratic Bézier from a (excluded) through control c to b (included).
func quad(a, c, b pt, n int) []pt {
	out := make([]pt, 0, n)
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		u := 1 - t
		out = append(out, pt{u*u*a.X + 2*u*t*c.X + t*t*b.X, u*u*a.Y + 2*u*t*c.Y + t*t*b.Y})
	}
	return out
}

// path builds a polygon from points and curves: each element is a pt, or a [2]pt meaning "curve
// through the first to the second".
func path(parts ...any) []pt {
	var out []pt
	for _, p := range parts {
		switch v := p.(type) {
		case pt:
			out = append(out, v)
		case [2]pt:
			out = append(out, quad(out[len(out)-1], v[0], v[1], 10)...)
		}
	}
	return out
}

func ellipse(cx, cy, rx, ry float64) []pt {
	out := make([]pt, 0, 48)
	for i := 0; i < 48; i++ {
		a := 2 * math.Pi * float64(i) / 48
		out = append(out, pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)})
	}
	return out
}

func rect(x0, y0, x1, y1 float64) []pt { return []pt{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} }

// canvas fills anti-aliased polygons given in unit coordinates (0..1 across the width, 0..0.75
// down the height scaled to 0..1).
type canvas struct {
	img  *image.RGBA
	w, h int
	cov  []float64
	// view moves each point of the drawing before it is filled: the camera of an angle.
	view func(pt) pt
}

func newCanvas(size image.Point, bg color.RGBA) *canvas {
	img := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = bg.R, bg.G, bg.B, 255
	}
	return &canvas{img: img, w: size.X, h: size.Y, cov: make([]float64, size.X+2)}
}

const subSamples = 4

// fill draws poly (even-odd) in c with opacity alpha, by scanline coverage on 4 sub-rows.
func (cv *canvas) fill(poly []pt, c color.RGBA, alpha float64) {
	if len(poly) < 3 {
		return
	}
	pts := make([]pt, len(poly))
	minX, maxX := math.Inf(1), math.Inf(-1)
	minY, maxY := math.Inf(1), math.Inf(-1)
	for i, p := range poly {
		if cv.view != nil {
			p = cv.view(p)
		}
		pts[i] = pt{p.X * float64(cv.w), p.Y * float64(cv.h)}
		minX, maxX = math.Min(minX, pts[i].X), math.Max(maxX, pts[i].X)
		minY, maxY = math.Min(minY, pts[i].Y), math.Max(maxY, pts[i].Y)
	}
	x0, x1 := int(math.Max(0, math.Floor(minX))), int(math.Min(float64(cv.w-1), math.Ceil(maxX)))
	y0, y1 := int(math.Max(0, math.Floor(minY))), int(math.Min(float64(cv.h-1), math.Ceil(maxY)))
	xs := make([]float64, 0, 16)
	for y := y0; y <= y1; y++ {
		for i := x0; i <= x1+1 && i < len(cv.cov); i++ {
			cv.cov[i] = 0
		}
		hit := false
		for s := 0; s < subSamples; s++ {
			sy := float64(y) + (float64(s)+0.5)/subSamples
			xs = xs[:0]
			for i := range pts {
				a, b := pts[i], pts[(i+1)%len(pts)]
				if (a.Y <= sy && b.Y > sy) || (b.Y <= sy && a.Y > sy) {
					xs = append(xs, a.X+(sy-a.Y)*(b.X-a.X)/(b.Y-a.Y))
				}
			}
			sort.Float64s(xs)
			for i := 0; i+1 < len(xs); i += 2 {
				cv.span(xs[i], xs[i+1])
				hit = true
			}
		}
		if !hit {
			continue
		}
		for x := x0; x <= x1; x++ {
			a := cv.cov[x] / subSamples * alpha
			if a <= 0 {
				continue
			}
			if a > 1 {
				a = 1
			}
			o := y*cv.img.Stride + x*4
			p := cv.img.Pix[o : o+3 : o+3]
			p[0] = uint8(float64(p[0])*(1-a) + float64(c.R)*a + 0.5)
			p[1] = uint8(float64(p[1])*(1-a) + float64(c.G)*a + 0.5)
			p[2] = uint8(float64(p[2])*(1-a) + float64(c.B)*a + 0.5)
		}
	}
}

// span adds the coverage of [x0, x1) on one sub-row, with fractional ends.
func (cv *canvas) span(x0, x1 float64) {
	x0, x1 = math.Max(0, x0), math.Min(float64(cv.w), x1)
	if x1 <= x0 {
		return
	}
	i0, i1 := int(x0), int(x1)
	if i0 == i1 {
		cv.cov[i0] += x1 - x0
		return
	}
	cv.cov[i0] += float64(i0+1) - x0
	for i := i0 + 1; i < i1; i++ {
		cv.cov[i]++
	}
	if i1 < cv.w {
		cv.cov[i1] += x1 - float64(i1)
	}
}

// contrast is white or near-black, whichever reads better on c.
func contrast(c color.RGBA) color.RGBA {
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) > 150 {
		return rgb(40, 40, 44)
	}
	return rgb(248, 248, 246)
}

func shadeOf(c color.RGBA, f float64) color.RGBA {
	return rgb(uint8(float64(c.R)*f), uint8(float64(c.G)*f), uint8(float64(c.B)*f))
}

// Angles of a product's gallery (the product detail viewer's angle gallery): the side the
// catalog shows, the other side, and a close-up of the upper. An image file names its angle
// after the kind ("image-medial.png"); none is the side.
const (
	AngleSide   = "side"
	AngleMedial = "medial"
	AngleDetail = "detail"
)

// Angles are the gallery's angles in the order it shows them.
var Angles = []string{AngleSide, AngleMedial, AngleDetail}

// angleViews move the drawing for each angle (unit coordinates, see canvas).
var angleViews = map[string]func(pt) pt{
	AngleSide:   nil,
	AngleMedial: func(p pt) pt { return pt{1 - p.X, p.Y} },
	AngleDetail: func(p pt) pt { return pt{0.5 + (p.X-0.58)*2, 0.5 + (p.Y-0.55)*2} },
}

// imageFile splits an image file name ("image.png", "print-medial.png") into its kind and
// angle; ok is false for any other name.
func imageFile(file string) (kind, angle string, ok bool) {
	name, png := strings.CutSuffix(file, ".png")
	if !png {
		return "", "", false
	}
	kind, angle, dash := strings.Cut(name, "-")
	if dash && angle == "" {
		return "", "", false // "print-.png": a dash names an angle
	}
	if !dash {
		angle = AngleSide
	}
	_, knownKind := imageSizes[kind]
	_, knownAngle := angleViews[angle]
	return kind, angle, knownKind && knownAngle
}

// RenderImage draws the product image of kind (thumbnail, image or print) as PNG.
func RenderImage(w io.Writer, kind, productType, typ, colorCode string) error {
	return RenderAngle(w, kind, AngleSide, productType, typ, colorCode)
}

// RenderAngle draws the product image of kind seen from angle (one of Angles) as PNG.
func RenderAngle(w io.Writer, kind, angle, productType, typ, colorCode string) error {
	size, ok := imageSizes[kind]
	if !ok {
		size = imageSizes["thumbnail"]
	}
	cols := colorsOf(colorCode)
	cv := newCanvas(size, rgb(244, 244, 241))
	cv.view = angleViews[angle]
	cv.fill(ellipse(0.5, 0.86, 0.40, 0.045), rgb(0, 0, 0), 0.10)
	switch productType {
	case "Footwear":
		drawShoe(cv, typ, cols)
	case "Apparel":
		drawGarment(cv, typ, cols)
	default:
		drawDisplay(cv, cols)
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return enc.Encode(w, cv.img)
}

func drawShoe(cv *canvas, typ string, c [3]color.RGBA) {
	upper, sole, accent := c[0], c[1], c[2]
	if sole == upper {
		sole = contrast(upper)
	}
	soleShape := path(pt{0.10, 0.70}, pt{0.86, 0.70}, [2]pt{{0.95, 0.70}, {0.93, 0.78}}, [2]pt{{0.92, 0.82}, {0.84, 0.82}},
		pt{0.14, 0.82}, [2]pt{{0.08, 0.82}, {0.08, 0.76}}, [2]pt{{0.08, 0.70}, {0.10, 0.70}})
	switch typ {
	case "Sandal":
		cv.fill(soleShape, sole, 1)
		cv.fill(path(pt{0.10, 0.66}, pt{0.90, 0.66}, pt{0.90, 0.71}, pt{0.10, 0.71}), shadeOf(sole, 0.85), 1)
		for _, x := range []float64{0.30, 0.52, 0.72} {
			cv.fill(path(pt{x - 0.06, 0.67}, [2]pt{{x, 0.42}, {x + 0.08, 0.67}}, pt{x + 0.04, 0.67}, [2]pt{{x, 0.50}, {x - 0.02, 0.67}}), upper, 1)
		}
		cv.fill(path(pt{0.12, 0.67}, [2]pt{{0.12, 0.50}, {0.20, 0.48}}, pt{0.22, 0.52}, [2]pt{{0.17, 0.54}, {0.17, 0.67}}), accent, 1)
		return
	case "Boot", "Work":
		cv.fill(path(pt{0.12, 0.71}, pt{0.12, 0.22}, [2]pt{{0.12, 0.16}, {0.20, 0.16}}, pt{0.42, 0.16},
			[2]pt{{0.47, 0.16}, {0.47, 0.24}}, pt{0.48, 0.42}, [2]pt{{0.66, 0.46}, {0.84, 0.54}}, [2]pt{{0.94, 0.59}, {0.92, 0.71}}), upper, 1)
		cv.fill(path(pt{0.12, 0.22}, pt{0.47, 0.22}, pt{0.47, 0.26}, pt{0.12, 0.26}), shadeOf(upper, 0.75), 1)
		for i := 0; i < 5; i++ {
			y := 0.26 + float64(i)*0.045
			cv.fill(ellipse(0.45+float64(i)*0.012, y, 0.012, 0.012), accent, 1)
		}
	default:
		cv.fill(path(pt{0.12, 0.71}, pt{0.11, 0.56}, [2]pt{{0.11, 0.40}, {0.20, 0.38}}, [2]pt{{0.27, 0.46}, {0.38, 0.41}},
			pt{0.44, 0.30}, pt{0.51, 0.32}, [2]pt{{0.68, 0.47}, {0.85, 0.55}}, [2]pt{{0.95, 0.60}, {0.92, 0.71}}), upper, 1)
		cv.fill(path(pt{0.30, 0.63}, [2]pt{{0.55, 0.68}, {0.80, 0.53}}, pt{0.78, 0.60}, [2]pt{{0.55, 0.74}, {0.28, 0.68}}), accent, 0.95)
		for i := 0; i < 4; i++ {
			x, y := 0.47+float64(i)*0.045, 0.37+float64(i)*0.03
			cv.fill(path(pt{x - 0.025, y - 0.012}, pt{x + 0.025, y + 0.01}, pt{x + 0.02, y + 0.022}, pt{x - 0.03, y}), contrast(upper), 0.9)
		}
	}
	cv.fill(soleShape, sole, 1)
	cv.fill(path(pt{0.10, 0.79}, pt{0.93, 0.79}, pt{0.91, 0.82}, pt{0.12, 0.82}), shadeOf(sole, 0.8), 1)
}

func drawGarment(cv *canvas, typ string, c [3]color.RGBA) {
	body, trim, accent := c[0], c[1], c[2]
	if trim == body {
		trim = shadeOf(body, 0.8)
	}
	switch typ {
	case "Pant", "Short", "Legging":
		hem := 0.86
		if typ == "Short" {
			hem = 0.55
		}
		cv.fill(path(pt{0.33, 0.14}, pt{0.67, 0.14}, pt{0.70, hem}, pt{0.53, hem}, pt{0.50, 0.36}, pt{0.47, hem}, pt{0.30, hem}), body, 1)
		cv.fill(rect(0.33, 0.12, 0.67, 0.19), trim, 1)
		cv.fill(path(pt{0.66, 0.22}, pt{0.675, 0.22}, pt{0.69, hem - 0.02}, pt{0.675, hem - 0.02}), accent, 0.9)
	case "Hat", "Socks":
		cv.fill(path(pt{0.28, 0.56}, [2]pt{{0.28, 0.20}, {0.50, 0.20}}, [2]pt{{0.72, 0.20}, {0.72, 0.56}}), body, 1)
		cv.fill(path(pt{0.60, 0.52}, pt{0.86, 0.58}, [2]pt{{0.88, 0.64}, {0.80, 0.64}}, pt{0.60, 0.60}), trim, 1)
		cv.fill(ellipse(0.50, 0.21, 0.025, 0.018), accent, 1)
		cv.fill(path(pt{0.40, 0.36}, pt{0.60, 0.36}, pt{0.60, 0.42}, pt{0.40, 0.42}), accent, 0.9)
	default:
		cv.fill(path(pt{0.36, 0.16}, [2]pt{{0.50, 0.26}, {0.64, 0.16}}, pt{0.86, 0.30}, pt{0.78, 0.44}, pt{0.70, 0.38},
			pt{0.70, 0.86}, pt{0.30, 0.86}, pt{0.30, 0.38}, pt{0.22, 0.44}, pt{0.14, 0.30}), body, 1)
		cv.fill(path(pt{0.36, 0.16}, [2]pt{{0.50, 0.26}, {0.64, 0.16}}, pt{0.60, 0.16}, [2]pt{{0.50, 0.22}, {0.40, 0.16}}), trim, 1)
		if typ == "Hoodie" || typ == "Jacket" || typ == "Vest" {
			cv.fill(rect(0.495, 0.22, 0.505, 0.86), trim, 1)
		}
		cv.fill(rect(0.30, 0.50, 0.70, 0.55), accent, 0.9)
		cv.fill(rect(0.30, 0.82, 0.70, 0.86), trim, 1)
	}
}

func drawDisplay(cv *canvas, c [3]color.RGBA) {
	frame, panel, accent := c[0], c[1], c[2]
	if panel == frame {
		panel = contrast(frame)
	}
	cv.fill(rect(0.28, 0.10, 0.72, 0.84), frame, 1)
	cv.fill(rect(0.31, 0.13, 0.69, 0.81), panel, 1)
	for i := 0; i < 4; i++ {
		y := 0.28 + float64(i)*0.14
		cv.fill(rect(0.31, y, 0.69, y+0.02), shadeOf(frame, 0.85), 1)
	}
	cv.fill(rect(0.31, 0.13, 0.69, 0.22), accent, 1)
	cv.fill(ellipse(0.50, 0.175, 0.06, 0.03), contrast(accent), 1)
}
