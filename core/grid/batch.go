package grid

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strconv"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"its/core/db"
	"its/core/httpx"
)

// Op is a kind of row write.
type Op string

const (
	OpAdd    Op = "add"
	OpUpdate Op = "update"
	OpDelete Op = "delete"
)

// BatchRequest is many row writes applied together or not at all.
type BatchRequest struct {
	Update []UpdateRow `json:"update"`
	Add    []AddRow    `json:"add"`
	Delete []DeleteRow `json:"delete"`
	// Via says how the change was made, for the cell history (see Vias; "" is an edit).
	Via string `json:"via,omitempty"`
}

// UpdateRow changes some cells of a row last seen at Version.
type UpdateRow struct {
	ID      string         `json:"id"`
	Version int64          `json:"version"`
	Changes map[string]any `json:"changes"`
}

// AddRow is a new row; TempID is the client's name for it, echoed in the answer and errors.
type AddRow struct {
	TempID string         `json:"tempId"`
	Values map[string]any `json:"values"`
}

// DeleteRow deletes (or, in soft-delete grids, sets the delete status of) a row last seen at
// Version.
type DeleteRow struct {
	ID      string `json:"id"`
	Version int64  `json:"version"`
}

// EmptyMessage answers a request with nothing to do (platform spec §8).
const EmptyMessage = "Error. Your request was empty. Nothing has been submitted. Please try again."

// EmptyRequest is the 400 of a batch with nothing to do.
func EmptyRequest() *httpx.Error {
	return &httpx.Error{Status: http.StatusBadRequest, Code: "ITS_ERR_EMPTY_REQUEST", Message: EmptyMessage, Details: "Nothing to do"}
}

// Invalid is the 400 of refused cells, each located by op, index, id or tempId, field and rule.
func Invalid(errs []CellError) *httpx.Error {
	msg := fmt.Sprintf("%d cells are not valid", len(errs))
	if len(errs) == 1 {
		msg = errs[0].Message
	}
	return &httpx.Error{Status: http.StatusBadRequest, Code: "ITS_ERR_VALIDATION", Message: msg, Details: errs}
}

// Conflict is the 409 of a write against a row that changed since the client read it.
func Conflict(rows []StaleRow) *httpx.Error {
	return httpx.Conflict("This row was changed by someone else since you loaded it.", map[string]any{"errorType": "userLock", "rows": rows})
}

// StaleRow names a row whose version moved on.
type StaleRow struct {
	ID             string `json:"id"`
	Version        int64  `json:"version"`
	CurrentVersion int64  `json:"currentVersion"`
}

// WriteContext is where a batch comes from.
type WriteContext struct {
	// View "pending" allows clearing non-clearable cells and editing pending-only ones. The
	// module decides it from the route, never from the client alone.
	View string
}

// Change is one validated row write; Apply fills Old and Row.
type Change struct {
	Op      Op
	Index   int
	ID      string
	TempID  string
	Version int64
	// Values are field -> value to write, already through the cell rules. A module may add
	// derived fields (trusted) before Apply.
	Values map[string]any
	// Old holds, after Apply, the previous values of the written fields (updates, soft deletes).
	Old map[string]any
	// Row is, after Apply, the row as written.
	Row Row
}

// Plan is a validated batch.
type Plan struct {
	Changes []*Change
}

const maxErrors = 200

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// ValidID reports whether id has the grid's id format.
func (g *Grid) ValidID(id string) bool {
	if g.IDType == "uuid" {
		return uuidRE.MatchString(id)
	}
	_, err := strconv.ParseInt(id, 10, 64)
	return err == nil
}

func (g *Grid) editable(c *Column, op Op, wc WriteContext) bool {
	switch c.Edit {
	case Always:
		return true
	case NewRows:
		return op == OpAdd
	case Pending:
		return wc.View == "pending"
	}
	return false
}

// Plan checks every row of req against the schema (all refused cells in one 400) and answers
// the writes to apply. A request with nothing in it is EmptyRequest.
func (g *Grid) Plan(req BatchRequest, wc WriteContext) (*Plan, error) {
	total := len(req.Update) + len(req.Add) + len(req.Delete)
	if total == 0 {
		return nil, EmptyRequest()
	}
	if total > g.MaxBatch {
		return nil, httpx.Invalid(httpx.FieldError{Field: "rows", Rule: "max", Message: fmt.Sprintf("At most %d rows per request", g.MaxBatch)})
	}
	p := &Plan{Changes: make([]*Change, 0, total)}
	var errs []CellError
	add := func(e CellError) {
		if len(errs) < maxErrors {
			errs = append(errs, e)
		}
	}
	seen := map[string]bool{}
	checkRow := func(op Op, i int, id string, version int64) bool {
		switch {
		case !g.ValidID(id):
			add(CellError{Op: op, Index: i, ID: id, Field: "id", Rule: "id", Message: "The row id is not valid"})
		case seen[id]:
			add(CellError{Op: op, Index: i, ID: id, Field: "id", Rule: "duplicateId", Message: "A row may appear only once in a request"})
		case version <= 0:
			add(CellError{Op: op, Index: i, ID: id, Field: "version", Rule: "version", Message: "The row version is required"})
		default:
			seen[id] = true
			return true
		}
		return false
	}
	for i, d := range req.Delete {
		if checkRow(OpDelete, i, d.ID, d.Version) {
			p.Changes = append(p.Changes, &Change{Op: OpDelete, Index: i, ID: d.ID, Version: d.Version})
		}
	}
	for i, u := range req.Update {
		if !checkRow(OpUpdate, i, u.ID, u.Version) {
			continue
		}
		if len(u.Changes) == 0 {
			add(CellError{Op: OpUpdate, Index: i, ID: u.ID, Field: "changes", Rule: "empty", Message: "An update needs at least one change"})
			continue
		}
		ch := &Change{Op: OpUpdate, Index: i, ID: u.ID, Version: u.Version, Values: map[string]any{}}
		ok := true
		for _, field := range sortedKeys(u.Changes) {
			v, ce := g.write(field, u.Changes[field], OpUpdate, wc)
			if ce != nil {
				ce.Op, ce.Index, ce.ID = OpUpdate, i, u.ID
				add(*ce)
				ok = false
				continue
			}
			ch.Values[field] = v
		}
		if ok {
			p.Changes = append(p.Changes, ch)
		}
	}
	for i, a := range req.Add {
		ch := &Change{Op: OpAdd, Index: i, TempID: a.TempID, Values: map[string]any{}}
		ok := true
		for _, field := range sortedKeys(a.Values) {
			v, ce := g.write(field, a.Values[field], OpAdd, wc)
			if ce != nil {
				ce.Op, ce.Index, ce.TempID = OpAdd, i, a.TempID
				add(*ce)
				ok = false
				continue
			}
			if v != nil {
				ch.Values[field] = v
			}
		}
		for _, c := range g.Columns {
			if _, given := a.Values[c.Field]; c.Required && !given {
				add(CellError{Op: OpAdd, Index: i, TempID: a.TempID, Field: c.Field, Rule: "required", Message: render("required", c.Header, "")})
				ok = false
			}
		}
		if ok {
			p.Changes = append(p.Changes, ch)
		}
	}
	if len(errs) > 0 {
		return nil, Invalid(errs)
	}
	return p, nil
}

func (g *Grid) write(field string, v any, op Op, wc WriteContext) (any, *CellError) {
	c := g.byField[field]
	if c == nil {
		return nil, &CellError{Field: field, Rule: "unknown", Message: render("unknown", field, "")}
	}
	if !g.editable(c, op, wc) {
		return nil, &CellError{Field: field, Rule: "notEditable", Message: render("notEditable", c.Header, "")}
	}
	return c.cell(v, CellContext{Op: op, View: wc.View})
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ApplyOptions are the module's part of a write.
type ApplyOptions struct {
	// Scope limits updates and deletes (rows outside it are not found), e.g. one partition of a table.
	Scope sq.Sqlizer
	// SetOnAdd and SetOnUpdate are column -> value (or sq.Sqlizer) written with every insert, and
	// with every update and soft delete (who, when). Trusted: they come from Go code.
	SetOnAdd    map[string]any
	SetOnUpdate map[string]any
	// MapError turns a constraint violation of a change into the client's error; nil (or a nil
	// answer) leaves the generic mapping.
	MapError func(err *pgconn.PgError, c *Change) error
	// History, when set, records every changed cell of the batch's updates and soft deletes in
	// the cell history, under its actor and label, in the same transaction (one statement).
	History *Trail
}

// Apply runs the plan in tx, pipelined: deletes, then updates, then adds. Any stale version is a
// 409 userLock and any failure an error; the caller rolls tx back on error, so nothing is
// written unless everything is.
func (g *Grid) Apply(ctx context.Context, tx pgx.Tx, p *Plan, o ApplyOptions) error {
	if err := g.refuseFolders(ctx, tx, p); err != nil {
		return err
	}
	order := make([]*Change, 0, len(p.Changes))
	for _, op := range []Op{OpDelete, OpUpdate, OpAdd} {
		for _, c := range p.Changes {
			if c.Op == op {
				order = append(order, c)
			}
		}
	}
	names, returning := g.fullRow()
	batch := &pgx.Batch{}
	olds := make([][]*Column, len(order))
	for i, c := range order {
		sql, args, old, err := g.statement(c, o, returning)
		if err != nil {
			return err
		}
		olds[i] = old
		batch.Queue(sql, args...)
	}
	br := tx.SendBatch(ctx, batch)
	var stale []*Change
	for i, c := range order {
		rows, err := br.Query()
		if err == nil {
			found := false
			for rows.Next() {
				vals, verr := rows.Values()
				if verr != nil {
					err = verr
					break
				}
				found = true
				if len(vals) < len(names) {
					// A hard delete returns only the id and the version it removed.
					c.Row = Row{Fields: names[:len(vals)], Values: vals}
					continue
				}
				c.Row = Row{Fields: names, Values: vals[:len(names)]}
				if len(olds[i]) > 0 {
					c.Old = make(map[string]any, len(olds[i]))
					for j, col := range olds[i] {
						c.Old[col.Field] = vals[len(names)+j]
					}
				}
			}
			rows.Close()
			if err == nil {
				err = rows.Err()
			}
			if err == nil && !found {
				stale = append(stale, c)
			}
		}
		if err != nil {
			br.Close()
			return g.mapError(err, c, o)
		}
	}
	if err := br.Close(); err != nil {
		return err
	}
	if len(stale) > 0 {
		return g.staleError(ctx, tx, stale, o.Scope)
	}
	if o.History != nil {
		return g.record(ctx, tx, order, o.History)
	}
	return nil
}

// fullRow is the RETURNING list of a write: the whole row as a query reads it.
func (g *Grid) fullRow() ([]string, string) {
	names := []string{"id", "version"}
	list := g.IDColumn + "::text, " + g.VersionColumn + "::bigint"
	for i := range g.Columns {
		c := &g.Columns[i]
		names = append(names, c.Field)
		list += ", " + selectExpr(c)
	}
	return names, list
}

func (g *Grid) setExpr(c *Column, v any) sq.Sqlizer {
	if c.Type == MultiSelect {
		return sq.Expr("?::text[]", sqlText(v))
	}
	return sq.Expr("(?::text)::"+c.Type.cast(), sqlText(v))
}

// written lists the columns of the change's values in declaration order, so that the same
// shape of change is the same SQL text (and the same prepared statement).
func (g *Grid) written(values map[string]any) []*Column {
	var out []*Column
	for i := range g.Columns {
		c := &g.Columns[i]
		if _, ok := values[c.Field]; ok && c.Column != "" {
			out = append(out, c)
		}
	}
	return out
}

func (g *Grid) idExpr(id string) sq.Sqlizer {
	return sq.Expr(g.Table+"."+g.IDColumn+" = (?::text)::"+g.IDType, id)
}

// statement builds one change's SQL. Updates read the old values through a FROM subquery on the
// same row: it sees the row before the update, which is what tracking wants.
func (g *Grid) statement(c *Change, o ApplyOptions, returning string) (string, []any, []*Column, error) {
	switch c.Op {
	case OpAdd:
		b := psql.Insert(g.Table)
		cols := g.written(c.Values)
		var names []string
		var vals []any
		for _, col := range cols {
			names = append(names, col.Column)
			vals = append(vals, g.setExpr(col, c.Values[col.Field]))
		}
		for _, k := range sortedKeys(o.SetOnAdd) {
			names = append(names, k)
			vals = append(vals, o.SetOnAdd[k])
		}
		sql, args, err := b.Columns(names...).Values(vals...).Suffix("RETURNING " + returning).ToSql()
		return sql, args, nil, err
	case OpDelete:
		if g.DeleteColumn == "" {
			b := psql.Delete(g.Table).Where(g.idExpr(c.ID)).Where(sq.Eq{g.VersionColumn: c.Version})
			if o.Scope != nil {
				b = b.Where(o.Scope)
			}
			sql, args, err := b.Suffix("RETURNING " + g.IDColumn + "::text, " + g.VersionColumn + "::bigint").ToSql()
			return sql, args, nil, err
		}
	}
	var cols []*Column
	b := psql.Update(g.Table)
	if c.Op == OpDelete {
		for i := range g.Columns {
			if g.Columns[i].Column == g.DeleteColumn {
				cols = append(cols, &g.Columns[i])
			}
		}
		b = b.Set(g.DeleteColumn, g.DeleteValue)
	} else {
		cols = g.written(c.Values)
		for _, col := range cols {
			b = b.Set(col.Column, g.setExpr(col, c.Values[col.Field]))
		}
	}
	b = b.Set(g.VersionColumn, sq.Expr(g.Table+"."+g.VersionColumn+" + 1"))
	for _, k := range sortedKeys(o.SetOnUpdate) {
		b = b.Set(k, o.SetOnUpdate[k])
	}
	oldCols := []string{g.IDColumn + " AS __oid"}
	oldList := ""
	for i, col := range cols {
		oldCols = append(oldCols, fmt.Sprintf("%s AS __o%d", selectExpr(col), i))
		oldList += fmt.Sprintf(", __old.__o%d", i)
	}
	sub := sq.Select(oldCols...).From(g.Table).Where(sq.Expr(g.IDColumn+" = (?::text)::"+g.IDType, c.ID))
	b = b.FromSelect(sub, "__old").
		Where(g.Table + "." + g.IDColumn + " = __old.__oid").
		Where(sq.Expr(g.Table+"."+g.VersionColumn+" = ?", c.Version))
	if o.Scope != nil {
		b = b.Where(o.Scope)
	}
	sql, args, err := b.Suffix("RETURNING " + returning + oldList).ToSql()
	return sql, args, cols, err
}

func (g *Grid) refuseFolders(ctx context.Context, tx pgx.Tx, p *Plan) error {
	if g.FolderColumn == "" {
		return nil
	}
	var ids []string
	for _, c := range p.Changes {
		if c.Op != OpAdd {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	rows, err := db.Query(ctx, tx, psql.Select(g.IDColumn+"::text").From(g.Table).
		Where(sq.Expr(g.IDColumn+" = ANY((?::text[])::"+g.IDType+"[])", ids)).
		Where(sq.Eq{g.FolderColumn: g.FolderValue}))
	if err != nil {
		return err
	}
	folders, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(folders) == 0 {
		return err
	}
	isFolder := map[string]bool{}
	for _, id := range folders {
		isFolder[id] = true
	}
	var errs []CellError
	for _, c := range p.Changes {
		if isFolder[c.ID] {
			errs = append(errs, CellError{Op: c.Op, Index: c.Index, ID: c.ID, Field: "id", Rule: "folder", Message: messages["folder"]})
		}
	}
	return Invalid(errs)
}

func (g *Grid) staleError(ctx context.Context, tx pgx.Tx, stale []*Change, scope sq.Sqlizer) error {
	ids := make([]string, len(stale))
	for i, c := range stale {
		ids[i] = c.ID
	}
	b := psql.Select(g.IDColumn+"::text", g.VersionColumn+"::bigint").From(g.Table).
		Where(sq.Expr(g.IDColumn+" = ANY((?::text[])::"+g.IDType+"[])", ids))
	if scope != nil {
		b = b.Where(scope)
	}
	rows, err := db.Query(ctx, tx, b)
	if err != nil {
		return err
	}
	current := map[string]int64{}
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			rows.Close()
			return err
		}
		current[id] = v
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	var conflicts []StaleRow
	var missing []string
	for _, c := range stale {
		if v, ok := current[c.ID]; ok {
			conflicts = append(conflicts, StaleRow{ID: c.ID, Version: c.Version, CurrentVersion: v})
		} else {
			missing = append(missing, c.ID)
		}
	}
	if len(conflicts) > 0 {
		return Conflict(conflicts)
	}
	return &httpx.Error{Status: http.StatusNotFound, Code: "ITS_ERR_NOT_FOUND", Message: "Row not found", Details: map[string]any{"ids": missing}}
}

// mapError turns a failed write into the client's error: the module's mapping first, then
// constraint and data errors as 400s naming the row; anything else stays a 500.
func (g *Grid) mapError(err error, c *Change, o ApplyOptions) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return err
	}
	if o.MapError != nil {
		if mapped := o.MapError(pe, c); mapped != nil {
			return mapped
		}
	}
	ce := CellError{Op: c.Op, Index: c.Index, ID: c.ID, TempID: c.TempID, Field: pe.ColumnName}
	switch {
	case pe.Code == "23505":
		ce.Rule, ce.Message = "duplicate", "This row already exists"
	case pe.Code == "23514":
		ce.Rule, ce.Message = "check", "A value is out of range"
	case pe.Code == "23502":
		ce.Rule, ce.Message = "required", "A required value is missing"
	case len(pe.Code) == 5 && pe.Code[:2] == "22":
		ce.Rule, ce.Message = "value", "A value is not valid: "+pe.Message
	default:
		return err
	}
	for i := range g.Columns {
		if g.Columns[i].Column == ce.Field && ce.Field != "" {
			ce.Field = g.Columns[i].Field
		}
	}
	return Invalid([]CellError{ce})
}

// BatchResult is the answer of a batch: every written row as it now is, so the client can
// take the new versions (and, for adds, the ids of its temporary rows).
type BatchResult struct {
	Updated []Row   `json:"updated"`
	Added   []Added `json:"added"`
	Deleted []Row   `json:"deleted"`
}

// Added pairs the client's temporary id with the stored row.
type Added struct {
	TempID string `json:"tempId"`
	Row    Row    `json:"row"`
}

// Result gathers the applied plan's rows, each list in request order.
func (p *Plan) Result() BatchResult {
	r := BatchResult{Updated: []Row{}, Added: []Added{}, Deleted: []Row{}}
	byIndex := func(op Op) []*Change {
		var out []*Change
		for _, c := range p.Changes {
			if c.Op == op {
				out = append(out, c)
			}
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Index < out[j].Index })
		return out
	}
	for _, c := range byIndex(OpUpdate) {
		r.Updated = append(r.Updated, c.Row)
	}
	for _, c := range byIndex(OpAdd) {
		r.Added = append(r.Added, Added{TempID: c.TempID, Row: c.Row})
	}
	for _, c := range byIndex(OpDelete) {
		r.Deleted = append(r.Deleted, c.Row)
	}
	return r
}
