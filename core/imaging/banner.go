package imaging

import (
	"image"
	"image/color"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// BannerLine is a line of a banner's text: its words, how many times the built-in 7x13 face
// is enlarged, and the top of the line in pixels.
type BannerLine struct {
	Text  string
	Scale int
	Top   int
}

// Banner draws a w x h picture for demo data (a cover picture, a banner in a page's
// content): a diagonal blend from one colour to another, light bands shifted by phase, and the
// lines in white from the left edge at left.
func Banner(w, h int, from, to color.RGBA, phase, left int, lines []BannerLine) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := float64(x+y) / float64(w+h)
			band := 0.0
			if (x+2*y+phase)%220 < 40 {
				band = 18
			}
			mix := func(a, b uint8) uint8 { return uint8(min(255, float64(a)*(1-t)+float64(b)*t+band)) }
			img.SetRGBA(x, y, color.RGBA{mix(from.R, to.R), mix(from.G, to.G), mix(from.B, to.B), 255})
		}
	}
	for _, l := range lines {
		text := image.NewRGBA(image.Rect(0, 0, 7*len(l.Text)+2, 14))
		d := font.Drawer{Dst: text, Src: image.NewUniform(color.RGBA{255, 255, 255, 235}), Face: basicfont.Face7x13, Dot: fixed.P(1, 11)}
		d.DrawString(l.Text)
		tw, th := text.Bounds().Dx()*l.Scale, text.Bounds().Dy()*l.Scale
		draw.NearestNeighbor.Scale(img, image.Rect(left, l.Top, left+tw, l.Top+th), text, text.Bounds(), draw.Over, nil)
	}
	return img
}
