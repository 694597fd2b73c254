package documents

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"html/template"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"its/core/pdf"
)

// pageBox is a packed page as Chromium lays it out: its height, how far down its content
// reaches, why it may end part empty (a group's last page before a page break, a style's last
// continuation) and its blocks.
type pageBox struct {
	Height float64    `json:"height"`
	Used   float64    `json:"used"`
	End    string     `json:"end"`
	Blocks []blockBox `json:"blocks"`
}

type blockBox struct {
	Top    float64 `json:"top"`
	Bottom float64 `json:"bottom"`
	Style  string  `json:"style"`
	Cont   bool    `json:"cont"`
}

type laidOut struct {
	Pages    []pageBox `json:"pages"`
	Contents float64   `json:"contents"`
	Cover    bool      `json:"cover"`
	Flow     bool      `json:"flow"`
	Cards    int       `json:"cards"`
	Dividers int       `json:"dividers"`
	// RowMax is the tallest row of cards.
	RowMax float64 `json:"rowMax"`
}

// measureJS reads the page boxes and block boxes of a packed document.
const measureJS = `(() => {
  const pages = [...document.querySelectorAll('.sheet-page')].map(p => {
    const r = p.getBoundingClientRect();
    let bottom = r.top;
    for (const c of p.children) bottom = Math.max(bottom, c.getBoundingClientRect().bottom);
    const blocks = [...p.querySelectorAll('.blk')].map(b => {
      const q = b.getBoundingClientRect();
      return {top: q.top - r.top, bottom: q.bottom - r.top, style: b.dataset.style || '', cont: !!b.dataset.cont};
    });
    return {height: r.height, used: bottom - r.top, end: p.dataset.end || '', blocks};
  });
  const c = document.querySelector('.contents');
  return {pages, contents: c ? c.getBoundingClientRect().height : 0, cover: !!document.querySelector('.cover'),
    flow: !!document.getElementById('flow'), cards: document.querySelectorAll('.card').length,
    dividers: document.querySelectorAll('[data-divider]').length,
    rowMax: Math.max(0, ...[...document.querySelectorAll('.cards')].map(r => r.getBoundingClientRect().height))};
})()`

// layOut loads a document's page in Chromium as the PDF render does and reads its boxes.
func layOut(t *testing.T, r *pdf.Renderer, html string) laidOut {
	t.Helper()
	file := filepath.Join(t.TempDir(), "doc.html")
	if err := os.WriteFile(file, []byte(html), 0o600); err != nil {
		t.Fatal(err)
	}
	var out laidOut
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := r.Browse(ctx, func(tab context.Context) error {
		if err := chromedp.Do(tab, chromedp.Navigate("file://"+file)); err != nil {
			return err
		}
		var err error
		out, err = chromedp.Run(tab, chromedp.Evaluate[laidOut](measureJS))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// pdfPages counts a PDF's pages with poppler's pdfinfo.
func pdfPages(t *testing.T, doc []byte) int {
	t.Helper()
	cmd := exec.Command("pdfinfo", "-")
	cmd.Stdin = bytes.NewReader(doc)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdfinfo: %v", err)
	}
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("pdfinfo: no page count in %s", out)
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// testPicture is a product picture as the catalog draws it (4:3).
var testPicture = func() template.URL {
	img := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for y := range 240 {
		for x := range 320 {
			img.Set(x, y, color.RGBA{uint8(x * 255 / 320), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()))
}()

// assortmentSheet is a document of styles styles, colours(i) colours each, in groups of
// perGroup styles (1: grouped by style, as an assortment without a grouping is), with the
// columns a buyer ticks most and images.
func assortmentSheet(styles int, colours func(int) int, perGroup int, t DocumentType, st Settings) *Sheet {
	sh := &Sheet{Title: "Spring Line Review", Type: t.Type, SubType: t.SubType, Settings: st, L: labelsFor("en-US"), Currency: "$", Decimals: 2}
	for _, k := range st.Columns {
		sh.Columns = append(sh.Columns, Column{Key: k, Label: sh.L.T(k)})
	}
	w, r := 64.0, 130.0
	var g *DocGroup
	n := 0
	for i := range styles {
		if i%perGroup == 0 {
			g = &DocGroup{Title: fmt.Sprintf("Group %d", i/perGroup+1)}
			if st.SectionBreaks && i%(perGroup*4) == 0 {
				g.Section = []string{"Footwear", "Apparel"}[i/(perGroup*4)%2]
			}
			sh.Groups = append(sh.Groups, g)
		}
		c := &Card{Style: fmt.Sprintf("S%04d", 1000+i), Name: []string{"Trail Runner", "Court Classic Low", "Waterproof Hiker Mid", "Everyday Slip-On"}[i%4]}
		for j := range colours(i) {
			n++
			it := &Item{N: n, Style: c.Style, Color: fmt.Sprintf("%03d", j*7), Name: c.Name, ColorDescription: []string{"Black/White", "Navy Heather", "Sand Dune/Gum", "Forest Night"}[j%4],
				Wholesale: "$64.00", Retail: "$130.00", WholesaleNum: &w, RetailNum: &r}
			if st.IncludeImages {
				it.Img = testPicture
			}
			for _, col := range sh.Columns {
				it.Cells = append(it.Cells, Cell{Key: col.Key, Label: col.Label, Text: map[string]string{ColumnDivision: "Mens", ColumnSizeRange: "7-13",
					ColumnAvailability: "2026-02-01", ColumnMarketingDescription: "A light, cushioned everyday shoe with a recycled upper."}[col.Key]})
			}
			g.Items = append(g.Items, it)
			c.All = append(c.All, it)
			if j < cardRoom {
				c.Items = append(c.Items, it)
			} else {
				c.Spill = append(c.Spill, it)
			}
		}
		c.Hero = c.Items[0]
		g.Cards = append(g.Cards, c)
	}
	sh.Total, sh.Styles = n, styles
	return sh
}

var documentTypes = []DocumentType{
	{DocTypeLinesheet, SubTypeCondensed}, {DocTypeLinesheet, SubTypeExpanded},
	{DocTypePricesheet, SubTypeCondensed}, {DocTypePricesheet, SubTypeExpanded},
	{DocTypeTearsheet, SubTypeWithHeroImage}, {DocTypeTearsheet, SubTypeThumbnailsOnly},
}

// checkPacked asserts the layout targets on a document laid out by Chromium: every page but a
// group's last (before a page break), a style's last continuation or the document's last is
// at least 80 % full; no block crosses its page's bottom; a style's blocks sit on one page
// unless the style alone is taller than a page (then it starts a page and continues under a
// repeated title); the printed PDF has exactly the packed pages (plus cover and contents).
func checkPacked(t *testing.T, name string, sh *Sheet, lo laidOut, printed int) {
	t.Helper()
	if lo.Flow {
		t.Errorf("%s: the blocks were not packed (no script ran)", name)
		return
	}
	_, h := printable(sh.Type == DocTypeTearsheet)
	if len(lo.Pages) == 0 {
		t.Errorf("%s: no pages", name)
		return
	}
	stylePages := map[string][]int{}
	used := 0.0
	excused := 0
	for i, p := range lo.Pages {
		if math.Abs(p.Height-float64(h)) > 0.5 {
			t.Errorf("%s: page %d is %.1f px high, want %d", name, i+1, p.Height, h)
		}
		fill := p.Used / float64(h)
		used += p.Used
		last := i == len(lo.Pages)-1
		if p.End != "" || last {
			excused++
		} else if fill < 0.8 {
			t.Errorf("%s: page %d of %d is %.0f %% full (%d blocks)", name, i+1, len(lo.Pages), fill*100, len(p.Blocks))
		}
		for bi, b := range p.Blocks {
			if b.Bottom > float64(h)+0.5 || b.Top < -0.5 {
				t.Errorf("%s: page %d: block %q (%.0f-%.0f) crosses the page (%d)", name, i+1, b.Style, b.Top, b.Bottom, h)
			}
			if b.Style == "" {
				continue
			}
			ps := stylePages[b.Style]
			if len(ps) == 0 || ps[len(ps)-1] != i {
				stylePages[b.Style] = append(ps, i)
			}
			if b.Cont && bi != 0 {
				t.Errorf("%s: page %d: the continuation of %s does not start its page", name, i+1, b.Style)
			}
		}
	}
	for style, ps := range stylePages {
		if len(ps) == 1 {
			continue
		}
		for _, pi := range ps[1:] {
			ok := false
			for _, b := range lo.Pages[pi].Blocks {
				ok = ok || (b.Style == style && b.Cont)
			}
			if !ok {
				t.Errorf("%s: style %s is split over pages %v", name, style, ps)
			}
		}
	}
	// No more pages than the content needs at 80 % fill, beside the pages allowed to end early.
	if limit := int(math.Ceil(used/(0.8*float64(h)))) + excused; len(lo.Pages) > limit {
		t.Errorf("%s: %d pages for %.1f pages of content", name, len(lo.Pages), used/float64(h))
	}
	if lo.Cards > 0 && lo.RowMax > 0 && !sh.Settings.GroupPageBreaks && !sh.Settings.SectionBreaks {
		// The Expanded line sheet: as many rows of cards as fit a page.
		per := 4
		if sh.Type == DocTypeTearsheet {
			per = 3
		}
		rows := int(float64(h) / (lo.RowMax + 11))
		if want := (lo.Cards + per*rows - 1) / (per * rows); len(lo.Pages) > want {
			t.Errorf("%s: %d cards of rows up to %.0f px take %d pages, want at most %d", name, lo.Cards, lo.RowMax, len(lo.Pages), want)
		}
	}
	extra := 0
	if lo.Cover {
		extra++
	}
	if lo.Contents > 0 {
		_, ph := printable(sh.Type == DocTypeTearsheet)
		extra += int(math.Ceil(lo.Contents / float64(ph+2)))
	}
	if printed != len(lo.Pages)+extra {
		t.Errorf("%s: the PDF has %d pages, the layout %d (+%d cover and contents)", name, printed, len(lo.Pages), extra)
	}
}

// TestPackedLayout renders line, price and tear sheets of small and large assortments, with
// and without group dividers and page breaks, and checks the page boxes Chromium lays out
// (the Expanded line sheet held one row of 4 cards a page and broke before every group;
// tear sheets split a style's title, hero and thumbnails over pages).
// layoutRenderer is the Chromium renderer the layout tests print with (closed with the test);
// they are skipped without Chromium or poppler's pdfinfo.
func layoutRenderer(t *testing.T) *pdf.Renderer {
	t.Helper()
	r := pdf.NewRenderer("", 1, slog.New(slog.DiscardHandler))
	t.Cleanup(r.Close)
	if _, err := r.ChromiumPath(); err != nil {
		t.Skip("no Chromium: ", err)
	}
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		t.Skip("poppler's pdfinfo is not installed")
	}
	return r
}

func TestPackedLayout(t *testing.T) {
	// Chromium's printing is the time of this test and of TestPackedLayoutDemo, each on a
	// browser of its own: they run side by side (and the demo's first start of the app beside
	// this one's printing).
	t.Parallel()
	r := layoutRenderer(t)
	cols := []string{ColumnDivision, ColumnSizeRange, ColumnAvailability}
	colours := func(i int) int { return []int{3, 5, 1, 6, 2, 4, 8, 3, 2, 5, 13}[i%11] }
	type set struct {
		name     string
		styles   int
		perGroup int
		st       Settings
	}
	sets := []set{
		{"11 styles by style, dividers", 11, 1, Settings{Columns: cols, IncludeImages: true, GroupDividers: true, SortNumber: true, CoverPage: true, PageNumbers: true}},
		{"11 styles, no dividers", 11, 1, Settings{Columns: cols, IncludeImages: true}},
		{"40 styles in groups of 7, page breaks", 40, 7, Settings{Columns: cols, IncludeImages: true, GroupDividers: true, GroupPageBreaks: true, TitlePage: true}},
		{"200 styles", 200, 1, Settings{Columns: append(cols, ColumnMarketingDescription), IncludeImages: true, GroupDividers: true, CoverPage: true, TitlePage: true}},
		{"200 styles in groups of 9, sections", 200, 9, Settings{Columns: cols, IncludeImages: true, GroupDividers: true, SectionBreaks: true}},
	}
	if testing.Short() {
		sets = sets[:2]
	}
	for _, s := range sets {
		for _, dt := range documentTypes {
			name := fmt.Sprintf("%s %s/%s", s.name, dt.Type, dt.SubType)
			sh := assortmentSheet(s.styles, colours, s.perGroup, dt, s.st)
			var buf bytes.Buffer
			if err := sh.HTML(&buf); err != nil {
				t.Fatal(err)
			}
			lo := layOut(t, r, buf.String())
			doc, err := r.RenderHTML(context.Background(), buf.String(), pdf.Options{PreferCSSPageSize: true})
			if err != nil {
				t.Fatal(err)
			}
			checkPacked(t, name, sh, lo, pdfPages(t, doc))
			if dir := os.Getenv("DOCUMENTS_LAYOUT_DIR"); dir != "" {
				_ = os.WriteFile(filepath.Join(dir, regexp.MustCompile(`\W+`).ReplaceAllString(name, "_")+".pdf"), doc, 0o600)
			}
		}
	}
}
