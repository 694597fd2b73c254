// Package sheet reads the rows of an uploaded spreadsheet (xlsx or csv) one at a time, never
// holding the whole sheet: excelize's row iterator with deliberate unzip limits for workbooks,
// encoding/csv for text. Everything a workbook may hide (a password, macros, a zip bomb, too
// many rows) is refused with a Refusal whose message a user can act on.
package sheet

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"its/core/httpx"
)

// Limits bound what a file may hold; each is checked before the work it guards.
type Limits struct {
	// MaxBytes is the largest file read.
	MaxBytes int64
	// MaxUnzip is the largest total a workbook's parts may unzip to (excelize UnzipSizeLimit).
	MaxUnzip int64
	// MaxXML is the largest worksheet unzipped in memory; larger ones go to a temporary file
	// (excelize UnzipXMLSizeLimit).
	MaxXML int64
	// MaxRows is the most rows a sheet may have, the header included.
	MaxRows int
	// MaxCols is the most cells a row may have.
	MaxCols int
	// MaxSharedStrings is the most entries a workbook's shared-strings table may hold, and
	// MaxSharedStringsBytes the most bytes it may unzip to; both are checked before excelize
	// parses the table (0: no limit).
	MaxSharedStrings      int
	MaxSharedStringsBytes int64
}

// Refusal is a file the reader will not read, with the reason a user is shown.
type Refusal struct {
	Reason  string
	Message string
}

func (r *Refusal) Error() string { return r.Message }

// Refusal reasons.
const (
	ReasonTooLarge  = "tooLarge"
	ReasonPassword  = "password"
	ReasonMacros    = "macros"
	ReasonCorrupt   = "corrupt"
	ReasonZipBomb   = "zipBomb"
	ReasonTooMany   = "tooManyRows"
	ReasonTooWide   = "tooManyColumns"
	ReasonEmpty     = "empty"
	ReasonFileType  = "fileType"
	ReasonNotText   = "notText"
	maxExpandFactor = 200
)

func refuse(reason, format string, args ...any) error {
	return &Refusal{Reason: reason, Message: fmt.Sprintf(format, args...)}
}

// oleMagic starts an OLE2 compound file: an encrypted (password-protected) workbook or an old
// binary .xls.
var oleMagic = []byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}

// Kind is the reader a file name asks for: "xlsx" or "csv" ("" for anything else).
func Kind(filename string) string {
	switch strings.ToLower(path.Ext(filename)) {
	case ".xlsx":
		return "xlsx"
	case ".csv":
		return "csv"
	}
	return ""
}

// Sniff checks the first bytes of a file of kind before anything else is read, so a
// password-protected workbook is named as such rather than as a wrong type.
func Sniff(kind string, head []byte) error {
	switch kind {
	case "xlsx":
		if bytes.HasPrefix(head, oleMagic) {
			return refuse(ReasonPassword, "This workbook is password-protected (or saved in the old .xls format). Remove the password, save it as .xlsx and upload it again.")
		}
		if !bytes.HasPrefix(head, []byte("PK\x03\x04")) {
			return refuse(ReasonCorrupt, "This file is not an Excel workbook (.xlsx) or it is damaged.")
		}
	case "csv":
		if bytes.IndexByte(head, 0) >= 0 {
			return refuse(ReasonNotText, "This file is not a CSV text file.")
		}
		h := head
		// The head may end inside a character: only what precedes the last rune start counts.
		for i := 0; i < utf8.UTFMax && len(h) > 0 && !utf8.Valid(h); i++ {
			h = h[:len(h)-1]
		}
		if !utf8.Valid(h) {
			return refuse(ReasonNotText, "This CSV file is not UTF-8 text; save it as CSV UTF-8 and upload it again.")
		}
	default:
		return refuse(ReasonFileType, "Only .xlsx and .csv files can be imported.")
	}
	return nil
}

// Reader gives a sheet's rows in order; Next answers io.EOF after the last.
type Reader interface {
	Next() ([]string, error)
	Close() error
}

// Open reads r (size bytes) as a file of kind within lim. A workbook's bytes are read whole
// (the zip directory sits at its end) but its sheets are streamed; a csv is streamed.
func Open(r io.Reader, size int64, kind string, lim Limits) (Reader, error) {
	if size > lim.MaxBytes {
		return nil, refuse(ReasonTooLarge, "This file is %s; files up to %s can be imported.", mb(size), mb(lim.MaxBytes))
	}
	br := &bytesRead{r: io.LimitReader(r, lim.MaxBytes+1)}
	var head [8]byte
	n, _ := io.ReadFull(br, head[:])
	if err := Sniff(kind, head[:n]); err != nil {
		return nil, err
	}
	rest := io.MultiReader(bytes.NewReader(head[:n]), br)
	switch kind {
	case "csv":
		return openCSV(rest, lim), nil
	default:
		b, err := io.ReadAll(rest)
		if err != nil {
			return nil, err
		}
		if int64(len(b)) > lim.MaxBytes {
			return nil, refuse(ReasonTooLarge, "This file is larger than %s, the largest that can be imported.", mb(lim.MaxBytes))
		}
		return openXLSX(b, lim)
	}
}

func mb(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/(1<<20)) }

type bytesRead struct {
	r io.Reader
	n int64
}

func (b *bytesRead) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.n += int64(n)
	return n, err
}

// ---- xlsx ----

type xlsxReader struct {
	f    *excelize.File
	rows *excelize.Rows
	lim  Limits
	n    int
}

// inspect refuses, from the zip directory alone, a workbook with macros, one that is not a
// workbook, and one whose parts would unzip past the limit or far past their packed size.
func inspect(zr *zip.Reader, packed int64, lim Limits) error {
	var total uint64
	workbook := false
	for _, f := range zr.File {
		name := strings.ToLower(strings.ReplaceAll(f.Name, "\\", "/"))
		if strings.HasSuffix(name, "vbaproject.bin") || strings.HasSuffix(name, ".bin") && strings.Contains(name, "vba") {
			return refuse(ReasonMacros, "This workbook contains macros. Save it as a macro-free workbook (.xlsx) and upload it again.")
		}
		if name == "xl/workbook.xml" {
			workbook = true
		}
		total += f.UncompressedSize64
		if total > uint64(lim.MaxUnzip) {
			return refuse(ReasonZipBomb, "This workbook unpacks to more than %s; it cannot be imported. Split it into smaller files.", mb(lim.MaxUnzip))
		}
	}
	if !workbook {
		return refuse(ReasonCorrupt, "This file is not an Excel workbook (.xlsx) or it is damaged.")
	}
	if packed > 0 && total > uint64(packed)*maxExpandFactor && total > 16<<20 {
		return refuse(ReasonZipBomb, "This workbook unpacks to %d times its size; it cannot be imported.", total/uint64(packed))
	}
	return nil
}

func openXLSX(b []byte, lim Limits) (Reader, error) {
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return nil, refuse(ReasonCorrupt, "This workbook is damaged and cannot be read.")
	}
	if err := inspect(zr, int64(len(b)), lim); err != nil {
		return nil, err
	}
	if err := checkStrings(zr, lim); err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(b), excelize.Options{UnzipSizeLimit: lim.MaxUnzip, UnzipXMLSizeLimit: lim.MaxXML})
	if err != nil {
		if f != nil {
			_ = f.Close()
		}
		return nil, corrupt(err)
	}
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		_ = f.Close()
		return nil, refuse(ReasonEmpty, "This workbook has no sheet.")
	}
	// The sheet's own dimension, read from its first bytes, refuses most oversized sheets before
	// any row is read; the row count below still holds when it is missing or wrong.
	if ref, err := f.GetSheetDimension(sheets[0]); err == nil && ref != "" {
		if i := strings.LastIndexByte(ref, ':'); i >= 0 {
			if _, last, err := excelize.CellNameToCoordinates(ref[i+1:]); err == nil && last > lim.MaxRows {
				_ = f.Close()
				return nil, tooMany(lim)
			}
		}
	}
	rows, err := f.Rows(sheets[0])
	if err != nil {
		_ = f.Close()
		return nil, corrupt(err)
	}
	return &xlsxReader{f: f, rows: rows, lim: lim}, nil
}

func corrupt(err error) error {
	var r *Refusal
	if errors.As(err, &r) {
		return err
	}
	if strings.Contains(err.Error(), "unzip size") {
		return refuse(ReasonZipBomb, "This workbook unpacks to more than the import limit; it cannot be imported.")
	}
	return refuse(ReasonCorrupt, "This workbook is damaged and cannot be read.")
}

func (x *xlsxReader) Next() ([]string, error) {
	if !x.rows.Next() {
		if err := x.rows.Error(); err != nil {
			return nil, corrupt(err)
		}
		return nil, io.EOF
	}
	x.n++
	if x.n > x.lim.MaxRows {
		return nil, tooMany(x.lim)
	}
	cells, err := x.rows.Columns()
	if err != nil {
		return nil, corrupt(err)
	}
	if len(cells) > x.lim.MaxCols {
		return nil, refuse(ReasonTooWide, "Row %d has %d columns; at most %d can be imported.", x.n, len(cells), x.lim.MaxCols)
	}
	return cells, nil
}

func (x *xlsxReader) Close() error {
	err := x.rows.Close()
	if cerr := x.f.Close(); err == nil {
		err = cerr
	}
	return err
}

func tooMany(lim Limits) error {
	return refuse(ReasonTooMany, "This file has more than %d rows; at most %d rows can be imported at once. Split it into smaller files.", lim.MaxRows-1, lim.MaxRows-1)
}

// ---- csv ----

type csvReader struct {
	r   *csv.Reader
	lim Limits
	n   int
}

func openCSV(r io.Reader, lim Limits) Reader {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.LazyQuotes = true
	return &csvReader{r: cr, lim: lim}
}

func (c *csvReader) Next() ([]string, error) {
	rec, err := c.r.Read()
	if err == io.EOF {
		return nil, io.EOF
	}
	if err != nil {
		return nil, refuse(ReasonCorrupt, "This CSV file cannot be read: %v", err)
	}
	c.n++
	if c.n > c.lim.MaxRows {
		return nil, tooMany(c.lim)
	}
	if len(rec) > c.lim.MaxCols {
		return nil, refuse(ReasonTooWide, "Row %d has %d columns; at most %d can be imported.", c.n, len(rec), c.lim.MaxCols)
	}
	if c.n == 1 && len(rec) > 0 {
		rec[0] = strings.TrimPrefix(rec[0], "\ufeff")
	}
	for _, v := range rec {
		if !utf8.ValidString(v) {
			return nil, refuse(ReasonNotText, "This CSV file is not UTF-8 text; save it as CSV UTF-8 and upload it again.")
		}
	}
	return rec, nil
}

func (c *csvReader) Close() error { return nil }

// HTTPError turns a file the reader refuses into the client's error: 413 when it is too large
// (bytes, rows, unzipped size), else 422, naming the reason in the file field. Any other error
// is returned as it is.
func HTTPError(err error) error {
	var r *Refusal
	if errors.As(err, &r) {
		status, code := 422, "ITS_ERR_VALIDATION"
		switch r.Reason {
		case ReasonTooLarge, ReasonTooMany, ReasonZipBomb, ReasonTooManyStrings:
			status, code = 413, "ITS_ERR_TOO_LARGE"
		}
		return &httpx.Error{Status: status, Code: code, Message: r.Message,
			Details: []httpx.FieldError{{Field: "file", Rule: r.Reason, Message: r.Message}}}
	}
	return err
}

// Clean removes a cell's line breaks and surrounding space.
func Clean(s string) string {
	if strings.ContainsAny(s, "\r\n") {
		s = strings.ReplaceAll(s, "\r\n", " ")
		s = strings.Map(func(r rune) rune {
			if r == '\r' || r == '\n' {
				return ' '
			}
			return r
		}, s)
	}
	return strings.TrimSpace(s)
}

// NormHeader compares headers: lower case, single spaces, no surrounding space or line break.
func NormHeader(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(Clean(s))), " ")
}
