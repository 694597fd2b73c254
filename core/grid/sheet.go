package grid

import (
	"archive/zip"
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"
)

// The export formats (the route names one).
const (
	FormatXLSX = "xlsx"
	FormatCSV  = "csv"
)

// CSVType is the content type of a csv export.
const CSVType = "text/csv; charset=utf-8"

// sheet is where an export's rows go: a header, group header rows and rows, then flush (every
// row is in) and send (the file goes out). Nothing reaches the client before send.
type sheet interface {
	header(names []string) error
	group(label string) error
	row(vals []any) error
	flush() error
	send(w http.ResponseWriter, fileName string) error
	close()
}

// newSheet makes the sheet of an export; formats are the columns' number formats (the
// workbook's; a csv file has none).
func newSheet(format string, cols []*Column, formats []string) (sheet, error) {
	if format == FormatCSV {
		return newCSVSheet(cols)
	}
	return newXLSXSheet(cols, formats)
}

func attachment(w http.ResponseWriter, contentType, fileName string) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, strings.ReplaceAll(fileName, `"`, ""), url.PathEscape(fileName)))
	h.Set("Cache-Control", "no-store")
}

/* ------------------------------------------------------------------ xlsx */

type xlsxSheet struct {
	cols                  []*Column
	f                     *excelize.File
	sw                    *excelize.StreamWriter
	headStyle, groupStyle int
	dateStyle             int
	// styles are the columns' number format styles (0: none); percent marks the percentage
	// columns, whose percent points are written as fractions (58.14 as 0.5814).
	styles  []int
	percent []bool
	r       int
	line    []any
}

func newXLSXSheet(cols []*Column, formats []string) (*xlsxSheet, error) {
	s := &xlsxSheet{cols: cols, f: excelize.NewFile(), r: 1, line: make([]any, len(cols)), styles: make([]int, len(cols)), percent: make([]bool, len(cols))}
	var err error
	byFormat := map[string]int{}
	for i, nf := range formats {
		if nf == "" {
			continue
		}
		if byFormat[nf] == 0 {
			if byFormat[nf], err = s.f.NewStyle(&excelize.Style{CustomNumFmt: &nf}); err != nil {
				s.close()
				return nil, err
			}
		}
		s.styles[i], s.percent[i] = byFormat[nf], strings.HasSuffix(nf, "%")
	}
	if s.sw, err = s.f.NewStreamWriter(s.f.GetSheetName(0)); err != nil {
		s.close()
		return nil, err
	}
	if s.headStyle, err = s.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9D9D9"}}}); err != nil {
		s.close()
		return nil, err
	}
	if s.groupStyle, err = s.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"F2F2F2"}}}); err != nil {
		s.close()
		return nil, err
	}
	dateFmt := "mm/dd/yyyy"
	if s.dateStyle, err = s.f.NewStyle(&excelize.Style{CustomNumFmt: &dateFmt}); err != nil {
		s.close()
		return nil, err
	}
	// One width entry per run of equal widths: excelize scans the entries for every cell.
	width := func(c *Column) float64 {
		if c.Width > 0 {
			return float64(c.Width) / 7
		}
		return 14
	}
	for i := 0; i < len(cols); {
		j := i
		for j+1 < len(cols) && width(cols[j+1]) == width(cols[i]) {
			j++
		}
		if err := s.sw.SetColWidth(i+1, j+1, width(cols[i])); err != nil {
			s.close()
			return nil, err
		}
		i = j + 1
	}
	if err := s.sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

func (s *xlsxSheet) next() string {
	cell := "A" + strconv.Itoa(s.r)
	s.r++
	return cell
}

func (s *xlsxSheet) header(names []string) error {
	cells := make([]any, len(names))
	for i, n := range names {
		cells[i] = excelize.Cell{StyleID: s.headStyle, Value: n}
	}
	return s.sw.SetRow(s.next(), cells)
}

func (s *xlsxSheet) group(label string) error {
	return s.sw.SetRow(s.next(), []any{excelize.Cell{StyleID: s.groupStyle, Value: label}})
}

func (s *xlsxSheet) row(vals []any) error {
	for i, c := range s.cols {
		v := vals[i]
		if t, ok := v.(time.Time); ok && c.Type == Date {
			s.line[i] = excelize.Cell{StyleID: s.dateStyle, Value: t}
			continue
		}
		if st := s.styles[i]; st != 0 && v != nil {
			if s.percent[i] {
				v = percentValue(v)
			}
			s.line[i] = excelize.Cell{StyleID: st, Value: v}
			continue
		}
		s.line[i] = v
	}
	return s.sw.SetRow(s.next(), s.line)
}

// percentValue is a percentage in percent points as the fraction a percent format shows.
func percentValue(v any) any {
	switch x := v.(type) {
	case float64:
		return x / 100
	case int64:
		return float64(x) / 100
	case int:
		return float64(x) / 100
	}
	return v
}

func (s *xlsxSheet) flush() error { return s.sw.Flush() }

func (s *xlsxSheet) send(w http.ResponseWriter, fileName string) error {
	attachment(w, XLSXType, fileName)
	w.WriteHeader(http.StatusOK)
	// excelize assembles the zip in a bytes.Buffer; handing it a zip writer on w instead streams
	// the archive out (with a fast deflate: the XML is large and repetitive).
	s.f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		zw := zip.NewWriter(w)
		zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(out, flate.BestSpeed)
		})
		return zw
	})
	// The status is sent; a failure now leaves the client with a broken download.
	_ = s.f.Write(io.Discard)
	return nil
}

func (s *xlsxSheet) close() { _ = s.f.Close() }

/* ------------------------------------------------------------------ csv */

// csvSheet writes RFC 4180 (CRLF line ends, quotes doubled) in UTF-8 with a byte order mark, so
// Excel reads the accents, to a temporary file first: a failure half-way sends nothing.
type csvSheet struct {
	cols []*Column
	tmp  *os.File
	buf  *bufio.Writer
	w    *csv.Writer
	line []string
}

func newCSVSheet(cols []*Column) (*csvSheet, error) {
	tmp, err := os.CreateTemp("", "export-*.csv")
	if err != nil {
		return nil, err
	}
	s := &csvSheet{cols: cols, tmp: tmp, buf: bufio.NewWriterSize(tmp, 64<<10), line: make([]string, len(cols))}
	s.w = csv.NewWriter(s.buf)
	s.w.UseCRLF = true
	if _, err := s.buf.WriteString("\uFEFF"); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

func (s *csvSheet) header(names []string) error {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = CSVSafe(n)
	}
	return s.w.Write(out)
}

func (s *csvSheet) group(label string) error {
	line := make([]string, len(s.cols))
	line[0] = CSVSafe(label)
	return s.w.Write(line)
}

func (s *csvSheet) row(vals []any) error {
	for i, c := range s.cols {
		s.line[i] = csvValue(c, vals[i])
	}
	return s.w.Write(s.line)
}

// csvValue is a cell as text: numbers as written in the database (no exponent), dates ISO
// (YYYY-MM-DD), text through the formula guard.
func csvValue(c *Column, v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return CSVSafe(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32)
	case int64:
		return strconv.FormatInt(x, 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case int:
		return strconv.Itoa(x)
	case bool:
		return strconv.FormatBool(x)
	case time.Time:
		if c.Type == Date {
			return x.Format("2006-01-02")
		}
		return x.UTC().Format(time.RFC3339)
	}
	return CSVSafe(fmt.Sprint(v))
}

// CSVSafe guards a text cell against formula injection: a value a spreadsheet would run as a
// formula (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so
// it is shown as the text it is.
func CSVSafe(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

func (s *csvSheet) flush() error {
	s.w.Flush()
	if err := s.w.Error(); err != nil {
		return err
	}
	return s.buf.Flush()
}

func (s *csvSheet) send(w http.ResponseWriter, fileName string) error {
	size, err := s.tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := s.tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	attachment(w, CSVType, fileName)
	w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	w.WriteHeader(http.StatusOK)
	// The status is sent; a failure now leaves the client with a broken download.
	_, _ = io.Copy(w, s.tmp)
	return nil
}

func (s *csvSheet) close() {
	name := s.tmp.Name()
	_ = s.tmp.Close()
	_ = os.Remove(name)
}
