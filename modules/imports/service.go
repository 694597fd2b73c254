package imports

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/grid"
	"its/core/httpx"
	"its/core/sheet"
	"its/core/storage"
	"its/modules/assortments"
	"its/modules/products"
	"its/modules/sampleinventory"
)

// Assortments is what the import needs of the assortment manager: the target of an import
// (checked for editing) and the all-or-nothing add of its rows.
type Assortments interface {
	ImportTarget(ctx context.Context, id string, pairs []products.Pair) (*assortments.ImportTarget, error)
	Import(ctx context.Context, id string, next assortments.ImportSource) (*assortments.BatchResult, error)
}

// Samples is what the import needs of the sample inventory: a library's columns, its row
// validation (spec §5.5) and its batch write.
type Samples interface {
	Schema(library string) (*sampleinventory.Schema, error)
	Validate(ctx context.Context, library string, req sampleinventory.ValidateRequest) (*sampleinventory.ValidateResult, error)
	Write(ctx context.Context, library string, req grid.BatchRequest) (*grid.BatchResult, error)
}

// Service runs the import's steps.
type Service struct {
	db          *pgxpool.Pool
	store       *Store
	blobs       storage.Store
	catalog     products.Catalog
	assortments Assortments
	samples     Samples
	log         *slog.Logger
	limits      sheet.Limits
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB          *pgxpool.Pool
	Store       *Store
	Blobs       storage.Store
	Catalog     products.Catalog
	Assortments assortments.Assortments
	Samples     sampleinventory.Samples
	Log         *slog.Logger
}

// Limits are the import's file limits (module.yaml constants).
var Limits = sheet.Limits{MaxBytes: MaxFileBytes, MaxUnzip: MaxUnzipBytes, MaxXML: MaxXMLBytes, MaxRows: MaxRows + 1, MaxCols: MaxColumns,
	MaxSharedStrings: MaxSharedStrings, MaxSharedStringsBytes: MaxSharedStringsBytes}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, blobs: p.Blobs, catalog: p.Catalog, assortments: p.Assortments,
		samples: p.Samples, log: p.Log, limits: Limits}
}

// Columns is the answer of the column association step.
type Columns struct {
	Headers []string `json:"headers"`
	Columns []Column `json:"columns"`
	Mapping Mapping  `json:"mapping"`
}

// refusal turns a file the reader refuses into a 413 or 422 naming why, in the catalog's words
// where the catalog has them.
func refusal(err error) error {
	var r *sheet.Refusal
	if errors.As(err, &r) && r.Reason == sheet.ReasonTooManyStrings {
		r.Message = strings.ReplaceAll(MsgTooManyStrings, "{max}", strconv.Itoa(MaxSharedStrings))
	}
	return sheet.HTTPError(err)
}

// noRows refuses a file without a row.
func noRows() error {
	return refusal(&sheet.Refusal{Reason: sheet.ReasonEmpty, Message: "This file has no rows."})
}

// open opens the caller's uploaded file for reading: the rows its upload-complete step kept,
// or (a file recorded before rows were kept) the file itself.
func (s *Service) open(ctx context.Context, importID string) (sheet.Reader, func(), error) {
	f, err := s.store.get(ctx, importID)
	if err != nil {
		return nil, nil, err
	}
	if f.ParsedKey != "" {
		rc, _, err := s.blobs.Get(ctx, f.ParsedKey)
		if err != nil {
			return nil, nil, err
		}
		rd, err := sheet.OpenKept(rc)
		if err != nil {
			rc.Close()
			return nil, nil, err
		}
		return rd, func() { rd.Close(); rc.Close() }, nil
	}
	rc, info, err := s.blobs.Get(ctx, f.Key)
	if err != nil {
		return nil, nil, err
	}
	rd, err := sheet.Open(rc, info.Size, f.Kind, s.limits)
	if err != nil {
		rc.Close()
		return nil, nil, refusal(err)
	}
	return rd, func() { rd.Close(); rc.Close() }, nil
}

// headerOf reads a file's first row.
func (s *Service) headerOf(ctx context.Context, importID string) ([]string, error) {
	rd, done, err := s.open(ctx, importID)
	if err != nil {
		return nil, err
	}
	defer done()
	h, err := rd.Next()
	if err == io.EOF {
		return nil, noRows()
	}
	if err != nil {
		return nil, refusal(err)
	}
	for i := range h {
		h[i] = sheet.Clean(h[i])
	}
	return h, nil
}

// columns answers step 2 for a target's columns.
func (s *Service) columns(ctx context.Context, importID string, cols []Column) (*Columns, error) {
	h, err := s.headerOf(ctx, importID)
	if err != nil {
		return nil, err
	}
	return &Columns{Headers: h, Columns: cols, Mapping: AutoMatch(h, cols)}, nil
}

// readRows streams the file's data rows through the mapping: cleaned, rows without the key
// field dropped.
func (s *Service) readRows(ctx context.Context, importID string, m Mapping, cols []Column, key string) ([]Row, int, error) {
	if err := checkMapping(m, cols); err != nil {
		return nil, 0, err
	}
	rd, done, err := s.open(ctx, importID)
	if err != nil {
		return nil, 0, err
	}
	defer done()
	return ReadRows(rd, m, key)
}

// ReadRows reads a sheet's data rows (the first row is the header) through the mapping; rows
// without key are dropped and counted.
func ReadRows(rd sheet.Reader, m Mapping, key string) ([]Row, int, error) {
	src, err := openRows(rd, m, key)
	if errors.Is(err, io.EOF) {
		return []Row{}, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	var rows []Row
	for {
		piece, err := src.next(pieceRows)
		if errors.Is(err, io.EOF) {
			return rows, src.dropped, nil
		}
		if err != nil {
			return nil, 0, err
		}
		rows = append(rows, piece...)
	}
}

// pieceRows is how many of a file's rows the rows step and the import read, check and pass on
// at a time, so that neither holds a large file's rows at once.
const pieceRows = 5000

// sheetRows reads a sheet's data rows through a mapping piece by piece; rows without the key
// field are dropped and counted.
type sheetRows struct {
	rd      sheet.Reader
	m       Mapping
	key     string
	line    int
	dropped int
}

// openRows reads rd's header; io.EOF when the sheet has no row at all.
func openRows(rd sheet.Reader, m Mapping, key string) (*sheetRows, error) {
	if _, err := rd.Next(); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		return nil, refusal(err)
	}
	return &sheetRows{rd: rd, m: m, key: key, line: 1}, nil
}

// next answers the next at most n kept rows, io.EOF when none is left.
func (src *sheetRows) next(n int) ([]Row, error) {
	var rows []Row
	for len(rows) < n {
		cells, err := src.rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, refusal(err)
		}
		src.line++
		r := fromCells(src.line, cells, src.m)
		if r.Values.Get(src.key) == "" {
			src.dropped++
			continue
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil, io.EOF
	}
	return rows, nil
}

func checkMapping(m Mapping, cols []Column) error {
	var bad []httpx.FieldError
	known := map[string]bool{}
	for _, c := range cols {
		known[c.Field] = true
		if _, ok := m[c.Field]; c.Required && !ok {
			bad = append(bad, httpx.FieldError{Field: "mapping." + c.Field, Rule: "required", Message: c.Header + " must be associated with a column of the file"})
		}
	}
	for f, col := range m {
		if !known[f] {
			bad = append(bad, httpx.FieldError{Field: "mapping." + f, Rule: "unknown", Message: "Unknown field " + f})
		} else if col < 0 || col >= MaxColumns {
			bad = append(bad, httpx.FieldError{Field: "mapping." + f, Rule: "range", Message: "No such column"})
		}
	}
	if len(bad) > 0 {
		return httpx.Invalid(bad...)
	}
	return nil
}

// refuseUnready is the answer to an import or download of rows that still have errors the
// caller did not accept.
func refuseUnready(res *Result, ignoreWarnings bool) error {
	r := readiness{ignoreWarnings: ignoreWarnings}
	r.add(res.Rows)
	return r.err()
}

// readiness counts checked rows as they pass and keeps the first issues the caller did not
// accept: what refuseUnready answers of them all.
type readiness struct {
	ignoreWarnings bool
	tally
	details []httpx.FieldError
}

func (r *readiness) add(rows []Row) {
	for i := range rows {
		row := &rows[i]
		r.tally.add(row)
		if len(r.details) >= 100 {
			continue
		}
		for _, e := range row.Errors {
			if e.ErrorSeverity == SeverityCritical || !r.ignoreWarnings {
				r.details = append(r.details, httpx.FieldError{Field: fmt.Sprintf("rows[%d].%s", row.Index, e.Field), Rule: e.ErrorType, Message: e.ErrorMessage})
			}
		}
	}
}

// refused says the rows so far hold an issue the caller did not accept.
func (r *readiness) refused() bool { return len(r.details) > 0 }

func (r *readiness) err() error {
	if !r.refused() {
		return nil
	}
	msg := fmt.Sprintf("%d rows have critical issues; fix them and validate again.", r.critical)
	if r.critical == 0 {
		msg = fmt.Sprintf("%d rows have warnings; ignore them to go on.", r.warnings)
	}
	return &httpx.Error{Status: 422, Code: "ITS_ERR_VALIDATION", Message: msg, Details: r.details}
}

func upper(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }
