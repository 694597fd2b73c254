package sampleinventory

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	"its/core/live"
	"its/core/registry"
	"its/modules/actions"
)

// Service holds the sample inventory rules (spec §3.5, §5.5).
type Service struct {
	db    *pgxpool.Pool
	store *Store
	authz *authz.Engine
	log   *slog.Logger
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB    *pgxpool.Pool
	Store *Store
	Authz *authz.Engine
	Log   *slog.Logger
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, authz: p.Authz, log: p.Log}
}

func gridOf(library string) (*grid.Grid, string, error) {
	lib, ok := libraryOf(library)
	if !ok {
		return nil, "", httpx.NotFound("Sample library " + library)
	}
	return grids[lib], lib, nil
}

func inLibrary(library string) sq.Sqlizer { return sq.Eq{"library": library} }

// listScope is the library, without deleted samples unless the query filters on the status.
func listScope(library string, filters map[string]grid.Filter) sq.Sqlizer {
	if f, ok := filters["status"]; ok && !f.Empty() {
		return inLibrary(library)
	}
	return sq.And{inLibrary(library), sq.NotEq{"status": statusDeleted}}
}

// Page answers one page of a library's grid.
func (s *Service) Page(ctx context.Context, library string, q grid.Query) (*grid.Page, error) {
	g, lib, err := gridOf(library)
	if err != nil {
		return nil, err
	}
	return g.Page(ctx, s.db, q, listScope(lib, q.Filters))
}

// Summary answers the footer figures of a library's grid over its filtered rows.
func (s *Service) Summary(ctx context.Context, library string, req grid.SummaryRequest) (*grid.Summary, error) {
	g, lib, err := gridOf(library)
	if err != nil {
		return nil, err
	}
	return g.Summary(ctx, s.db, req, listScope(lib, req.Filters))
}

// Groups answers the groups of a library's view by one column (the grid read by scrolling while
// grouped, docs/grid.md §3.9).
func (s *Service) Groups(ctx context.Context, library string, req grid.GroupsRequest) (*grid.Groups, error) {
	g, lib, err := gridOf(library)
	if err != nil {
		return nil, err
	}
	return g.Groups(ctx, s.db, req, listScope(lib, req.Filters))
}

// Stream answers a library's grid as NDJSON.
func (s *Service) Stream(ctx context.Context, w http.ResponseWriter, library string, q grid.Query) error {
	g, lib, err := gridOf(library)
	if err != nil {
		return err
	}
	return g.Stream(ctx, w, s.db, q, listScope(lib, q.Filters), s.log)
}

// Export writes the library's grid as the user sees it to an .xlsx or .csv download.
func (s *Service) Export(ctx context.Context, w http.ResponseWriter, library string, req grid.ExportRequest) error {
	g, lib, err := gridOf(library)
	if err != nil {
		return err
	}
	name := grid.ExportFileName(req.FileName, fmt.Sprintf("SampleInventory_%s_%s", lib, time.Now().Format("2006-01-02")))
	return g.Export(ctx, w, s.db, req, listScope(lib, req.Filters), name)
}

// Schema answers the column schema of a library's grid.
func (s *Service) Schema(library string) (*Schema, error) {
	g, lib, err := gridOf(library)
	if err != nil {
		return nil, err
	}
	sch := &Schema{Schema: g.Schema(), Library: lib, ManageType: manageTypePrefix + lib,
		IdentityFields: identityFields[lib], RequiredFields: required[lib], TrackingActions: ManualActions}
	sch.Messages["notblank"] = msgMissingValue
	sch.Messages["duplicate"] = msgDuplicate
	sch.Messages["sampleExists"] = msgDuplicate
	return sch, nil
}

func (s *Service) applyOptions(library string, u *identity.User) grid.ApplyOptions {
	var uid any
	name := ""
	if u != nil {
		uid, name = u.ID, u.FullName
	}
	return grid.ApplyOptions{
		Scope:       inLibrary(library),
		SetOnAdd:    map[string]any{"library": library, "created_by": uid, "created_by_user": name, "updated_by_user": name},
		SetOnUpdate: map[string]any{"updated_at": sq.Expr("now()"), "updated_by_user": name},
		MapError: func(pe *pgconn.PgError, c *grid.Change) error {
			if pe.Code == "23505" && pe.ConstraintName == identityIndex {
				return grid.Invalid([]grid.CellError{{Op: c.Op, Index: c.Index, ID: c.ID, TempID: c.TempID, Field: "style", Rule: "duplicate", Message: msgDuplicate}})
			}
			return nil
		},
	}
}

// Write applies a batch of adds, updates and deletes to a library in one transaction: the
// total quantity is copied to the on-hand quantity, deletes set the status Deleted, and every
// written row gets a tracking entry naming the user, the action and the changed fields.
func (s *Service) Write(ctx context.Context, library string, req grid.BatchRequest) (*grid.BatchResult, error) {
	g, lib, err := gridOf(library)
	if err != nil {
		return nil, err
	}
	plan, err := g.Plan(req, grid.WriteContext{})
	if err != nil {
		return nil, err
	}
	for _, c := range plan.Changes {
		if v, ok := c.Values["totalQty"]; ok {
			c.Values["onHandQty"] = v
		}
	}
	via, err := grid.CheckVia(req.Via)
	if err != nil {
		return nil, err
	}
	u := identity.FromContext(ctx)
	opts := s.applyOptions(lib, u)
	opts.History = &grid.Trail{Via: via}
	if u != nil {
		opts.History.ActorID = u.ID
	}
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		if err := g.Apply(ctx, tx, plan, opts); err != nil {
			return err
		}
		if err := s.trackPlan(ctx, tx, lib, u, plan); err != nil {
			return err
		}
		return live.PublishPlan(ctx, tx, topicOf(lib), g, opts.History.ActorID, plan)
	}); err != nil {
		return nil, err
	}
	r := plan.Result()
	return &r, nil
}

// trackPlan records what each change did and stores it as the row's tracking action.
func (s *Service) trackPlan(ctx context.Context, tx pgx.Tx, lib string, u *identity.User, plan *grid.Plan) error {
	entries := make([]entry, 0, len(plan.Changes))
	ids := make([]string, 0, len(plan.Changes))
	actions := make([]string, 0, len(plan.Changes))
	for _, c := range plan.Changes {
		e := entry{sampleID: c.Row.ID(), library: lib, changes: map[string]Change{}}
		switch c.Op {
		case grid.OpAdd:
			e.action = actionCreated
			for f := range c.Values {
				e.changes[f] = Change{To: c.Row.Get(f)}
			}
		case grid.OpDelete:
			e.action = actionDeleted
			e.changes["status"] = Change{From: c.Old["status"], To: c.Row.Get("status")}
		default:
			e.action = actionUpdated
			before, after := c.Old["status"], c.Row.Get("status")
			switch {
			case before == statusDeleted && after != statusDeleted:
				e.action = actionRestored
			case before != statusDeleted && after == statusDeleted && before != nil:
				e.action = actionDeleted
			}
			for f := range c.Values {
				from, hadOld := c.Old[f]
				to := c.Row.Get(f)
				if hadOld && reflect.DeepEqual(from, to) {
					continue
				}
				e.changes[f] = Change{From: from, To: to}
			}
		}
		entries = append(entries, e)
		ids = append(ids, e.sampleID)
		actions = append(actions, e.action)
		setField(&c.Row, "trackingAction", e.action)
	}
	if err := s.store.track(ctx, tx, u, entries); err != nil {
		return err
	}
	return s.store.setActions(ctx, tx, ids, actions)
}

func setField(r *grid.Row, field string, v any) {
	for i, f := range r.Fields {
		if f == field {
			r.Values[i] = v
		}
	}
}

// Create adds one sample; the body names its library.
func (s *Service) Create(ctx context.Context, body map[string]any) (*grid.Row, error) {
	raw, _ := body["library"].(string)
	lib, ok := libraryOf(raw)
	if !ok {
		return nil, httpx.Invalid(httpx.FieldError{Field: "library", Rule: "list", Message: "library must be Production or Sales"})
	}
	if err := registry.Require(ctx, s.authz, actions.SampleInventoryEdit, map[string]any{"library": lib}); err != nil {
		return nil, err
	}
	delete(body, "library")
	res, err := s.Write(ctx, lib, grid.BatchRequest{Add: []grid.AddRow{{TempID: "new", Values: body}}})
	if err != nil {
		return nil, err
	}
	return &res.Added[0].Row, nil
}

// libraryFor finds the sample's library and checks the user may edit it.
func (s *Service) libraryFor(ctx context.Context, id string) (string, error) {
	if !grids[Production].ValidID(id) {
		return "", httpx.NotFound("Sample")
	}
	lib, err := s.store.library(ctx, id)
	if errors.Is(err, errNotFound) {
		return "", httpx.NotFound("Sample")
	}
	if err != nil {
		return "", err
	}
	return lib, registry.Require(ctx, s.authz, actions.SampleInventoryEdit, map[string]any{"library": lib})
}

// Update changes the cells of one sample; the body carries its version and the changed fields.
func (s *Service) Update(ctx context.Context, id string, body map[string]any) (*grid.Row, error) {
	version, ok := body["version"].(float64)
	if !ok || version <= 0 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "version", Rule: "version", Message: "The row version is required"})
	}
	delete(body, "version")
	if bid, ok := body["id"]; ok {
		if bid != id {
			return nil, httpx.Invalid(httpx.FieldError{Field: "id", Rule: "id", Message: "The id in the body differs from the path"})
		}
		delete(body, "id")
	}
	lib, err := s.libraryFor(ctx, id)
	if err != nil {
		return nil, err
	}
	res, err := s.Write(ctx, lib, grid.BatchRequest{Update: []grid.UpdateRow{{ID: id, Version: int64(version), Changes: body}}})
	if err != nil {
		return nil, err
	}
	return &res.Updated[0], nil
}

// Delete sets one sample's status to Deleted.
func (s *Service) Delete(ctx context.Context, id string, version int64) (*grid.Row, error) {
	lib, err := s.libraryFor(ctx, id)
	if err != nil {
		return nil, err
	}
	res, err := s.Write(ctx, lib, grid.BatchRequest{Delete: []grid.DeleteRow{{ID: id, Version: version}}})
	if err != nil {
		return nil, err
	}
	return &res.Deleted[0], nil
}

// RowError is one problem of a validated row, typed like the import's errors.
type RowError struct {
	Field     string `json:"field"`
	ErrorType string `json:"errorType"`
	Message   string `json:"message"`
}

// RowResult is a validated row: its values as they would be stored, or what is wrong.
type RowResult struct {
	Index   int            `json:"index"`
	Ignored bool           `json:"ignored"`
	Values  map[string]any `json:"values"`
	Errors  []RowError     `json:"errors"`
}

// Validate checks rows against a library's rules without writing: 'Sample Missing Value' for
// an empty required field (notblank), 'Duplicate Sample' for a second row with the same
// identity (duplicate) or one matching a live sample (sampleExists), the cell rules otherwise.
// A fully blank row is ignored; a request with nothing but blank rows is the empty request.
func (s *Service) Validate(ctx context.Context, library string, req ValidateRequest) (*ValidateResult, error) {
	g, lib, err := gridOf(library)
	if err != nil {
		return nil, err
	}
	res := &ValidateResult{Valid: true, Rows: make([]RowResult, len(req.Rows)), StrippedFields: []string{}}
	stripped := map[string]bool{}
	keys := map[string]int{} // identity key -> first row
	var toCheck [][]string
	var checkRows []int
	cols := g.Schema().Columns
	for i, row := range req.Rows {
		rr := RowResult{Index: i, Values: map[string]any{}, Errors: []RowError{}}
		blank := true
		for f, v := range row {
			if g.Column(f) == nil || g.Column(f).Edit == grid.ReadOnly {
				stripped[f] = true
				continue
			}
			if str, ok := v.(string); ok {
				v = strings.TrimSpace(str)
			}
			if v != nil && v != "" {
				blank = false
			}
		}
		if blank {
			rr.Ignored = true
			res.Rows[i] = rr
			continue
		}
		for _, c := range cols {
			if c.Field == "library" || !c.Editable || stripped[c.Field] {
				continue
			}
			v, given := row[c.Field]
			if str, ok := v.(string); ok {
				v = strings.TrimSpace(str)
			}
			if isRequired(lib, c.Field) && (!given || v == nil || v == "") {
				rr.Errors = append(rr.Errors, RowError{Field: c.Field, ErrorType: "notblank", Message: msgMissingValue})
				continue
			}
			if !given {
				continue
			}
			out, ce := g.Cell(c.Field, v, grid.CellContext{Op: grid.OpAdd})
			if ce != nil {
				if isRequired(lib, c.Field) && (ce.Rule == "alphanumericNoBlank" || ce.Rule == "nonClearable" || ce.Rule == "required") {
					rr.Errors = append(rr.Errors, RowError{Field: c.Field, ErrorType: "notblank", Message: msgMissingValue})
				} else {
					rr.Errors = append(rr.Errors, RowError{Field: c.Field, ErrorType: ce.Rule, Message: ce.Message})
				}
				continue
			}
			rr.Values[c.Field] = out
		}
		if len(rr.Errors) == 0 {
			key := identityKey(lib, rr.Values)
			if first, dup := keys[strings.Join(key, keySep)]; dup {
				rr.Errors = append(rr.Errors, RowError{Field: "style", ErrorType: "duplicate", Message: fmt.Sprintf("%s (same as row %d)", msgDuplicate, first+1)})
			} else {
				keys[strings.Join(key, keySep)] = i
				toCheck = append(toCheck, key)
				checkRows = append(checkRows, i)
			}
		}
		res.Rows[i] = rr
	}
	active := 0
	for _, rr := range res.Rows {
		if !rr.Ignored {
			active++
		}
	}
	if active == 0 {
		return nil, grid.EmptyRequest()
	}
	exists, err := s.store.existing(ctx, lib, toCheck)
	if err != nil {
		return nil, err
	}
	for j, key := range toCheck {
		if exists[strings.Join(key, keySep)] {
			rr := &res.Rows[checkRows[j]]
			rr.Errors = append(rr.Errors, RowError{Field: "style", ErrorType: "sampleExists", Message: msgDuplicate})
		}
	}
	for _, rr := range res.Rows {
		res.ErrorCount += len(rr.Errors)
	}
	res.Valid = res.ErrorCount == 0
	for f := range stripped {
		res.StrippedFields = append(res.StrippedFields, f)
	}
	return res, nil
}

// keySep joins identity parts; the database side joins with the same character (chr(31)).
const keySep = "\x1f"

// identityKey is a sample's identity as compared (lower-cased, empty for missing).
func identityKey(lib string, values map[string]any) []string {
	fields := identityFields[lib]
	out := make([]string, len(fields))
	for i, f := range fields {
		if v, ok := values[f]; ok && v != nil {
			out[i] = strings.ToLower(fmt.Sprint(v))
		}
	}
	return out
}

// Autocomplete answers up to 10 values of a text or list field starting with value.
func (s *Service) Autocomplete(ctx context.Context, library, property, value string) ([]string, error) {
	g, lib, err := gridOf(library)
	if err != nil {
		return nil, err
	}
	c := g.Column(property)
	if c == nil || c.Column == "" || (c.Type != grid.Text && c.Type != grid.List) {
		return nil, httpx.Invalid(httpx.FieldError{Field: "property", Rule: "autocomplete", Message: fmt.Sprintf("Cannot autocomplete %q", property)})
	}
	value = strings.TrimSpace(strings.ReplaceAll(value, "%26", "&"))
	if value == "" {
		return []string{}, nil
	}
	return s.store.autocomplete(ctx, lib, c, value)
}

// History lists a sample's tracking entries, newest first.
func (s *Service) History(ctx context.Context, library, id string) ([]TrackingEntry, error) {
	_, lib, err := gridOf(library)
	if err != nil {
		return nil, err
	}
	if !grids[lib].ValidID(id) {
		return nil, httpx.NotFound("Sample")
	}
	found, err := s.store.library(ctx, id)
	if errors.Is(err, errNotFound) || (err == nil && found != lib) {
		return nil, httpx.NotFound("Sample")
	}
	if err != nil {
		return nil, err
	}
	return s.store.history(ctx, id)
}

// TrackRequest records a hand-written tracking entry on samples.
type TrackRequest struct {
	IDs    []string `json:"ids"`
	Action string   `json:"action"`
	Note   string   `json:"note"`
}

const maxNote = 1000

// Track records a manual entry (a count, a check-out, a note) on the library's samples.
func (s *Service) Track(ctx context.Context, library string, req TrackRequest) (int, error) {
	_, lib, err := gridOf(library)
	if err != nil {
		return 0, err
	}
	if len(req.IDs) == 0 {
		return 0, grid.EmptyRequest()
	}
	action := ""
	for _, a := range ManualActions {
		if strings.EqualFold(a, strings.TrimSpace(req.Action)) {
			action = a
		}
	}
	var bad []httpx.FieldError
	if action == "" {
		bad = append(bad, httpx.FieldError{Field: "action", Rule: "list", Message: "action must be one of " + strings.Join(ManualActions, ", ")})
	}
	req.Note = strings.TrimSpace(req.Note)
	if len(req.Note) > maxNote {
		bad = append(bad, httpx.FieldError{Field: "note", Rule: "max", Message: fmt.Sprintf("note must be at most %d characters", maxNote)})
	}
	if action == "Note" && req.Note == "" {
		bad = append(bad, httpx.FieldError{Field: "note", Rule: "required", Message: "A note needs text"})
	}
	seen := map[string]bool{}
	for _, id := range req.IDs {
		if !grids[lib].ValidID(id) || seen[id] {
			bad = append(bad, httpx.FieldError{Field: "ids", Rule: "id", Message: fmt.Sprintf("%q is not a valid sample id or is listed twice", id)})
		}
		seen[id] = true
	}
	if len(bad) > 0 {
		return 0, httpx.Invalid(bad...)
	}
	found, err := s.store.inLibrary(ctx, lib, req.IDs)
	if err != nil {
		return 0, err
	}
	entries := make([]entry, 0, len(req.IDs))
	actions := make([]string, 0, len(req.IDs))
	for _, id := range req.IDs {
		if !found[id] {
			return 0, httpx.NotFound("Sample " + id)
		}
		entries = append(entries, entry{sampleID: id, library: lib, action: action, note: req.Note})
		actions = append(actions, action)
	}
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		if err := s.store.track(ctx, tx, identity.FromContext(ctx), entries); err != nil {
			return err
		}
		if err := s.store.setActions(ctx, tx, req.IDs, actions); err != nil {
			return err
		}
		return nil
	})
	return len(entries), err
}
