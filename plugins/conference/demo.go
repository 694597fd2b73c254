package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"os"
	"strings"
	"sync/atomic"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"its/core/pdf"
	"its/core/plugins/sdk"
)

// demoEnabled: demo content is generated unless the installation runs in production or with
// demo data off (the core's ITS_ENV and ITS_DEMO reach the plugin's environment).
func demoEnabled() bool {
	return os.Getenv("ITS_ENV") != "production" && !strings.EqualFold(os.Getenv("ITS_DEMO"), "false")
}

// preparing is set while this process generates the demo content.
var preparing atomic.Bool

// ensureDemo starts generating the demo content once per installation (the first server to
// claim it does it): posters, catalog pages, ads, PDFs and films drawn here (nothing is
// downloaded), stored through the host's blob store. The pages wait while it runs.
func ensureDemo(ctx context.Context, h host, c *Catalogue) error {
	if preparing.Load() {
		return nil
	}
	n, err := h.DBExec(ctx, `INSERT INTO demo_seed (id) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM items) ON CONFLICT DO NOTHING`)
	if err != nil || n == 0 {
		return err
	}
	preparing.Store(true)
	go func() {
		defer preparing.Store(false)
		if err := seedDemo(context.Background(), h, c); err != nil {
			sdk.Log.Error("demo content not generated", "error", err)
		}
	}()
	return nil
}

func seedDemo(ctx context.Context, h host, c *Catalogue) error {
	a := &app{cat: c}
	films := demoVideos(ctx, filmSpecs(c))
	for _, e := range c.Events {
		for _, it := range demoItems(c, &e) {
			if it.film != "" {
				if v := films[it.film]; v != nil {
					it.data = v
				} else {
					// No browser to record with: the item is its poster.
					it.kind, it.contentType, it.ext, it.data, it.poster = "image", "image/jpeg", ".jpg", it.poster, nil
				}
			}
			if _, err := a.insert(ctx, h, it); err != nil {
				return fmt.Errorf("demo item %s/%s/%s: %w", e.ID, it.section, it.title, err)
			}
		}
	}
	sdk.Log.Info("demo content generated")
	return nil
}

// filmKey names the demo film an item of section/tab shows (one film per category and session
// slot, shared by the events; each item keeps its own copy in the blob store).
func filmKey(section, tab string) string {
	if tab == "" {
		return section
	}
	return section + "-" + tab
}

// filmSpecs are the demo films: one per category, the welcome film and the general sessions.
func filmSpecs(c *Catalogue) []videoSpec {
	var out []videoSpec
	for _, cat := range c.Categories {
		out = append(out, videoSpec{Key: filmKey("categories", cat), Kicker: "CATEGORY FILM", Title: cat, Event: "Global conference", BG: "#1b2a33", Accent: "#f4b942"})
	}
	out = append(out,
		videoSpec{Key: filmKey("sessions", ""), Kicker: "GENERAL SESSION", Title: "Live from the main stage", Event: "Global conference", BG: "#2b1b33", Accent: "#e8875b"},
		videoSpec{Key: filmKey("welcome", ""), Kicker: "WELCOME", Title: "Welcome to the conference", Event: "Global conference", BG: "#22333b", Accent: "#c6ac8f"})
	return out
}

func eventName(e *Event) string { return fmt.Sprintf("%s '%02d", e.Season, e.Year%100) }

// demoItems is an event's demo content.
func demoItems(c *Catalogue, e *Event) []newItem {
	bg, accent := parseHex(e.Background), parseHex(e.Accent)
	name := eventName(e)
	var out []newItem
	img := func(section, tab, title, desc, kicker string, sort int) {
		out = append(out, newItem{event: e.ID, section: section, tab: tab, title: title, description: desc, kind: "image",
			contentType: "image/jpeg", ext: ".jpg", data: poster(bg, accent, kicker, title, name, 960, 540), sort: sort})
	}
	video := func(section, tab, title, desc string, sort int) {
		p := poster(bg, accent, "FILM · "+strings.ToUpper(section), title, name, 960, 540)
		film := filmKey(section, tab)
		out = append(out, newItem{event: e.ID, section: section, tab: tab, title: title, description: desc, kind: "video",
			contentType: "video/webm", ext: ".webm", sort: sort, poster: p, film: film})
	}
	pdf := func(section, tab, title, desc string, sort int) {
		out = append(out, newItem{event: e.ID, section: section, tab: tab, title: title, description: desc, kind: "pdf",
			contentType: "application/pdf", ext: ".pdf", data: demoPDF(name+" · "+title, desc, e.Accent), sort: sort,
			poster: poster(bg, accent, "PDF", title, name, 960, 540)})
	}
	for _, s := range e.sections() {
		switch s {
		case "welcome":
			video(s, "", "Welcome to "+name, "A message from the leadership team to open the conference.", 10)
		case "categories":
			for _, cat := range c.Categories {
				video(s, cat, cat+" "+name+" category film", "The "+strings.ToLower(cat)+" line of the season: key stories, hero styles and colours.", 10)
				img(s, cat, cat+" catalog: hero styles", "Hero styles of the "+strings.ToLower(cat)+" category.", "CATALOG · "+strings.ToUpper(cat), 20)
				img(s, cat, cat+" catalog: colour stories", "Colour stories of the "+strings.ToLower(cat)+" category.", "CATALOG · "+strings.ToUpper(cat), 30)
			}
		case "ads":
			for i, tab := range e.Ads {
				img(s, tab, tab+" campaign key visual", "The "+tab+" campaign of "+name+".", "ADVERTISING · "+strings.ToUpper(tab), 10)
				if i < 2 {
					img(s, tab, tab+" print ad", "Print placement for "+tab+".", "ADVERTISING · "+strings.ToUpper(tab), 20)
				}
			}
		case "sessions":
			video(s, "", "General Session: Opening keynote", "The season's direction, presented to every region.", 10)
			video(s, "", "General Session: Product deep dive", "Category leads walk through the line.", 20)
		case "marketing":
			img(s, "", "Marketing calendar", "Launch dates and channel plans.", "MARKETING", 10)
			pdf(s, "", "Marketing playbook", "Campaign toolkit for retail partners.", 20)
		case "catalogs":
			pdf(s, "", "DTC catalog", "The direct-to-consumer catalog of the season.", 10)
			pdf(s, "", "DTC catalog: Kids", "Kids pages of the direct-to-consumer catalog.", 20)
		case "retail":
			img(s, "", "Flagship opening", "The new flagship store concept.", "RETAIL OPENINGS", 10)
			img(s, "", "Outlet refresh", "Outlet stores opening this season.", "RETAIL OPENINGS", 20)
		}
	}
	return out
}

func parseHex(s string) color.RGBA {
	var r, g, b uint8
	_, _ = fmt.Sscanf(strings.TrimPrefix(s, "#"), "%02x%02x%02x", &r, &g, &b)
	return color.RGBA{r, g, b, 255}
}

var boldFont = mustFont(gobold.TTF)

func mustFont(ttf []byte) *opentype.Font {
	f, err := opentype.Parse(ttf)
	if err != nil {
		panic(err)
	}
	return f
}

func face(f *opentype.Font, size float64) font.Face {
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	return fc
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

// poster draws a w×h key visual: a diagonal gradient of the event's colours, a band, a kicker,
// the title and the event's name.
func poster(bg, accent color.RGBA, kicker, title, event string, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	dark := mix(bg, color.RGBA{0, 0, 0, 255}, 0.45)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := (float64(x)/float64(w) + float64(y)/float64(h)) / 2
			img.SetRGBA(x, y, mix(bg, dark, t))
		}
	}
	// A large accent circle and a stripe give each visual some shape.
	cx, cy, rad := w*3/4, h/2, h*2/5
	for y := cy - rad; y < cy+rad; y++ {
		for x := cx - rad; x < cx+rad; x++ {
			if dx, dy := x-cx, y-cy; dx*dx+dy*dy < rad*rad && x >= 0 && x < w && y >= 0 && y < h {
				img.SetRGBA(x, y, mix(img.RGBAAt(x, y), accent, 0.35))
			}
		}
	}
	draw.Draw(img, image.Rect(0, h-h/9, w, h), &image.Uniform{accent}, image.Point{}, draw.Src)
	text := func(f *opentype.Font, size float64, c color.Color, x, y int, s string) {
		d := &font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face(f, size), Dot: fixed.P(x, y)}
		d.DrawString(s)
	}
	white := color.RGBA{255, 255, 255, 255}
	text(boldFont, float64(h)/24, accent, w/16, h/4, kicker)
	lines := wrap(title, 26)
	for i, l := range lines {
		text(boldFont, float64(h)/11, white, w/16, h/4+h/8+i*h/10, l)
	}
	text(boldFont, float64(h)/20, mix(bg, color.RGBA{0, 0, 0, 255}, 0.3), w/16, h-h/30, "GLOBAL CONFERENCE · "+strings.ToUpper(event))
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 82})
	return buf.Bytes()
}

// wrap breaks s into lines of at most n characters at spaces (three lines at most).
func wrap(s string, n int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		if cur != "" && len(cur)+1+len(w) > n {
			lines = append(lines, cur)
			cur = w
			continue
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > 3 {
		lines = lines[:3]
	}
	return lines
}

// demoPDF writes a one-page PDF (A4 landscape) with a coloured band, a title and a text.
func demoPDF(title, text, accent string) []byte {
	c := parseHex(accent)
	esc := func(s string) string {
		s = strings.NewReplacer(`\`, `\\`, `(`, `\(`, `)`, `\)`).Replace(s)
		return strings.Map(func(r rune) rune {
			if r > 126 || r < 32 {
				return '-'
			}
			return r
		}, s)
	}
	content := fmt.Sprintf("%.3f %.3f %.3f rg 0 495 842 100 re f\nBT /F1 32 Tf 0 0 0 rg 48 420 Td (%s) Tj ET\nBT /F2 16 Tf 48 380 Td (%s) Tj ET\nBT /F2 11 Tf 48 60 Td (Generated demo document) Tj ET\n",
		float64(c.R)/255, float64(c.G)/255, float64(c.B)/255, esc(title), esc(text))
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", len(content), content),
	}
	return pdf.Assemble(objs)
}
