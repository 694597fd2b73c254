package grid

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"its/core/audit"
	"its/core/httpx"
	idn "its/core/identity"
	"its/core/registry"
)

// DB is what a Table needs of the database (a *pgxpool.Pool).
type DB interface {
	Beginner
	Begin(ctx context.Context) (pgx.Tx, error)
}

// Table is a grid over one plain table of reference data that admins keep: every row is
// visible to whoever may open it, every write is audited in its own transaction. A module
// declares one and mounts its five calls with Mount.
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

	DB  DB
	Log *slog.Logger
}

// Mount registers the grid protocol's calls under base, each behind action: GET schema,
// POST query (a page), POST stream (NDJSON), PATCH batch and POST export/xlsx.
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
	r.Handle("PATCH", base+"/batch", action, func(w http.ResponseWriter, r *http.Request) error {
		var req BatchRequest
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		actor := ""
		if u := idn.FromContext(r.Context()); u != nil {
			actor = u.ID
		}
		res, err := t.Write(r.Context(), actor, req)
		if err != nil {
			return err
		}
		httpx.Data(w, res)
		return nil
	}, opts...)
	r.Handle("POST", base+"/export/xlsx", action, ServeExport(func(ctx context.Context, w http.ResponseWriter, _ string, req ExportRequest) error {
		g, err := t.Build(ctx)
		if err != nil {
			return err
		}
		name := ExportFileName(req.FileName, fmt.Sprintf("%s_%s", t.FileName, time.Now().Format("2006-01-02")))
		return g.Export(ctx, w, t.DB, req, nil, name)
	}, ""), opts...)
}

// Write applies a batch in one transaction: the cell rules, the versions (a stale row is a 409
// userLock), the table's constraints and Check, and one audit entry per row with the values
// before and after. A refused batch writes nothing.
func (t *Table) Write(ctx context.Context, actorID string, req BatchRequest) (*BatchResult, error) {
	g, err := t.Build(ctx)
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
	tx, err := t.DB.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	if err := g.Apply(ctx, tx, plan, ApplyOptions{MapError: t.MapError}); err != nil {
		return nil, err
	}
	if t.Check != nil {
		if err := t.Check(ctx, tx, plan); err != nil {
			return nil, err
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
			return nil, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, err
	}
	res := plan.Result()
	return &res, nil
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
