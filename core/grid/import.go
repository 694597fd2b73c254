package grid

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime/multipart"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/httpx"
	idn "its/core/identity"
	sheetfile "its/core/sheet"
)

// A Table's import reads an uploaded workbook or csv (the file the export wrote, edited in
// Excel), matches each row to a table row by the table's Key fields, and answers a review: rows
// added, changed, unchanged and refused, each refused cell with its reason. The apply call sends
// the same file with the review's token; the review is computed again and written in one
// transaction only when nothing is refused and nothing changed in the table since the review.
// Rows the file does not name are left as they are: an import never deletes.

// DefaultImportLimits bound an import file; MaxRows counts the header row.
var DefaultImportLimits = sheetfile.Limits{MaxBytes: 2 << 20, MaxUnzip: 32 << 20, MaxXML: 8 << 20, MaxRows: 1001, MaxCols: 60}

// Import row states.
const (
	ImportAdded     = "added"
	ImportChanged   = "changed"
	ImportUnchanged = "unchanged"
	ImportRefused   = "refused"
)

// ImportColumn is a file column read into a field.
type ImportColumn struct {
	Field  string `json:"field"`
	Header string `json:"header"`
	Index  int    `json:"index"`
}

// ImportRow is one data row of the file and what the import does with it.
type ImportRow struct {
	// Line is the row's number in the file (the header is line 1).
	Line   int    `json:"line"`
	Status string `json:"status"`
	// ID is the matched table row's id (changed and unchanged rows).
	ID string `json:"id,omitempty"`
	// Values are the file's cells by field, as typed.
	Values map[string]string `json:"values"`
	// Changed names the fields a changed row writes; Before holds their values now.
	Changed []string       `json:"changed,omitempty"`
	Before  map[string]any `json:"before,omitempty"`
	Errors  []CellError    `json:"errors,omitempty"`
}

// ImportCounts sums the rows by state.
type ImportCounts struct {
	Added     int `json:"added"`
	Changed   int `json:"changed"`
	Unchanged int `json:"unchanged"`
	Refused   int `json:"refused"`
}

// ImportReview is the answer of an import: what applying the file would do.
type ImportReview struct {
	FileName string         `json:"fileName"`
	Columns  []ImportColumn `json:"columns"`
	// Ignored are the file's headers that name no editable column.
	Ignored []string     `json:"ignored"`
	Counts  ImportCounts `json:"counts"`
	Rows    []ImportRow  `json:"rows"`
	// Token fingerprints the writes and the versions they were checked against; apply refuses
	// another one.
	Token   string `json:"token"`
	Applied bool   `json:"applied"`
}

// importUpload is what an import call sends as multipart/form-data: optional fields "headers"
// (a JSON object field -> the header the user's language shows) and "token", then "file".
type importUpload struct {
	name   string
	rd     sheetfile.Reader
	names  map[string]string
	token  string
	closer func()
}

// maxFormField bounds the small form fields before the file.
const maxFormField = 64 << 10

func (t *Table) limits() sheetfile.Limits {
	if t.ImportLimits.MaxBytes > 0 {
		return t.ImportLimits
	}
	return DefaultImportLimits
}

func fileError(rule, msg string) error {
	return &httpx.Error{Status: http.StatusUnprocessableEntity, Code: "ITS_ERR_VALIDATION", Message: msg,
		Details: []httpx.FieldError{{Field: "file", Rule: rule, Message: msg}}}
}

// readUpload checks the request's size before reading, then the form fields, and opens the
// file part (the last one) with the sheet reader.
func (t *Table) readUpload(w http.ResponseWriter, r *http.Request) (*importUpload, error) {
	lim := t.limits()
	if r.ContentLength > lim.MaxBytes+maxFormField {
		return nil, sheetfile.HTTPError(&sheetfile.Refusal{Reason: sheetfile.ReasonTooLarge,
			Message: fmt.Sprintf("This file is larger than %.1f MB, the largest that can be imported.", float64(lim.MaxBytes)/(1<<20))})
	}
	r.Body = http.MaxBytesReader(w, r.Body, lim.MaxBytes+maxFormField)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, fileError("required", "Choose an .xlsx or .csv file to import.")
	}
	up := &importUpload{}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil, fileError("required", "Choose an .xlsx or .csv file to import.")
		}
		if err != nil {
			return nil, httpx.BadRequest("The upload could not be read", nil)
		}
		switch part.FormName() {
		case "headers":
			if err := json.NewDecoder(io.LimitReader(part, maxFormField)).Decode(&up.names); err != nil {
				return nil, httpx.Invalid(httpx.FieldError{Field: "headers", Rule: "json", Message: "headers must be an object of field names to headers"})
			}
		case "token":
			b, _ := io.ReadAll(io.LimitReader(part, 256))
			up.token = strings.TrimSpace(string(b))
		case "file":
			return up, up.open(part, lim)
		}
	}
}

func (up *importUpload) open(part *multipart.Part, lim sheetfile.Limits) error {
	up.name = part.FileName()
	rd, err := sheetfile.Open(part, 0, sheetfile.Kind(up.name), lim)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return sheetfile.HTTPError(&sheetfile.Refusal{Reason: sheetfile.ReasonTooLarge, Message: fmt.Sprintf("This file is larger than %.1f MB, the largest that can be imported.", float64(lim.MaxBytes)/(1<<20))})
		}
		return sheetfile.HTTPError(err)
	}
	up.rd = rd
	up.closer = func() { _ = rd.Close() }
	return nil
}

// mapHeaders associates each header with the editable column it names (field name, English
// header or the header in the user's language); a column takes the first header naming it.
func (g *Grid) mapHeaders(header []string, names map[string]string) ([]ImportColumn, []string) {
	var cols []ImportColumn
	ignored := []string{}
	taken := map[string]bool{}
	for i, h := range header {
		n := sheetfile.NormHeader(h)
		if n == "" {
			continue
		}
		var hit *Column
		for k := range g.Columns {
			c := &g.Columns[k]
			if c.Column == "" || c.Edit == ReadOnly || c.Edit == Pending {
				continue
			}
			if n == sheetfile.NormHeader(c.Field) || n == sheetfile.NormHeader(c.Header) || (names[c.Field] != "" && n == sheetfile.NormHeader(names[c.Field])) {
				hit = c
				break
			}
		}
		if hit == nil || taken[hit.Field] {
			ignored = append(ignored, strings.TrimSpace(h))
			continue
		}
		taken[hit.Field] = true
		cols = append(cols, ImportColumn{Field: hit.Field, Header: strings.TrimSpace(h), Index: i})
	}
	return cols, ignored
}

// canon is a cell value compared with another: the stored one against the file's once through
// the cell rules.
func canon(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []string:
		return strings.Join(x, "\x1f")
	case []any:
		s := make([]string, len(x))
		for i, e := range x {
			s[i] = canon(e)
		}
		return strings.Join(s, "\x1f")
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32)
	case fmt.Stringer:
		return x.String()
	}
	if f, ok := v.(interface{ Float64Value() (float64, error) }); ok {
		if n, err := f.Float64Value(); err == nil && !math.IsNaN(n) {
			return strconv.FormatFloat(n, 'f', -1, 64)
		}
	}
	return fmt.Sprint(v)
}

// rowsByKey reads every row of the table, keyed by its Key fields.
func (t *Table) rowsByKey(ctx context.Context, g *Grid) (map[string]Row, error) {
	out := map[string]Row{}
	q := Query{Limit: g.MaxLimit}
	for {
		p, err := g.Page(ctx, t.DB, q, nil)
		if err != nil {
			return nil, err
		}
		for _, r := range p.Rows {
			parts := make([]string, len(t.Key))
			for i, f := range t.Key {
				parts[i] = canon(r.Get(f))
			}
			out[strings.Join(parts, "\x00")] = r
		}
		if p.NextCursor == nil {
			return out, nil
		}
		q.Cursor = *p.NextCursor
	}
}

// parsedImport is a file read against a grid: its columns, and each non-blank data row with
// its key (rows whose key the cell rules refuse, or that repeat another's, are refused already).
type parsedImport struct {
	cols    []ImportColumn
	ignored []string
	rows    []ImportRow
	keys    []string
}

// ParseImport reads a file's header and rows against the grid (key: the fields matching a row
// to a table row; names: the headers in the user's language). It reads nothing else: the
// fuzz target's entry point.
func (g *Grid) ParseImport(rd sheetfile.Reader, key []string, names map[string]string) (*parsedImport, error) {
	header, err := rd.Next()
	if err == io.EOF {
		return nil, fileError(sheetfile.ReasonEmpty, "This file has no rows.")
	}
	if err != nil {
		return nil, sheetfile.HTTPError(err)
	}
	cols, ignored := g.mapHeaders(header, names)
	mapped := map[string]bool{}
	for _, c := range cols {
		mapped[c.Field] = true
	}
	var missing []string
	for _, f := range key {
		if !mapped[f] {
			h := g.Column(f).Header
			if n := names[f]; n != "" {
				h = n
			}
			missing = append(missing, h)
		}
	}
	if len(missing) > 0 {
		return nil, fileError("columns", fmt.Sprintf("The file needs the column %s to match its rows to the table's.", strings.Join(missing, ", ")))
	}
	p := &parsedImport{cols: cols, ignored: ignored, rows: []ImportRow{}}
	seen := map[string]int{}
	for line := 2; ; line++ {
		cells, err := rd.Next()
		if err == io.EOF {
			return p, nil
		}
		if err != nil {
			return nil, sheetfile.HTTPError(err)
		}
		row := ImportRow{Line: line, Values: map[string]string{}}
		blank := true
		for _, c := range cols {
			v := ""
			if c.Index < len(cells) {
				v = sheetfile.Clean(cells[c.Index])
			}
			row.Values[c.Field] = v
			if v != "" {
				blank = false
			}
		}
		if blank {
			continue
		}
		k, errs := g.rowKey(key, row.Values)
		if prev, dup := seen[k]; dup && len(errs) == 0 {
			errs = append(errs, CellError{Field: key[0], Rule: "duplicate", Message: fmt.Sprintf("This row repeats line %d of the file", prev)})
		}
		if len(errs) > 0 {
			row.Status, row.Errors = ImportRefused, errs
		} else {
			seen[k] = line
		}
		p.rows = append(p.rows, row)
		p.keys = append(p.keys, k)
	}
}

// review reads the file's rows and answers what applying them would do, with the batch that
// does it; a dry run of the batch (rolled back) names what only the database or Check refuses.
func (t *Table) review(ctx context.Context, actorID string, up *importUpload) (*ImportReview, *BatchRequest, error) {
	g, err := t.Build(ctx)
	if err != nil {
		return nil, nil, err
	}
	p, err := g.ParseImport(up.rd, t.Key, up.names)
	if err != nil {
		return nil, nil, err
	}
	existing, err := t.rowsByKey(ctx, g)
	if err != nil {
		return nil, nil, err
	}
	rv := &ImportReview{FileName: up.name, Columns: p.cols, Ignored: p.ignored, Rows: p.rows}
	var req BatchRequest
	var updLine, addLine []int // batch index -> review row index
	for i := range rv.Rows {
		row := &rv.Rows[i]
		if row.Status == ImportRefused {
			continue
		}
		cur, found := existing[p.keys[i]]
		if !found {
			values := map[string]any{}
			for f, v := range row.Values {
				if v != "" {
					values[f] = v
				}
			}
			add := AddRow{TempID: strconv.Itoa(row.Line), Values: values}
			if _, err := g.Plan(BatchRequest{Add: []AddRow{add}}, WriteContext{}); err != nil {
				row.Status, row.Errors = ImportRefused, cellErrors(err)
				continue
			}
			row.Status = ImportAdded
			addLine = append(addLine, i)
			req.Add = append(req.Add, add)
			continue
		}
		row.ID = cur.ID()
		changes := map[string]any{}
		for _, c := range p.cols {
			if slices.Contains(t.Key, c.Field) {
				continue
			}
			col := g.Column(c.Field)
			nv, ce := col.cell(row.Values[c.Field], CellContext{Op: OpUpdate})
			if ce != nil {
				ce.Op, ce.ID = OpUpdate, row.ID
				row.Errors = append(row.Errors, *ce)
				continue
			}
			if canon(nv) == canon(cur.Get(c.Field)) {
				continue
			}
			if col.Edit != Always {
				row.Errors = append(row.Errors, CellError{Op: OpUpdate, ID: row.ID, Field: c.Field, Rule: "notEditable", Message: render("notEditable", col.Header, "")})
				continue
			}
			changes[c.Field] = row.Values[c.Field]
		}
		switch {
		case len(row.Errors) > 0:
			row.Status = ImportRefused
		case len(changes) == 0:
			row.Status = ImportUnchanged
		default:
			row.Status, row.Before = ImportChanged, map[string]any{}
			for f := range changes {
				row.Changed = append(row.Changed, f)
				row.Before[f] = cur.Get(f)
			}
			slices.Sort(row.Changed)
			updLine = append(updLine, i)
			req.Update = append(req.Update, UpdateRow{ID: row.ID, Version: cur.Version(), Changes: changes})
		}
	}
	if len(req.Add)+len(req.Update) > 0 {
		// What only the table's constraints or Check refuse (a duplicate, a term of another
		// region), by a write that is rolled back.
		if _, err := t.write(ctx, actorID, req, nil, false); err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || he.Status != http.StatusBadRequest {
				return nil, nil, err
			}
			for _, ce := range cellErrors(err) {
				lines := addLine
				if ce.Op == OpUpdate {
					lines = updLine
				}
				if ce.Index >= 0 && ce.Index < len(lines) {
					r := &rv.Rows[lines[ce.Index]]
					r.Status = ImportRefused
					r.Errors = append(r.Errors, ce)
				}
			}
		}
	}
	rv.count()
	sum := sha256.New()
	_ = json.NewEncoder(sum).Encode(req)
	rv.Token = hex.EncodeToString(sum.Sum(nil))
	return rv, &req, nil
}

// rowKey is the canonical key of a file row; a key cell the rules refuse is an error.
func (g *Grid) rowKey(key []string, values map[string]string) (string, []CellError) {
	parts := make([]string, len(key))
	var errs []CellError
	for i, f := range key {
		c := g.Column(f)
		v, ce := c.cell(values[f], CellContext{Op: OpAdd})
		if ce == nil && isEmpty(v) {
			ce = cellError(c, "required", "", "")
		}
		if ce != nil {
			errs = append(errs, *ce)
			continue
		}
		parts[i] = canon(v)
	}
	return strings.Join(parts, "\x00"), errs
}

// cellErrors are the refused cells of a Plan's error.
func cellErrors(err error) []CellError {
	var he *httpx.Error
	if errors.As(err, &he) {
		if ces, ok := he.Details.([]CellError); ok {
			return ces
		}
		return []CellError{{Field: "row", Rule: "invalid", Message: he.Message}}
	}
	return []CellError{{Field: "row", Rule: "invalid", Message: err.Error()}}
}

func (rv *ImportReview) count() {
	rv.Counts = ImportCounts{}
	for _, r := range rv.Rows {
		switch r.Status {
		case ImportAdded:
			rv.Counts.Added++
		case ImportChanged:
			rv.Counts.Changed++
		case ImportUnchanged:
			rv.Counts.Unchanged++
		case ImportRefused:
			rv.Counts.Refused++
		}
	}
}

// Import answers the review of an uploaded file.
func (t *Table) Import(ctx context.Context, actorID string, up *importUpload) (*ImportReview, error) {
	rv, _, err := t.review(ctx, actorID, up)
	return rv, err
}

// ApplyImport reviews the file again and writes it in one transaction (the versions checked,
// an audit entry per row and one for the import) when no row is refused and the review's token
// is the one the caller saw.
func (t *Table) ApplyImport(ctx context.Context, actorID string, up *importUpload) (*ImportReview, error) {
	rv, req, err := t.review(ctx, actorID, up)
	if err != nil {
		return nil, err
	}
	if rv.Counts.Refused > 0 {
		var errs []CellError
		for _, r := range rv.Rows {
			for _, ce := range r.Errors {
				ce.Index = r.Line
				errs = append(errs, ce)
			}
		}
		return nil, &httpx.Error{Status: http.StatusBadRequest, Code: "ITS_ERR_VALIDATION",
			Message: fmt.Sprintf("%d rows of the file are refused; nothing was imported. Correct them and import the file again.", rv.Counts.Refused), Details: errs}
	}
	if up.token == "" || up.token != rv.Token {
		return nil, httpx.Conflict("The table or the file changed since the review; nothing was imported. Review the file again.", map[string]any{"errorType": "userLock"})
	}
	if len(req.Add)+len(req.Update) == 0 {
		return nil, EmptyRequest()
	}
	req.Via = ViaImport
	_, err = t.write(ctx, actorID, *req, func(tx pgx.Tx) error {
		return recordImport(ctx, tx, actorID, t, rv)
	}, true)
	if err != nil {
		return nil, err
	}
	rv.Applied = true
	return rv, nil
}

func (t *Table) serveImport(apply bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		up, err := t.readUpload(w, r)
		if err != nil {
			return err
		}
		defer up.closer()
		actor := ""
		if u := idn.FromContext(r.Context()); u != nil {
			actor = u.ID
		}
		var rv *ImportReview
		if apply {
			rv, err = t.ApplyImport(r.Context(), actor, up)
		} else {
			rv, err = t.Import(r.Context(), actor, up)
		}
		if err != nil {
			return err
		}
		httpx.Data(w, rv)
		return nil
	}
}
