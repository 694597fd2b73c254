package documents

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"its/modules/assortments"
	"its/modules/products"
)

func sampleSheet(locale string, st Settings, t DocumentType) *Sheet {
	sh := &Sheet{Title: `Spring "25" </style><script>x()</script>`, Type: t.Type, SubType: t.SubType, Settings: st, L: labelsFor(locale), Currency: "€", Decimals: 2, Total: 3}
	sh.Columns = []Column{{Key: ColumnDivision, Label: sh.L.T(ColumnDivision)}}
	w := 89.5
	for gi, g := range []string{"Running", "Court"} {
		dg := &DocGroup{Title: g}
		card := &Card{Style: "1000" + g[:1], Name: g + " Shoe"}
		for i := range 2 {
			it := &Item{N: gi*2 + i + 1, Style: card.Style, Color: []string{"BLK", "WHT"}[i], Name: card.Name, Wholesale: "€89.50", WholesaleNum: &w,
				Cells: []Cell{{Key: ColumnDivision, Label: sh.L.T(ColumnDivision), Text: "Mens"}}}
			dg.Items = append(dg.Items, it)
			card.Items = append(card.Items, it)
		}
		card.Hero, card.All = card.Items[0], card.Items
		dg.Cards = []*Card{card}
		sh.Groups = append(sh.Groups, dg)
	}
	return sh
}

// TestHTML: the template's labels are the locale's, the toggles show their parts, and no text
// of the user's escapes its element.
func TestHTML(t *testing.T) {
	st := Settings{CoverPage: true, TitlePage: true, GroupDividers: true, GroupPageBreaks: true, SortNumber: true, PageNumbers: true,
		SizeLegend: "M = Medium", PriceDisclaimer: "Prices \"may\" change", Author: "Ed Itor"}
	for _, tc := range []struct {
		locale string
		typ    DocumentType
		want   []string
	}{
		{"de-DE", DocumentType{DocTypeLinesheet, SubTypeCondensed}, []string{"Kollektionsblatt", "Kompakt", "Großhandel", "Inhalt", `"Seite "`, "Bereich", "Größenlegende"}},
		{"ja-JP", DocumentType{DocTypePricesheet, SubTypeExpanded}, []string{"価格表", "卸価格", "目次"}},
		{"fr-FR", DocumentType{DocTypeLinesheet, SubTypeExpanded}, []string{"Fiche collection", "Détaillée", `class="card"`}},
		{"en-US", DocumentType{DocTypeTearsheet, SubTypeWithHeroImage}, []string{"Tear Sheet", `class="tear blk own"`, "portrait"}},
	} {
		var buf bytes.Buffer
		if err := sampleSheet(tc.locale, st, tc.typ).HTML(&buf); err != nil {
			t.Fatal(err)
		}
		html := buf.String()
		for _, w := range append(tc.want, `data-page="cover"`, `data-page="contents"`, "data-divider", `class="brk"`, "counter(pages)") {
			if !strings.Contains(html, w) {
				t.Errorf("%s %v: no %q", tc.locale, tc.typ, w)
			}
		}
		if strings.Contains(html, "<script>x()") || strings.Count(html, "</style>") != 1 {
			t.Errorf("%s: the title escaped its element", tc.locale)
		}
	}
	// Off means off.
	var buf bytes.Buffer
	if err := sampleSheet("en-US", Settings{}, DocumentType{DocTypeLinesheet, SubTypeCondensed}).HTML(&buf); err != nil {
		t.Fatal(err)
	}
	for _, no := range []string{`data-page="cover"`, "data-divider", "counter(pages)", `class="brk"`, `<img`} {
		if strings.Contains(buf.String(), no) {
			t.Errorf("without settings: %q", no)
		}
	}
}

// TestXLSX: dividers, prices as numbers and the group page breaks.
func TestXLSX(t *testing.T) {
	sh := sampleSheet("es-ES", Settings{GroupDividers: true, SortNumber: true, GroupPageBreaks: true}, DocumentType{DocTypePricesheet, SubTypeCondensed})
	var buf bytes.Buffer
	if err := sh.XLSX(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows("Hoja de precios")
	var dividers, items int
	for _, r := range rows {
		if len(r) == 1 && strings.HasSuffix(r[0], "(2)") {
			dividers++
		}
		if len(r) > 5 && r[1] != "" && r[0] != "N.º" && (r[0] == "1" || r[0] == "2" || r[0] == "3" || r[0] == "4") {
			items++
			if r[5] != "€89.50" {
				t.Errorf("wholesale %q", r[5])
			}
		}
	}
	if dividers != 2 || items != 4 {
		t.Fatalf("%d dividers, %d items: %v", dividers, items, rows)
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		"Spring Line Review": "Spring_Line_Review.pdf",
		"a/b:c*?.pdf":        "abc.pdf",
		"":                   "Fall_25_Linesheet_Condensed.pdf",
		"  Mixed  spaces  ":  "Mixed__spaces.pdf",
	} {
		if got := fileName(in, "Fall 25", DocumentType{DocTypeLinesheet, SubTypeCondensed}, FileTypePdf); got != want {
			t.Errorf("fileName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAdvance(t *testing.T) {
	from := mustTime("2026-01-31T09:00:00Z")
	now := mustTime("2026-02-10T10:00:00Z")
	if got := advance(from, FrequencyDaily, now); got.Format("2006-01-02T15") != "2026-02-11T09" {
		t.Errorf("daily %v", got)
	}
	if got := advance(from, FrequencyWeekly, now); got.Format("2006-01-02") != "2026-02-14" {
		t.Errorf("weekly %v", got)
	}
	if got := advance(from, FrequencyMonthly, now); !got.After(now) {
		t.Errorf("monthly %v", got)
	}
}

func mustTime(s string) (t time.Time) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// TestXLSXPrints: the workbook prints one page wide in landscape with the header row repeated,
// its print area is the document, and money and percentages carry their formats (the grid
// shows €89.50 and 58.1 %, the workbook showed 89.5 and 58.1).
func TestXLSXPrints(t *testing.T) {
	sh := sampleSheet("en-US", Settings{GroupDividers: true}, DocumentType{DocTypeLinesheet, SubTypeCondensed})
	sh.Columns = append(sh.Columns, Column{Key: ColumnInitialMarkup, Label: "IMU"}, Column{Key: ColumnCost, Label: "Cost"})
	imu, cost := 58.14, 41.3
	for _, g := range sh.Groups {
		for _, it := range g.Items {
			it.Cells = append(it.Cells, Cell{Key: ColumnInitialMarkup, Num: &imu, Kind: Percent}, Cell{Key: ColumnCost, Num: &cost, Kind: Money})
		}
	}
	var buf bytes.Buffer
	if err := sh.XLSX(&buf); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	sheet := f.GetSheetName(0)
	pl, err := f.GetPageLayout(sheet)
	if err != nil {
		t.Fatal(err)
	}
	if pl.Orientation == nil || *pl.Orientation != "landscape" || pl.FitToWidth == nil || *pl.FitToWidth != 1 || pl.FitToHeight == nil || *pl.FitToHeight != 0 {
		t.Fatalf("page layout %+v", pl)
	}
	props, err := f.GetSheetProps(sheet)
	if err != nil || props.FitToPage == nil || !*props.FitToPage {
		t.Fatalf("fit to page %+v (%v)", props, err)
	}
	names := map[string]string{}
	for _, n := range f.GetDefinedName() {
		names[n.Name] = n.RefersTo
	}
	rows, _ := f.GetRows(sheet)
	header := 0
	for i, r := range rows {
		if len(r) > 2 && r[0] == sh.L.T("style") {
			header = i + 1
		}
	}
	if header == 0 {
		t.Fatalf("no header row: %v", rows)
	}
	if want := fmt.Sprintf("'%s'!$A$1:$I$%d", sheet, len(rows)); names["_xlnm.Print_Area"] != want {
		t.Errorf("print area %q, want %q", names["_xlnm.Print_Area"], want)
	}
	if want := fmt.Sprintf("'%s'!$%d:$%d", sheet, header, header); names["_xlnm.Print_Titles"] != want {
		t.Errorf("print titles %q, want %q", names["_xlnm.Print_Titles"], want)
	}
	format := func(cell string) string {
		id, err := f.GetCellStyle(sheet, cell)
		if err != nil {
			t.Fatal(err)
		}
		st, err := f.GetStyle(id)
		if err != nil || st.CustomNumFmt == nil {
			return ""
		}
		return *st.CustomNumFmt
	}
	first := header + 2 // the divider row, then the first item
	for _, c := range []struct{ cell, format, value string }{
		{fmt.Sprintf("E%d", first), `"€"#,##0.00`, "89.5"},
		{fmt.Sprintf("I%d", first), `"€"#,##0.00`, "41.3"},
		{fmt.Sprintf("H%d", first), "0.0%", "0.5814"},
	} {
		if got := format(c.cell); got != c.format {
			t.Errorf("%s: format %q, want %q", c.cell, got, c.format)
		}
		if v, _ := f.GetCellValue(sheet, c.cell, excelize.Options{RawCellValue: true}); v != c.value {
			t.Errorf("%s: value %q, want %q", c.cell, v, c.value)
		}
	}
}

func TestMoneyFormat(t *testing.T) {
	for _, c := range []struct {
		sym  string
		dec  int
		want string
	}{{"$", 2, `"$"#,##0.00`}, {"¥", 0, `"¥"#,##0`}, {"", 3, "#,##0.000"}, {`a"b`, 2, `"a""b"#,##0.00`}, {"€", 9, `"€"#,##0.0000`}} {
		if got := MoneyFormat(c.sym, c.dec); got != c.want {
			t.Errorf("MoneyFormat(%q, %d) = %q, want %q", c.sym, c.dec, got, c.want)
		}
	}
}

// TestXLSXPrintsInLibreOffice: a spreadsheet program prints the line sheet one page wide (the
// columns were split over 24 pages before). Needs LibreOffice and poppler's pdfinfo, which the
// Makefile installs for make test.
func TestXLSXPrintsInLibreOffice(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Skip("LibreOffice (soffice) is not installed: make test installs it with apt-get install libreoffice-calc-nogui")
	}
	pdfinfo, err := exec.LookPath("pdfinfo")
	if err != nil {
		t.Skip("poppler's pdfinfo is not installed")
	}
	sh := sampleSheet("en-US", Settings{GroupDividers: true, SortNumber: true}, DocumentType{DocTypeLinesheet, SubTypeCondensed})
	for range 12 { // a wide sheet: more columns than fit a landscape page at 100 %
		sh.Columns = append(sh.Columns, Column{Key: ColumnMarketingDescription, Label: "Marketing description"})
	}
	long := strings.Repeat("A long marketing description. ", 3)
	for _, g := range sh.Groups {
		for _, it := range g.Items {
			for range 12 {
				it.Cells = append(it.Cells, Cell{Key: ColumnMarketingDescription, Text: long})
			}
		}
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := sh.XLSX(&buf); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "linesheet.xlsx")
	if err := os.WriteFile(in, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, soffice, "--headless", "--norestore", "-env:UserInstallation=file://"+filepath.Join(dir, "profile"),
		"--convert-to", "pdf", "--outdir", dir, in)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v: %s", err, out)
	}
	out, err := exec.Command(pdfinfo, filepath.Join(dir, "linesheet.pdf")).Output()
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^Pages:\s+1$`).Match(out) {
		t.Fatalf("the line sheet does not print on one page wide:\n%s", out)
	}
	m := regexp.MustCompile(`(?m)^Page size:\s+([\d.]+) x ([\d.]+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no page size:\n%s", out)
	}
	w, _ := strconv.ParseFloat(string(m[1]), 64)
	h, _ := strconv.ParseFloat(string(m[2]), 64)
	if w <= h {
		t.Fatalf("not landscape (%g x %g pt)", w, h)
	}
}

// The cover counts the whole document: a preview renders its first rows only, and its cover
// said "Styles 6, Colors 24" for an 11-style, 60-colour assortment.
func TestCoverCountsWholeDocument(t *testing.T) {
	sh := sampleSheet("en-US", Settings{CoverPage: true}, DocumentType{DocTypeLinesheet, SubTypeCondensed})
	sh.Total, sh.Styles, sh.Truncated = 60, 11, true
	var buf bytes.Buffer
	if err := sh.HTML(&buf); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	for _, want := range []string{"<dt>Styles</dt><dd>11</dd>", "<dt>Colors</dt><dd>60</dd>"} {
		if !strings.Contains(html, want) {
			t.Errorf("cover has no %q", want)
		}
	}
}

// Ticking Cost or Suggested Retail repeated the Wholesale and Retail columns (the same prices
// under a second heading): the price columns are shown once.
func TestPriceColumnsShownOnce(t *testing.T) {
	w, sr, cost := 64.0, 130.0, 64.0
	row := &assortments.Row{Style: "1000", Color: "BLK", Name: "Trail Runner", Cost: &cost,
		Location: &products.Location{Code: "US", CurrencySymbol: "$", DecimalPlaces: 2, WholesalePrice: &w, SuggestedRetail: &sr}}
	req := &Request{DocumentType: DocumentType{DocTypeLinesheet, SubTypeCondensed},
		Settings: Settings{Columns: []string{ColumnDivision, ColumnCost, ColumnSuggestedRetail}, Locale: "en-US"}}
	sh, err := (&Service{}).compose(context.Background(), req, &assortments.Assortment{Title: "A"}, []Group{{Title: "1000", Rows: []*assortments.Row{row}}}, nil, "US", func(int) {})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := sh.HTML(&buf); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	for _, label := range []string{"Wholesale", "Retail", "Cost", "Suggested Retail"} {
		if n := strings.Count(html, "<th class=\"num\">"+label+"</th>") + strings.Count(html, "<th>"+label+"</th>"); n > 1 {
			t.Errorf("%d columns headed %q", n, label)
		}
	}
	if n := strings.Count(html, "$64.00"); n != 1 {
		t.Errorf("the wholesale price is shown %d times in one row", n)
	}
	if n := strings.Count(html, "$130.00"); n != 1 {
		t.Errorf("the retail price is shown %d times in one row", n)
	}
	var x bytes.Buffer
	if err := sh.XLSX(&x); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&x)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows(f.GetSheetName(0))
	for _, r := range rows {
		if len(r) > 2 && r[0] == "Style" && strings.Join(r, "|") != "Style|Color|Name|Color Description|Wholesale $|Retail $|Division" {
			t.Errorf("workbook header %q", strings.Join(r, "|"))
		}
	}
}
