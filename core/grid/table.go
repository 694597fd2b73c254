package grid

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"its/core/audit"
	"its/core/db"
	"its/core/httpx"
	idn "its/core/identity"
	"its/core/registry"
	sheetfile "its/core/sheet"
)

// DB is what a Table needs of the database (a *pgxpool.Pool).
type DB interface {
	Beginner
	Querier
	Begin(ctx context.Context) (pgx.Tx, error)
}

// Table is a grid over one plain table of reference data that admins keep: every row is
// visible to whoever may open it, every write is audited in its own transaction. A module
// declares one and mounts its six calls with Mount.
type Table struct {
	// Build returns the grid's declaration. It reads the database when list options come from
	// another table (a location's currencies), so the options checked are those of the moment.
	Build func(ctx context.Context) (*Grid, error)
	// Check runs inside the write's transaction after the rows are written; an error (e.g. an
	// Invalid naming cells) rolls everything back.
	Check func(ctx context.Context, tx pgx.Tx, p *Plan) error
	// MapError turns a constraint violation into the client's error (see ApplyOptions).
	MapError func(err *pgconn.PgError, c *Change) error
	// AuditAction prefixes the audit entries' actions (<AuditAction>.add, .update, .delete);
	// ModelType is their model type, the row's id their model id.
	AuditAction, ModelType string
	// FileName is the export's default file name, before the date.
	FileName string
	// Key are the fields that name a row in an imported file (a currency's code); without
	// them Mount offers no import.
	Key []string
	// ImportLimits bound an imported file (DefaultImportLimits when zero).
	ImportLimits sheetfile.Limits
	// Publish, when set, runs in the write's transaction after the rows are written and
	// checked: it tells the grid's live streams what the batch changed (core/live.OnTable).
	Publish func(ctx context.Context, tx pgx.Tx, g *Grid, actorID string, p *Plan) error

	DB  DB
	Log *slog.Logger
}

// Mount registers the grid protocol's calls under base, each behind action: GET schema,
// POST query (a page), POST stream (NDJSON), POST summary (the footer figures), PATCH batch,
// POST export/xlsx and POST export/csv, and, when the table has a Key, POST import (a file's
// review) and POST import/apply.
func (t *Table) Mount(r registry.Router, base, action string, opts ...registry.RouteOption) {
	r.Handle("GET", base+"/schema", action, func(w http.ResponseWriter, r *http.Request) error {
		g, err := t.Build(r.Context())
		if err != nil {
			return err
		}
		httpx.Data(w, g.Schema())
		return nil
	}, opts...)
	r.Handle("POST", base+"/query", action, ServeQuery(func(ctx context.Context, _ string, q Query) (*Page, error) {
		g, err := t.Build(ctx)
		if err != nil {
			return nil, err
		}
		return g.Page(ctx, t.DB, q, nil)
	}, ""), opts...)
	r.Handle("POST", base+"/stream", action, ServeStream(func(ctx context.Context, w http.ResponseWriter, _ string, q Query) error {
		g, err := t.Build(ctx)
		if err != nil {
			return err
		}
		return g.Stream(ctx, w, t.DB, q, nil, t.Log)
	}, ""), opts...)
	r.Handle("POST", base+"/summary", action, ServeSummary(func(ctx context.Context, _ string, req SummaryRequest) (*Summary, error) {
		g, err := t.Build(ctx)
		if err != nil {
			return nil, err
		}
		return g.Summary(ctx, t.DB, req, nil)
	}, ""), opts...)
	r.Handle("PATCH", base+"/batch", action, httpx.Body(func(r *http.Request, req BatchRequest) (*BatchResult, error) {
		actor := ""
		if u := idn.FromContext(r.Context()); u != nil {
			actor = u.ID
		}
		return t.Write(r.Context(), actor, req)
	}), opts...)
	for _, format := range []string{FormatXLSX, FormatCSV} {
		r.Handle("POST", base+"/export/"+format, action, ServeExportAs(format, t.export, ""), opts...)
	}
	if len(t.Key) > 0 {
		r.Handle("POST", base+"/import", action, t.serveImport(false), opts...)
		r.Handle("POST", base+"/import/apply", action, t.serveImport(true), opts...)
	}
}

// export writes the grid as the request asks, in the format its route set.
func (t *Table) export(ctx context.Context, w http.ResponseWriter, _ string, req ExportRequest) error {
	g, err := t.Build(ctx)
	if err != nil {
		return err
	}
	name := ExportFileNameAs(req.FileName, fmt.Sprintf("%s_%s", t.FileName, time.Now().Format("2006-01-02")), req.Format)
	return g.Export(ctx, w, t.DB, req, nil, name)
}

// Write applies a batch in one transaction: the cell rules, the versions (a stale row is a 409
// userLock), the table's constraints and Check, one audit entry per row with the values before
// and after, and the changed cells' history under the batch's via. A refused batch writes
// nothing.
func (t *Table) Write(ctx context.Context, actorID string, req BatchRequest) (*BatchResult, error) {
	return t.write(ctx, actorID, req, nil, true)
}

// write is Write with more to do in the transaction (then, after the audit entries) and, when
// commit is false, a dry run: everything is checked and rolled back.
func (t *Table) write(ctx context.Context, actorID string, req BatchRequest, then func(pgx.Tx) error, commit bool) (*BatchResult, error) {
	g, err := t.Build(ctx)
	if err != nil {
		return nil, err
	}
	via, err := CheckVia(req.Via)
	if err != nil {
		return nil, err
	}
	plan, err := g.Plan(req, WriteContext{})
	if err != nil {
		return nil, err
	}
	// Reference tables keep an emptied text cell as '' and an emptied list as {} (their columns
	// are NOT NULL); a required cell is refused empty by its rules before this.
	for _, c := range plan.Changes {
		for f, v := range c.Values {
			if col := g.Column(f); v == nil && col != nil {
				switch col.Type {
				case Text:
					c.Values[f] = ""
				case MultiSelect:
					c.Values[f] = []string{}
				}
			}
		}
	}
	// A dry run rolls back: errDryRun ends the transaction like a failure, and is no failure.
	err = db.InTx(ctx, t.DB, func(tx pgx.Tx) error {
		if err := g.Apply(ctx, tx, plan, ApplyOptions{MapError: t.MapError, History: &Trail{ActorID: actorID, Via: via}}); err != nil {
			return err
		}
		if t.Check != nil {
			if err := t.Check(ctx, tx, plan); err != nil {
				return err
			}
		}
		if t.Publish != nil {
			if err := t.Publish(ctx, tx, g, actorID, plan); err != nil {
				return err
			}
		}
		for _, c := range plan.Changes {
			id := c.ID
			if id == "" {
				id = c.Row.ID()
			}
			data := map[string]any{"after": c.Values}
			switch c.Op {
			case OpUpdate:
				data["before"] = c.Old
			case OpDelete:
				data = map[string]any{"version": c.Version}
			}
			if err := audit.Record(ctx, tx, actorID, t.AuditAction+"."+string(c.Op), t.ModelType, id, data); err != nil {
				return err
			}
		}
		if then != nil {
			if err := then(tx); err != nil {
				return err
			}
		}
		if !commit {
			return errDryRun
		}
		return nil
	})
	if err != nil && !errors.Is(err, errDryRun) {
		return nil, err
	}
	res := plan.Result()
	return &res, nil
}

// errDryRun rolls back a dry run's transaction.
var errDryRun = errors.New("dry run")

// recordImport is the audit entry of an applied import: the file (its model id) and what it did.
func recordImport(ctx context.Context, tx pgx.Tx, actorID string, t *Table, rv *ImportReview) error {
	return audit.Record(ctx, tx, actorID, t.AuditAction+".import", t.ModelType, rv.FileName, map[string]any{
		"fileName": rv.FileName, "added": rv.Counts.Added, "changed": rv.Counts.Changed, "unchanged": rv.Counts.Unchanged})
}

// Constraint is the cell a violated table constraint blames and the message the client reads.
type Constraint struct{ Field, Message string }

// MapConstraints is a MapError naming, for each constraint of a table, the refused cell: a
// unique violation is rule "duplicate", a foreign key one "inUse", any other "check".
// Constraints it does not name get the generic mapping.
func MapConstraints(m map[string]Constraint) func(*pgconn.PgError, *Change) error {
	return func(pe *pgconn.PgError, c *Change) error {
		e, ok := m[pe.ConstraintName]
		if !ok {
			return nil
		}
		rule := "check"
		switch pe.Code {
		case "23505":
			rule = "duplicate"
		case "23503":
			rule = "inUse"
		}
		return Invalid([]CellError{{Op: c.Op, Index: c.Index, ID: c.ID, TempID: c.TempID, Field: e.Field, Rule: rule, Message: e.Message}})
	}
}

// TextColumn is an editable text cell over a NOT NULL text column, read as null when empty; a
// required one cannot be cleared.
func TextColumn(field, header, column string, required bool, width int) Column {
	c := Column{Field: field, Header: header, Type: Text, Column: column, Expr: "nullif(" + column + ", '')", Edit: Always, Required: required, Width: width}
	if required {
		c.Validators = []string{"nonClearable"}
	}
	return c
}
