package grid

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
)

// ExportColumn is one column of an export, in the client's order; HeaderName overrides the
// schema's header (the client's translation).
type ExportColumn struct {
	Field      string `json:"field"`
	HeaderName string `json:"headerName,omitempty"`
	// Format is how the grid shows a number column (money in a currency, or a percentage): the
	// workbook gives its cells the same number format.
	Format *NumberFormat `json:"format,omitempty"`
}

// NumberFormat is a number column's display: money with a currency symbol and decimal places,
// or a percentage (the value is in percent points, 58.14 for 58.14 %).
type NumberFormat struct {
	Kind     string `json:"kind"`
	Symbol   string `json:"symbol,omitempty"`
	Decimals *int   `json:"decimals,omitempty"`
}

// The kinds of NumberFormat.
const (
	FormatMoney   = "money"
	FormatPercent = "percent"
)

// maxSymbol bounds a currency symbol's length (ISO codes and symbols such as "CHF" or "R$").
const maxSymbol = 8

// numFmt checks f for a column of type t and answers the workbook's number format.
func (f *NumberFormat) numFmt(t Type) (string, error) {
	if t != Number && t != Integer {
		return "", errors.New("only a number column has a number format")
	}
	d := 2
	if f.Decimals != nil {
		d = *f.Decimals
	}
	if d < 0 || d > 4 {
		return "", errors.New("decimals are 0 to 4")
	}
	digits := "0"
	if d > 0 {
		digits += "." + strings.Repeat("0", d)
	}
	switch f.Kind {
	case FormatPercent:
		return digits + "%", nil
	case FormatMoney:
		if utf8.RuneCountInString(f.Symbol) > maxSymbol || strings.ContainsFunc(f.Symbol, unicode.IsControl) {
			return "", fmt.Errorf("a currency symbol is at most %d printable characters", maxSymbol)
		}
		out := "#,##" + digits
		if f.Symbol != "" {
			out = `"` + strings.ReplaceAll(f.Symbol, `"`, `""`) + `"` + out
		}
		return out, nil
	}
	return "", fmt.Errorf("a number format is %s or %s", FormatMoney, FormatPercent)
}

// ExportRequest is the grid as the user sees it: columns in order, filters, sort and grouping.
type ExportRequest struct {
	Columns []ExportColumn    `json:"columns"`
	Filters map[string]Filter `json:"filters,omitempty"`
	Sort    []Sort            `json:"sort,omitempty"`
	// Where is the filter builder's condition tree (docs/grid.md §3.7), AND-ed with Filters.
	Where    *Where   `json:"where,omitempty"`
	GroupBy  []string `json:"groupBy,omitempty"`
	FileName string   `json:"fileName,omitempty"`
	// Format is FormatXLSX (the default) or FormatCSV; the route decides it, never the body.
	Format string `json:"-"`
}

// Refers reports whether the request names field anywhere: a column, a filter, a sort or group
// key, a condition of the tree (a field a caller may not see is refused wherever it is named).
func (r *ExportRequest) Refers(field string) bool {
	for _, c := range r.Columns {
		if c.Field == field {
			return true
		}
	}
	if _, ok := r.Filters[field]; ok {
		return true
	}
	for _, s := range r.Sort {
		if s.Field == field {
			return true
		}
	}
	return slices.Contains(r.GroupBy, field) || r.Where.refers(field)
}

// XLSXType is the content type of an Excel workbook.
const XLSXType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

const maxGroupLevels = 3

// ExportFileName is the download's name: the one the user asked for, else fallback, with spaces
// as underscores and the .xlsx extension.
func ExportFileName(requested, fallback string) string {
	return ExportFileNameAs(requested, fallback, FormatXLSX)
}

// ExportFileNameAs is ExportFileName for a format: its extension replaces an .xlsx or .csv one.
func ExportFileNameAs(requested, fallback, format string) string {
	if format == "" {
		format = FormatXLSX
	}
	name := strings.TrimSpace(requested)
	if name == "" {
		name = fallback
	}
	name = strings.ReplaceAll(name, " ", "_")
	lower := strings.ToLower(name)
	if lower == "."+format || strings.HasSuffix(lower, "."+format) {
		return name
	}
	for _, ext := range []string{".xlsx", ".csv"} {
		if strings.HasSuffix(lower, ext) {
			name = name[:len(name)-len(ext)]
			break
		}
	}
	return name + "." + format
}

// exportExpr is how a field is read for Excel: real dates and numbers, lists joined.
func exportExpr(c *Column) string {
	e := c.expr()
	switch c.Type {
	case Number:
		return "(" + e + ")::float8"
	case Integer:
		return "(" + e + ")::bigint"
	case MultiSelect:
		return "array_to_string(" + e + ", ', ')"
	case Date:
		return "(" + e + ")::timestamp"
	}
	return "(" + e + ")"
}

// exportPlan is an export request checked against the grid: the columns in the client's order
// with their headers, and the query's sort with the group keys first (levels of them).
type exportPlan struct {
	cols   []*Column
	header []string
	// formats are the columns' workbook number formats ("" for the plain ones).
	formats []string
	q       Query
	levels  int
}

// plan checks an export request: known columns, listed once; at most maxGroupLevels groupable
// group keys (which sort first, ascending); the format. Every mistake is named in one 400.
func (g *Grid) plan(req ExportRequest) (*exportPlan, error) {
	var bad []httpx.FieldError
	if len(req.Columns) == 0 {
		bad = append(bad, httpx.FieldError{Field: "columns", Rule: "required", Message: "An export needs at least one column"})
	}
	p := &exportPlan{cols: make([]*Column, 0, len(req.Columns))}
	picked := map[string]bool{}
	for _, ec := range req.Columns {
		c := g.byField[ec.Field]
		switch {
		case c == nil:
			bad = append(bad, httpx.FieldError{Field: "columns." + ec.Field, Rule: "unknownField", Message: fmt.Sprintf("Unknown field %q", ec.Field)})
		case picked[ec.Field]:
			bad = append(bad, httpx.FieldError{Field: "columns." + ec.Field, Rule: "duplicate", Message: fmt.Sprintf("Column %q is listed twice", ec.Field)})
		default:
			picked[ec.Field] = true
			nf := ""
			if ec.Format != nil {
				var err error
				if nf, err = ec.Format.numFmt(c.Type); err != nil {
					bad = append(bad, httpx.FieldError{Field: "columns." + ec.Field + ".format", Rule: "format", Message: err.Error()})
				}
			}
			p.formats = append(p.formats, nf)
			p.cols = append(p.cols, c)
			h := ec.HeaderName
			if h == "" {
				h = c.Header
			}
			p.header = append(p.header, h)
		}
	}
	if len(req.GroupBy) > maxGroupLevels {
		bad = append(bad, httpx.FieldError{Field: "groupBy", Rule: "max", Message: fmt.Sprintf("At most %d group levels", maxGroupLevels)})
	}
	switch req.Format {
	case "", FormatXLSX, FormatCSV:
	default:
		bad = append(bad, httpx.FieldError{Field: "format", Rule: "format", Message: "An export is xlsx or csv"})
	}
	p.q = Query{Filters: req.Filters, Where: req.Where}
	grouped := map[string]bool{}
	for _, f := range req.GroupBy {
		if c := g.byField[f]; c == nil || c.NoSort {
			bad = append(bad, httpx.FieldError{Field: "groupBy." + f, Rule: "groupable", Message: fmt.Sprintf("Cannot group by %q", f)})
			continue
		}
		if !grouped[f] {
			grouped[f] = true
			p.q.Sort = append(p.q.Sort, Sort{Field: f, Dir: "asc"})
		}
	}
	for _, s := range req.Sort {
		if !grouped[s.Field] {
			p.q.Sort = append(p.q.Sort, s)
		}
	}
	if len(p.q.Sort) == 0 {
		p.q.Sort = g.DefaultSort
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	for _, c := range p.cols {
		p.q.Fields = append(p.q.Fields, c.Field)
	}
	p.levels = len(grouped)
	return p, nil
}

// exportWriter puts an export's rows into its sheet (sheet.go), with a group header row
// ("Division: Footwear (1,234)") wherever a group starts. The rows come in the export's order
// with the text of their group keys; counts holds each group prefix's size (keyed by groupKey).
type exportWriter struct {
	g       *Grid
	sheet   sheet
	groups  []*Column
	counts  map[string]int64
	current []*string
	started bool
}

func (g *Grid) newExportWriter(format string, p *exportPlan, groups []*Column, counts map[string]int64) (*exportWriter, error) {
	sh, err := newSheet(format, p.cols, p.formats)
	if err != nil {
		return nil, err
	}
	if err := sh.header(p.header); err != nil {
		sh.close()
		return nil, err
	}
	return &exportWriter{g: g, sheet: sh, groups: groups, counts: counts, current: make([]*string, len(groups))}, nil
}

// row writes one row: key(l) is the text of its group key l (nil when blank), vals its cells in
// the columns' order.
func (e *exportWriter) row(key func(l int) *string, vals []any) error {
	if levels := len(e.groups); levels > 0 {
		from := -1
		for l := 0; l < levels; l++ {
			vp := key(l)
			if from < 0 && (!e.started || !sameKey(e.current[l], vp)) {
				from = l
			}
			if from >= 0 {
				e.current[l] = vp
			}
		}
		e.started = true
		for l := max(from, 0); from >= 0 && l < levels; l++ {
			if err := e.sheet.group(e.g.groupLabel(e.groups[l], e.current[l], e.counts[groupKey(e.current[:l+1])])); err != nil {
				return err
			}
		}
	}
	return e.sheet.row(vals)
}

// Export writes the query as an .xlsx workbook or a .csv file (req.Format): a header row, then
// the rows in the export's order, with a group header row ("Division: Footwear (1,234)")
// wherever a group starts. The rows stream from the database (read ahead on a second goroutine)
// into the sheet (sheet.go), which spills to a temporary file, so memory stays flat whatever the
// size. Mistakes and database failures are returned before anything is written: the file only
// goes out once every row is in it. scope is the caller's policy (the rows it may see). A grid
// whose rows are computed in Go exports through ExportRows (feed.go) into the same writer.
func (g *Grid) Export(ctx context.Context, w http.ResponseWriter, db Beginner, req ExportRequest, scope sq.Sqlizer, fileName string) error {
	if g.InGo {
		return fmt.Errorf("grid %s: its rows are computed in Go: export them with ExportRows", g.Name)
	}
	p, err := g.plan(req)
	if err != nil {
		return err
	}
	cols := p.cols
	cq, err := g.compile(p.q, scope, 0)
	if err != nil {
		return err
	}
	// compile may have dropped a repeated sort key; the group keys stay first either way.
	levels := p.levels

	var out *exportWriter
	defer func() {
		if out != nil {
			out.sheet.close()
		}
	}()
	// The file is sent after the snapshot is rolled back: the connection goes back first.
	if err := inSnapshot(ctx, db, func(tx pgx.Tx) error {
		// An export sorts every matching row: room for that in memory instead of a merge on disk
		// (for this transaction only).
		if _, err := tx.Exec(ctx, "SET LOCAL work_mem = '64MB'"); err != nil {
			return err
		}
		// No JIT compilation: an export's per-row work is a projection of plain columns, and
		// past the planner's cost threshold (a catalog of some hundreds of thousands of rows)
		// compiling it took 0.3 to 1.2 s of a million-row export, a step no smaller export pays.
		if _, err := tx.Exec(ctx, "SET LOCAL jit = off"); err != nil {
			return err
		}
		counts, err := cq.groupCounts(ctx, tx, levels)
		if err != nil {
			return err
		}
		query, args, err := cq.rowsSQL(exportExpr, 0)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()

		groups := make([]*Column, levels)
		for l := range groups {
			groups[l] = cq.sorts[l].c
		}
		out, err = g.newExportWriter(req.Format, p, groups, counts)
		if err != nil {
			return err
		}
		first := len(cols) + 2 // index of the first sort-key text value in a row
		var vals []any
		key := func(l int) *string {
			if vals[first+l] == nil {
				return nil
			}
			v, _ := vals[first+l].(string)
			return &v
		}
		// The database side (reading and decoding rows) runs beside the file side, so the two use
		// separate cores; batches keep the hand-over cheap and memory bounded.
		readCtx, stop := context.WithCancel(ctx)
		defer stop()
		batches, readErr := readAhead(readCtx, rows)
		var werr error
		for b := range batches {
			for _, vals = range b {
				if werr == nil {
					werr = out.row(key, vals[2:2+len(cols)])
				}
			}
			if werr != nil {
				stop() // the reader stops; the loop drains what it already sent
			}
		}
		if werr != nil {
			return werr
		}
		if err := <-readErr; err != nil {
			return err
		}
		rows.Close()
		if err := out.sheet.flush(); err != nil {
			return err
		}
		return nil
	}); err != nil {
		return err
	}
	return out.sheet.send(w, ExportFileNameAs(fileName, "export", req.Format))
}

func sameKey(a, b *string) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func groupKey(vals []*string) string {
	var b strings.Builder
	for _, v := range vals {
		if v == nil {
			b.WriteString("\x01")
		} else {
			b.WriteString(*v)
		}
		b.WriteByte(0)
	}
	return b.String()
}

func (g *Grid) groupLabel(c *Column, v *string, n int64) string {
	val := "(Blanks)"
	if v != nil && *v != "" {
		val = *v
		if c.Type == Date {
			if iso, ok := parseDate(strings.SplitN(val, " ", 2)[0]); ok {
				t, _ := time.Parse("2006-01-02", iso)
				val = t.Format("01/02/2006")
			}
		}
	}
	return fmt.Sprintf("%s: %s (%s)", c.Header, val, thousands(n))
}

func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// groupCounts counts the rows of every group prefix (level 1, levels 1-2, ...) in one query,
// keyed like groupKey, so each group header can carry its size.
func (cq *compiled) groupCounts(ctx context.Context, tx pgx.Tx, levels int) (map[string]int64, error) {
	out := map[string]int64{}
	if levels == 0 {
		return out, nil
	}
	cols := make([]string, 0, levels+1)
	positions := make([]string, 0, levels)
	for l := 0; l < levels; l++ {
		cols = append(cols, "("+cq.sorts[l].c.expr()+")::text")
		positions = append(positions, strconv.Itoa(l+1))
	}
	b := psql.Select(append(cols, "count(*)")...).From(cq.g.Table)
	if len(cq.where) > 0 {
		b = b.Where(cq.where)
	}
	rows, err := db.Query(ctx, tx, b.GroupBy(positions...))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	key := make([]*string, levels)
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return nil, err
		}
		for l := 0; l < levels; l++ {
			key[l] = nil
			if s, ok := vals[l].(string); ok {
				key[l] = &s
			}
		}
		n := vals[levels].(int64)
		for l := 1; l <= levels; l++ {
			out[groupKey(key[:l])] += n
		}
	}
	return out, rows.Err()
}

const readBatch = 512

// readAhead reads rows on its own goroutine and hands them over in batches (at most 4 waiting);
// it closes the channel when done and then sends the rows' error.
func readAhead(ctx context.Context, rows pgx.Rows) (<-chan [][]any, <-chan error) {
	out := make(chan [][]any, 4)
	errc := make(chan error, 1)
	go func() {
		defer close(errc)
		defer close(out)
		b := make([][]any, 0, readBatch)
		send := func() bool {
			select {
			case out <- b:
				b = make([][]any, 0, readBatch)
				return true
			case <-ctx.Done():
				return false
			}
		}
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				errc <- err
				return
			}
			b = append(b, vals)
			if len(b) == readBatch && !send() {
				errc <- ctx.Err()
				return
			}
		}
		if err := rows.Err(); err != nil {
			errc <- err
			return
		}
		if len(b) > 0 && !send() {
			errc <- ctx.Err()
			return
		}
		errc <- nil
	}()
	return out, errc
}
