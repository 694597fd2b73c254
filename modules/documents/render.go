package documents

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"

	"its/core/httpx"
	"its/core/pdf"
)

//go:embed templates/document.html templates/pack.js
var templateFS embed.FS

// packer is the in-page script that packs the blocks into pages (templates/pack.js).
var packer = func() template.JS {
	b, err := templateFS.ReadFile("templates/pack.js")
	if err != nil {
		panic(err)
	}
	return template.JS(b)
}()

var docTemplate = template.Must(template.New("document.html").Funcs(template.FuncMap{
	"pair": func(root *page, it *Item) map[string]any { return map[string]any{"Root": root, "Item": it} },
}).ParseFS(templateFS, "templates/document.html"))

// page is the template's data.
type page struct {
	S        *Sheet
	L        Labels
	Lang     string
	Layout   string // table, styles, cards or tear
	Portrait bool
	Header   string
	Styles   int
	Span     int
	// PageCSS is the @page rule: paper, margins and the running header and footer texts.
	PageCSS template.CSS
	// W and H are the printable width and height of a page in CSS pixels: the blocks are laid
	// out at W and packed into pages of at most H.
	W, H int
	// PerRow is how many cards a row of the Expanded line sheet holds; CardRows are its rows.
	PerRow   int
	CardRows []cardRow
	// CardSlot is the least height of a row of cards: two rows fill a page.
	CardSlot int
	Packer   template.JS
}

// Paper and margins (inches) of every document: US Letter, the margin boxes hold the running
// header and footer.
const (
	paperLong, paperShort                            = 11.0, 8.5
	marginTop, marginRight, marginBottom, marginLeft = 0.5, 0.4, 0.6, 0.4
	cssPxPerInch                                     = 96
)

// printable is the content box of a page in CSS pixels, rounded down and less a pixel, so a
// packed page never spills onto a second sheet through rounding.
func printable(portrait bool) (w, h int) {
	pw, ph := paperLong, paperShort
	if portrait {
		pw, ph = ph, pw
	}
	return int((pw-marginLeft-marginRight)*cssPxPerInch) - 1, int((ph-marginTop-marginBottom)*cssPxPerInch) - 2
}

// cardCell is one card of a row; Head is its group when the card opens the group and group
// dividers are on (the divider then heads the card).
type cardCell struct {
	Card *Card
	Head *DocGroup
}

// cardRow is a row of cards. Rows run on across groups, so a page is filled whatever the
// grouping; a group starts a new row only when it starts a new page (Break) or a section.
type cardRow struct {
	Cells   []cardCell
	Break   bool
	Section string
}

// cardRows lays the groups' cards out in rows of perRow.
func cardRows(sh *Sheet, perRow int) []cardRow {
	var rows []cardRow
	var cur *cardRow
	for gi, g := range sh.Groups {
		brk := sh.Settings.GroupPageBreaks && gi > 0
		if brk || g.Section != "" {
			cur = nil
		}
		for ci, c := range g.Cards {
			if cur == nil || len(cur.Cells) == perRow {
				rows = append(rows, cardRow{})
				cur = &rows[len(rows)-1]
				if ci == 0 {
					cur.Break, cur.Section = brk, g.Section
				}
			}
			cell := cardCell{Card: c}
			if ci == 0 && sh.Settings.GroupDividers {
				cell.Head = g
			}
			cur.Cells = append(cur.Cells, cell)
		}
	}
	return rows
}

// cssString quotes s as a CSS string: quotes, backslashes and line breaks escaped, and "<"
// too, so no text can close the style element.
func cssString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\', '<', '>', '&':
			fmt.Fprintf(&b, "\\%x ", r)
		case '\n', '\r', '\f':
			b.WriteString("\\a ")
		default:
			if r < 0x20 || r == 0x7f {
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// pageCSS is the @page rule with its margin boxes.
func (p *page) pageCSS() template.CSS {
	sh, l := p.S, p.L
	orient := "landscape"
	if p.Portrait {
		orient = "portrait"
	}
	font := "font: 8pt Helvetica, Arial, sans-serif; color: #666;"
	var b strings.Builder
	fmt.Fprintf(&b, "@page {\n  size: letter %s;\n  margin: %gin %gin %gin %gin;\n", orient, marginTop, marginRight, marginBottom, marginLeft)
	fmt.Fprintf(&b, "  @top-left { content: %s; font: 600 8pt Helvetica, Arial, sans-serif; color: #333; }\n", cssString(sh.Title))
	fmt.Fprintf(&b, "  @top-right { content: %s; %s }\n", cssString(p.Header), font)
	if sh.Settings.PriceDisclaimer != "" {
		fmt.Fprintf(&b, "  @bottom-left { content: %s; font: italic 7pt Helvetica, Arial, sans-serif; color: #666; }\n", cssString(sh.Settings.PriceDisclaimer))
	}
	if sh.Settings.SizeLegend != "" {
		fmt.Fprintf(&b, "  @bottom-center { content: %s; %s }\n", cssString(l.T("sizeLegend")+": "+sh.Settings.SizeLegend), font)
	}
	if sh.Settings.PageNumbers {
		fmt.Fprintf(&b, "  @bottom-right { content: %s counter(page) %s counter(pages); %s }\n", cssString(l.T("page")+" "), cssString(" "+l.T("of")+" "), font)
	}
	b.WriteString("}\n")
	return template.CSS(b.String())
}

func layoutOf(t DocumentType) string {
	switch {
	case t.Type == DocTypeTearsheet:
		return "tear"
	case t.SubType == SubTypeExpanded && t.Type == DocTypeLinesheet:
		return "cards"
	case t.SubType == SubTypeExpanded:
		return "styles"
	}
	return "table"
}

// HTML writes the document's printable page.
func (sh *Sheet) HTML(w io.Writer) error {
	p := &page{S: sh, L: sh.L, Lang: "en", Layout: layoutOf(DocumentType{sh.Type, sh.SubType}), Portrait: sh.Type == DocTypeTearsheet}
	header := []string{sh.L.T(sh.Type) + " · " + sh.L.T(sh.SubType)}
	if sh.Settings.Author != "" {
		header = append(header, sh.Settings.Author)
	}
	if sh.Settings.Date != "" {
		header = append(header, sh.Settings.Date)
	}
	p.Header = strings.Join(header, " · ")
	p.Styles = sh.Styles
	if p.Styles == 0 {
		for _, g := range sh.Groups {
			p.Styles += len(g.Cards)
		}
	}
	p.Span = 4 + len(sh.Columns)
	if sh.Settings.SortNumber {
		p.Span++
	}
	if sh.Settings.IncludeImages {
		p.Span++
	}
	p.PageCSS = p.pageCSS()
	p.W, p.H = printable(p.Portrait)
	p.PerRow = 4
	if p.Portrait {
		p.PerRow = 3
	}
	if p.Layout == "cards" {
		p.CardRows = cardRows(sh, p.PerRow)
		p.CardSlot = (p.H - 2*8) / 2
	}
	p.Packer = packer
	return docTemplate.Execute(w, p)
}

// ErrNoRenderer is the 503 of a PDF call on a server without Chromium.
func errNoRenderer(err error) error {
	return &httpx.Error{Status: 503, Code: "ITS_ERR_PDF_UNAVAILABLE",
		Message: "PDF documents are not available: this server has no Chromium to render them (install chromium and poppler-utils, or set pdf.chromium_path). Excel documents still work.",
		Details: map[string]any{"missing": "chromium"}, Err: err}
}

// PDF prints the document with the Chromium pool.
func (s *Service) PDF(ctx context.Context, sh *Sheet) ([]byte, error) {
	if err := s.pdf.Ready(); err != nil {
		return nil, errNoRenderer(err)
	}
	var buf bytes.Buffer
	if err := sh.HTML(&buf); err != nil {
		return nil, err
	}
	out, err := s.pdf.RenderHTML(ctx, buf.String(), pdf.Options{PreferCSSPageSize: true})
	if errors.Is(err, pdf.ErrUnavailable) {
		return nil, errNoRenderer(err)
	}
	return out, err
}

// XLSX writes the document as a workbook: a title block, then per group an optional divider
// row, and one row per style/colour with its picture (when images are on) in the first column.
func (sh *Sheet) XLSX(w io.Writer) error {
	f := excelize.NewFile()
	defer f.Close()
	x := &xlsxWriter{sh: sh, f: f, sheet: sheetName(sh.L.T(sh.Type)), row: 1}
	if err := f.SetSheetName(f.GetSheetName(0), x.sheet); err != nil {
		return err
	}
	x.styles()
	x.columns()
	x.heading()
	for _, g := range sh.Groups {
		if err := x.group(g); err != nil {
			return err
		}
	}
	if err := printOneWide(f, x.sheet, x.last, x.headerRow, x.row-1); err != nil {
		return err
	}
	if sh.Settings.PageNumbers {
		_ = f.SetHeaderFooter(x.sheet, &excelize.HeaderFooterOptions{OddFooter: "&R" + sh.L.T("page") + " &P " + sh.L.T("of") + " &N"})
	}
	_, err := f.WriteTo(w)
	return err
}

// xlsxWriter writes a sheet's workbook row by row.
type xlsxWriter struct {
	sh        *Sheet
	f         *excelize.File
	sheet     string
	headers   []string
	last      string // the last column's name
	imgCol    int    // the picture's column (1-based), 0 without pictures
	row       int    // the next row to write
	headerRow int

	title, muted, head, divider, section, money, percent, text int
}

// styles makes the workbook's cell styles.
func (x *xlsxWriter) styles() {
	f := x.f
	x.title, _ = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 16}})
	x.muted, _ = f.NewStyle(&excelize.Style{Font: &excelize.Font{Color: "666666"}})
	x.head, _ = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9D9D9"}},
		Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}})
	x.divider, _ = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Color: "FFFFFF"}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"1D1D1F"}}})
	x.section, _ = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true, Size: 13, Color: "0B5CAD"}})
	wrap := &excelize.Alignment{Vertical: "center", WrapText: true}
	moneyFmt, percentFmt := MoneyFormat(x.sh.Currency, x.sh.Decimals), "0.0%"
	x.money, _ = f.NewStyle(&excelize.Style{CustomNumFmt: &moneyFmt, Alignment: wrap})
	x.percent, _ = f.NewStyle(&excelize.Style{CustomNumFmt: &percentFmt, Alignment: wrap})
	x.text, _ = f.NewStyle(&excelize.Style{Alignment: wrap})
}

// columns names the header of each column: the sort number and the picture where the options
// ask for them, the style's fields and prices, then the chosen columns.
func (x *xlsxWriter) columns() {
	sh := x.sh
	if sh.Settings.SortNumber {
		x.headers = append(x.headers, sh.L.T("sortNumber"))
	}
	if sh.Settings.IncludeImages {
		x.headers = append(x.headers, sh.L.T("heroImage"))
		x.imgCol = len(x.headers)
	}
	x.headers = append(x.headers, sh.L.T("style"), sh.L.T("color"), sh.L.T("name"), sh.L.T("colorDescription"),
		sh.L.T("wholesalePrice")+" "+sh.Currency, sh.L.T("retailPrice")+" "+sh.Currency)
	for _, c := range sh.Columns {
		x.headers = append(x.headers, c.Label)
	}
	x.last, _ = excelize.ColumnNumberToName(len(x.headers))
}

func (x *xlsxWriter) set(cell string, v any, style int) {
	_ = x.f.SetCellValue(x.sheet, cell, v)
	if style != 0 {
		_ = x.f.SetCellStyle(x.sheet, cell, cell, style)
	}
}

// heading writes the title, the document's lines (type, subtitle, author, date, size legend,
// disclaimer), the frozen header row and the column widths.
func (x *xlsxWriter) heading() {
	sh := x.sh
	x.set("A1", sh.Title, x.title)
	x.row = 2
	info := []string{sh.L.T(sh.Type) + " · " + sh.L.T(sh.SubType)}
	if sh.SubTitle != "" {
		info = append(info, sh.SubTitle)
	}
	if sh.Settings.Author != "" {
		info = append(info, sh.L.T("preparedBy")+": "+sh.Settings.Author)
	}
	if sh.Settings.Date != "" {
		info = append(info, sh.L.T("date")+": "+sh.Settings.Date)
	}
	if sh.Settings.SizeLegend != "" {
		info = append(info, sh.L.T("sizeLegend")+": "+sh.Settings.SizeLegend)
	}
	if sh.Settings.PriceDisclaimer != "" {
		info = append(info, sh.Settings.PriceDisclaimer)
	}
	for _, line := range info {
		x.set(fmt.Sprintf("A%d", x.row), line, x.muted)
		x.row++
	}
	x.row++
	x.headerRow = x.row
	for i, h := range x.headers {
		c, _ := excelize.CoordinatesToCellName(i+1, x.row)
		x.set(c, h, x.head)
	}
	_ = x.f.SetPanes(x.sheet, &excelize.Panes{Freeze: true, YSplit: x.headerRow, TopLeftCell: fmt.Sprintf("A%d", x.headerRow+1), ActivePane: "bottomLeft"})
	x.row++
	for i := range x.headers {
		col, _ := excelize.ColumnNumberToName(i + 1)
		width := 16.0
		switch {
		case i+1 == x.imgCol:
			width = 14
		case x.headers[i] == sh.L.T("name") || x.headers[i] == sh.L.T("colorDescription"):
			width = 26
		}
		_ = x.f.SetColWidth(x.sheet, col, col, width)
	}
}

// group writes a group: its section title, its divider and its items, and the page break after
// it where the options ask for one.
func (x *xlsxWriter) group(g *DocGroup) error {
	if g.Section != "" {
		x.set(fmt.Sprintf("A%d", x.row), g.Section, x.section)
		x.row++
	}
	if x.sh.Settings.GroupDividers {
		a, z := fmt.Sprintf("A%d", x.row), fmt.Sprintf("%s%d", x.last, x.row)
		x.set(a, fmt.Sprintf("%s (%d)", g.Title, len(g.Items)), x.divider)
		_ = x.f.MergeCell(x.sheet, a, z)
		_ = x.f.SetCellStyle(x.sheet, a, z, x.divider)
		x.row++
	}
	for _, it := range g.Items {
		if err := x.item(it); err != nil {
			return err
		}
	}
	if x.sh.Settings.GroupPageBreaks {
		_ = x.f.InsertPageBreak(x.sheet, fmt.Sprintf("A%d", x.row))
	}
	return nil
}

// item writes one colour's row: money and percent cells as numbers in their formats, its
// picture inside its row.
func (x *xlsxWriter) item(it *Item) error {
	vals := []any{}
	if x.sh.Settings.SortNumber {
		vals = append(vals, it.N)
	}
	if x.sh.Settings.IncludeImages {
		vals = append(vals, nil)
	}
	vals = append(vals, it.Style, it.Color, it.Name, it.ColorDescription, numOrNil(it.WholesaleNum), numOrNil(it.RetailNum))
	pc := len(vals) - 1 // the wholesale price's column; the retail price follows
	kinds := []CellKind{Money, Money}
	for _, c := range it.Cells {
		switch {
		case c.Num != nil && c.Kind == Percent:
			vals = append(vals, *c.Num/100) // a real percentage: 58.1 % is 0.581
		case c.Num != nil:
			vals = append(vals, *c.Num)
		default:
			vals = append(vals, c.Text)
		}
		kinds = append(kinds, c.Kind)
	}
	a := fmt.Sprintf("A%d", x.row)
	if err := x.f.SetSheetRow(x.sheet, a, &vals); err != nil {
		return err
	}
	_ = x.f.SetCellStyle(x.sheet, a, fmt.Sprintf("%s%d", x.last, x.row), x.text)
	for i, k := range kinds {
		style := map[CellKind]int{Money: x.money, Percent: x.percent}[k]
		if style == 0 {
			continue
		}
		cell, _ := excelize.CoordinatesToCellName(pc+i, x.row)
		_ = x.f.SetCellStyle(x.sheet, cell, cell, style)
	}
	if x.imgCol > 0 && len(it.PNG) > 0 {
		_ = x.f.SetRowHeight(x.sheet, x.row, 56)
		cell, _ := excelize.CoordinatesToCellName(x.imgCol, x.row)
		if err := x.f.AddPictureFromBytes(x.sheet, cell, &excelize.Picture{Extension: ".png", File: it.PNG,
			Format: &excelize.GraphicOptions{AutoFit: true, LockAspectRatio: true, Positioning: "oneCell", AltText: it.Style + " " + it.Color}}); err != nil {
			return err
		}
	}
	x.row++
	return nil
}

// printOneWide sets the sheet up to print as a buyer expects: landscape, every column on one
// page wide (as many pages tall as it takes), the document as the print area and the header
// row repeated on every page.
func printOneWide(f *excelize.File, sheet, lastCol string, headerRow, lastRow int) error {
	orientation, wide, tall := "landscape", 1, 0
	if err := f.SetPageLayout(sheet, &excelize.PageLayoutOptions{Orientation: &orientation, FitToWidth: &wide, FitToHeight: &tall}); err != nil {
		return err
	}
	fit := true
	if err := f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &fit}); err != nil {
		return err
	}
	quoted := "'" + strings.ReplaceAll(sheet, "'", "''") + "'"
	if err := f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Area", Scope: sheet,
		RefersTo: fmt.Sprintf("%s!$A$1:$%s$%d", quoted, lastCol, max(lastRow, headerRow))}); err != nil {
		return err
	}
	return f.SetDefinedName(&excelize.DefinedName{Name: "_xlnm.Print_Titles", Scope: sheet,
		RefersTo: fmt.Sprintf("%s!$%d:$%d", quoted, headerRow, headerRow)})
}

// MoneyFormat is the number format of money in a currency: its symbol and decimal places
// ("€"#,##0.00, "¥"#,##0).
func MoneyFormat(symbol string, decimals int) string {
	f := "#,##0"
	if d := min(max(decimals, 0), 4); d > 0 {
		f += "." + strings.Repeat("0", d)
	}
	if symbol == "" {
		return f
	}
	return `"` + strings.ReplaceAll(symbol, `"`, `""`) + `"` + f
}

func numOrNil(v *float64) any {
	if v == nil {
		return nil
	}
	return *v
}

// sheetName keeps a worksheet name within Excel's rules (31 characters, no []:*?/\).
func sheetName(s string) string {
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`[]:*?/\`, r) {
			return '-'
		}
		return r
	}, s)
	if r := []rune(s); len(r) > 31 {
		s = string(r[:31])
	}
	if s == "" {
		s = "Document"
	}
	return s
}
