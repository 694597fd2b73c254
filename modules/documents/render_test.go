package documents

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

func sampleSheet(locale string, st Settings, t DocumentType) *Sheet {
	sh := &Sheet{Title: `Spring "25" </style><script>x()</script>`, Type: t.Type, SubType: t.SubType, Settings: st, L: labelsFor(locale), Currency: "€", Total: 3}
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
		card.Hero = card.Items[0]
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
		{"en-US", DocumentType{DocTypeTearsheet, SubTypeWithHeroImage}, []string{"Tear Sheet", `class="tear"`, "portrait"}},
	} {
		var buf bytes.Buffer
		if err := sampleSheet(tc.locale, st, tc.typ).HTML(&buf); err != nil {
			t.Fatal(err)
		}
		html := buf.String()
		for _, w := range append(tc.want, `data-page="cover"`, `data-page="contents"`, "data-divider", `class="group break"`, "counter(pages)") {
			if !strings.Contains(html, w) {
				t.Errorf("%s %v: no %q", tc.locale, tc.typ, w)
			}
		}
		if strings.Contains(html, "<script>") || strings.Count(html, "</style>") != 1 {
			t.Errorf("%s: the title escaped its element", tc.locale)
		}
	}
	// Off means off.
	var buf bytes.Buffer
	if err := sampleSheet("en-US", Settings{}, DocumentType{DocTypeLinesheet, SubTypeCondensed}).HTML(&buf); err != nil {
		t.Fatal(err)
	}
	for _, no := range []string{`data-page="cover"`, "data-divider", "counter(pages)", `class="group break"`, `<img`} {
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
			if r[5] != "89.5" && r[5] != "89.50" {
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
