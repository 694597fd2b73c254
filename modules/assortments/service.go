package assortments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/imaging"
	"its/core/jobs"
	"its/core/registry"
	"its/core/storage"
	"its/modules/actions"
	"its/modules/products"
)

// Service holds the assortment manager's rules.
type Service struct {
	db      *pgxpool.Pool
	store   *Store
	catalog products.Catalog
	authz   *authz.Engine
	users   *identity.Store
	log     *slog.Logger
	crm     CRM
	lockTTL time.Duration
	// org is the organisation type's rules (nil: regular assortments); see For.
	org OrgRules
	// blobs, queue, dec and cfg serve the display groups' custom content files.
	blobs storage.Store
	queue *jobs.Queue
	dec   *imaging.Decoder
	cfg   *config.Config
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB      *pgxpool.Pool
	Store   *Store
	Catalog products.Catalog
	Authz   *authz.Engine
	Users   *identity.Store
	Log     *slog.Logger
	CRM     CRM
	Blobs   storage.Store
	Queue   *jobs.Queue
	Config  *config.Config
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, catalog: p.Catalog, authz: p.Authz, users: p.Users, log: p.Log, crm: p.CRM, lockTTL: LockTTL,
		blobs: p.Blobs, queue: p.Queue, cfg: p.Config, dec: imaging.NewDecoder(p.Config.Images.MaxPixels, p.Config.Images.DecodeBudgetPixels)}
}

// RecentLimit is the length of the recent view (spec §9).
const RecentLimit = 20

func me(ctx context.Context) *identity.User {
	if u := identity.FromContext(ctx); u != nil {
		return u
	}
	return &identity.User{}
}

func notFound() error { return httpx.NotFound("Assortment") }

func (s *Service) allowed(ctx context.Context, action string, res map[string]any) bool {
	ok, err := s.authz.Allowed(ctx, identity.FromContext(ctx), action, res)
	return err == nil && ok
}

// load reads an assortment the caller may see: their own, or any for a manager of assortments.
// Others' assortments answer 404, so that ids do not reveal what exists.
func (s *Service) load(ctx context.Context, q querier, id string, forUpdate bool) (*Assortment, error) {
	a, err := s.store.get(ctx, q, id, forUpdate)
	return s.visible(ctx, a, err)
}

// visible is the caller's view of a loaded assortment (see load).
func (s *Service) visible(ctx context.Context, a *Assortment, err error) (*Assortment, error) {
	if errors.Is(err, errNotFound) {
		return nil, notFound()
	}
	if err != nil {
		return nil, err
	}
	if a.OrgType != s.orgType() {
		return nil, notFound()
	}
	if s.org != nil {
		if !s.org.Visible(ctx, me(ctx), a) {
			return nil, notFound()
		}
		return a, nil
	}
	if a.Owner.ID != me(ctx).ID && !s.allowed(ctx, actions.AssortmentsManage, nil) {
		return nil, notFound()
	}
	return a, nil
}

// mayEdit is the policy check of a write on a: assortments.edit on its channel (or the
// organisation type's rule).
func (s *Service) mayEdit(ctx context.Context, a *Assortment) error {
	if s.org != nil {
		return s.org.MayEdit(ctx, a)
	}
	return registry.Require(ctx, s.authz, actions.AssortmentsEdit, map[string]any{"channel": a.Channel})
}

// lockedError is the answer to a write on an assortment another user is editing.
func lockedError(l *Lock) error {
	return httpx.Conflict(fmt.Sprintf("This assortment is being edited by %s. Your changes were not saved; try again when they are done.", l.User.FullName),
		map[string]any{"errorType": "userLock", "reason": "locked", "lockedBy": l.User, "expiresAt": l.ExpiresAt})
}

// editable loads a for a write: visible, allowed on its channel, not locked by someone else.
func (s *Service) editable(ctx context.Context, tx pgx.Tx, id string) (*Assortment, error) {
	a, err := s.load(ctx, tx, id, true)
	if err != nil {
		return nil, err
	}
	if err := s.mayEdit(ctx, a); err != nil {
		return nil, err
	}
	l, err := s.store.lockOf(ctx, tx, a.ID, me(ctx).ID)
	if err != nil {
		return nil, err
	}
	if l != nil && !l.Mine {
		return nil, lockedError(l)
	}
	return a, nil
}

// ---- list ----

// ListRequest is the query of GET /api/assortments.
type ListRequest struct {
	View   string
	Folder string
	Text   string
	Limit  int
	Offset int
}

// ListAnswer is one page of a list view.
type ListAnswer struct {
	View       string       `json:"view"`
	Items      []Assortment `json:"items"`
	TotalCount int          `json:"totalCount"`
	Folder     *Assortment  `json:"folder"`
	Path       []Assortment `json:"path"`
}

// checkView refuses a list view that is not one of Views with a 400 naming them.
func checkView(view string) error {
	if !slices.Contains(Views, view) {
		return httpx.Invalid(httpx.FieldError{Field: "view", Rule: "oneOf", Message: "view must be one of " + strings.Join(Views, ", ")})
	}
	return nil
}

// List answers a list view of the caller's assortments.
func (s *Service) List(ctx context.Context, req ListRequest) (*ListAnswer, error) {
	if req.View == "" {
		req.View = ViewAll
	}
	if err := checkView(req.View); err != nil {
		return nil, err
	}
	if req.Limit <= 0 || req.Limit > MaxListPage {
		req.Limit = MaxListPage
	}
	owner := me(ctx).ID
	if err := s.refreshCounts(ctx, s.db, countScope{owner: owner}); err != nil {
		return nil, err
	}
	ans := &ListAnswer{View: req.View, Items: []Assortment{}, Path: []Assortment{}}
	f := listFilter{owner: owner, view: req.View, text: req.Text, limit: req.Limit, offset: req.Offset}
	if (req.View == ViewAll || req.View == ViewArchived) && req.Text == "" && req.Folder != "" {
		folder, err := s.load(ctx, s.db, req.Folder, false)
		if err != nil {
			return nil, err
		}
		if folder.Type != "folder" {
			return nil, httpx.Invalid(httpx.FieldError{Field: "folder", Rule: "folder", Message: "This is not a folder"})
		}
		ans.Folder, f.folder = folder, folder.ID
		if len(folder.Hierarchy) > 0 {
			path, err := s.store.owned(ctx, s.db, owner, folder.Hierarchy)
			if err != nil {
				return nil, err
			}
			for _, id := range folder.Hierarchy {
				for _, p := range path {
					if p.ID == id {
						ans.Path = append(ans.Path, p)
					}
				}
			}
		}
	}
	items, total, err := s.store.listView(ctx, s.db, f)
	if err != nil {
		return nil, err
	}
	ans.Items, ans.TotalCount = items, total
	return ans, nil
}

// ---- create ----

var labelColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

func oneOf(field, v string, allowed []string, bad *[]httpx.FieldError) string {
	for _, a := range allowed {
		if strings.EqualFold(a, v) {
			return a
		}
	}
	*bad = append(*bad, httpx.FieldError{Field: field, Rule: "oneOf", Message: fmt.Sprintf("%s must be one of %s", field, strings.Join(allowed, ", "))})
	return v
}

func checkTitle(title string, bad *[]httpx.FieldError) string {
	title = strings.TrimSpace(title)
	switch {
	case title == "":
		*bad = append(*bad, httpx.FieldError{Field: "title", Rule: "required", Message: "Title is required"})
	case len([]rune(title)) > 120:
		*bad = append(*bad, httpx.FieldError{Field: "title", Rule: "max", Message: "Title must be at most 120 characters"})
	}
	return title
}

func checkLabels(labels []Label, bad *[]httpx.FieldError) []Label {
	out := []Label{}
	seen := map[string]bool{}
	for i, l := range labels {
		l.Name = strings.TrimSpace(l.Name)
		field := fmt.Sprintf("labels[%d]", i)
		switch {
		case l.Name == "":
			*bad = append(*bad, httpx.FieldError{Field: field + ".name", Rule: "required", Message: "A label needs a name"})
		case seen[strings.ToLower(l.Name)]:
			*bad = append(*bad, httpx.FieldError{Field: field + ".name", Rule: "unique", Message: fmt.Sprintf("Label %q is listed twice", l.Name)})
		case !labelColor.MatchString(l.Color):
			*bad = append(*bad, httpx.FieldError{Field: field + ".color", Rule: "color", Message: "A label color is #RRGGBB"})
		default:
			seen[strings.ToLower(l.Name)] = true
			out = append(out, l)
		}
	}
	return out
}

// checkQuery cleans a dynamic assortment's search; it must narrow the catalog somehow.
func checkQuery(q *products.Query, bad *[]httpx.FieldError) *products.Query {
	if q == nil {
		*bad = append(*bad, httpx.FieldError{Field: "query", Rule: "required", Message: "A dynamic assortment needs its filters"})
		return nil
	}
	c := *q
	if err := c.Normalize(); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) {
			if fes, ok := he.Details.([]httpx.FieldError); ok {
				for _, fe := range fes {
					fe.Field = "query." + fe.Field
					*bad = append(*bad, fe)
				}
				return nil
			}
		}
		*bad = append(*bad, httpx.FieldError{Field: "query", Rule: "query", Message: err.Error()})
		return nil
	}
	if c.Text == "" && len(c.Conditions) == 0 {
		*bad = append(*bad, httpx.FieldError{Field: "query", Rule: "required", Message: "A dynamic assortment needs at least one filter"})
	}
	c.Skip, c.Limit = 0, 0
	return &c
}

// Create makes an assortment or folder for the caller.
func (s *Service) Create(ctx context.Context, req CreateRequest) (*Assortment, string, error) {
	var bad []httpx.FieldError
	n := newAssortment{OwnerID: me(ctx).ID}
	a := &n.Assortment
	a.Type = oneOf("type", orDefault(req.Type, "item"), []string{"item", "folder"}, &bad)
	a.Title = checkTitle(req.Title, &bad)
	a.SubTitle, a.Logo, a.Thumbnail = strings.TrimSpace(req.SubTitle), req.Logo, req.Thumbnail
	a.Method = oneOf("method", orDefault(req.Method, MethodStatic), Methods, &bad)
	a.OrgType = oneOf("orgType", orDefault(req.OrgType, s.orgType()), []string{s.orgType()}, &bad)
	a.Channel = oneOf("channel", orDefault(req.Channel, ChannelAll), Channels, &bad)
	a.Region = oneOf("region", orDefault(req.Region, RegionAll), Regions, &bad)
	a.ProductType = oneOf("productType", orDefault(req.ProductType, ProductTypeAll), ProductTypes, &bad)
	a.Season, a.Gender, a.Year = strings.ToUpper(strings.TrimSpace(req.Season)), strings.TrimSpace(req.Gender), req.Year
	if a.Year != nil && (*a.Year < 2000 || *a.Year > 2100) {
		bad = append(bad, httpx.FieldError{Field: "year", Rule: "range", Message: "year must be between 2000 and 2100"})
	}
	a.LocationID = strings.ToUpper(orDefault(req.LocationID, products.DefaultLocation))
	a.Labels = checkLabels(req.Labels, &bad)
	checkUISettings(req.UISettings, &bad)
	a.Starred, a.State = req.Starred, "published"
	if s.org != nil && a.Type == "folder" {
		bad = append(bad, httpx.FieldError{Field: "type", Rule: "oneOf", Message: "type must be item"})
	}
	a.CollectionsQueryID, a.Titles, a.CustomContent, a.UISettings, a.CarryoverDate = req.CollectionsQueryID, req.Titles, req.CustomContent, req.UISettings, req.CarryoverDate
	switch {
	case a.Type == "folder" && (a.Method == "dynamic" || req.Query != nil || len(req.Products) > 0):
		bad = append(bad, httpx.FieldError{Field: "type", Rule: "folder", Message: "A folder holds assortments, not products or filters"})
	case a.Method == "dynamic":
		a.Query = checkQuery(req.Query, &bad)
		if len(req.Products) > 0 {
			bad = append(bad, httpx.FieldError{Field: "products", Rule: "dynamic", Message: MsgDynamicRows})
		}
	case req.Query != nil:
		bad = append(bad, httpx.FieldError{Field: "query", Rule: "static", Message: "Only a dynamic assortment keeps filters"})
	}
	if len(req.Products) > rowGrid.MaxBatch {
		bad = append(bad, httpx.FieldError{Field: "products", Rule: "max", Message: fmt.Sprintf("At most %d products at once", rowGrid.MaxBatch)})
	}
	if len(bad) > 0 {
		return nil, "", httpx.Invalid(bad...)
	}
	if err := s.mayEdit(ctx, a); err != nil {
		return nil, "", err
	}
	var out *Assortment
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		dec, ok, err := s.store.decimalsFor(ctx, tx, a.LocationID)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.Invalid(httpx.FieldError{Field: "locationId", Rule: "exists", Message: fmt.Sprintf("Unknown location %q", a.LocationID)})
		}
		a.DecimalsPlaces = dec
		if req.ParentID != "" {
			parent, err := s.parentFolder(ctx, tx, req.ParentID)
			if err != nil {
				return err
			}
			a.Hierarchy = append(append([]string{}, parent.Hierarchy...), parent.ID)
		}
		id, err := s.store.insert(ctx, tx, n)
		if err != nil {
			return err
		}
		if err := s.refreshCounts(ctx, tx, countScope{id: id}); err != nil {
			return err
		}
		if err := s.checkOrg(ctx, tx, id); err != nil {
			return err
		}
		if len(req.Products) > 0 {
			created, err := s.store.get(ctx, tx, id, false)
			if err != nil {
				return err
			}
			if _, err := s.addRows(ctx, tx, created, req.Products, req.Source); err != nil {
				return err
			}
			// A type whose default group-by is not none starts with its display groups.
			if by := s.defaultGroupBy(); by != GroupByNone && created.Method == MethodStatic {
				if err := s.groupRows(ctx, tx, created, by); err != nil {
					return err
				}
			}
		}
		out, err = s.store.get(ctx, tx, id, false)
		if err != nil {
			return err
		}
		return s.publishList(ctx, tx, listChange{channel: out.Channel, added: []string{id}})
	}); err != nil {
		return nil, "", err
	}
	if a.Type == "folder" {
		return out, MsgFolderCreated, nil
	}
	return out, MsgCreated, nil
}

func orDefault(v, def string) string {
	if strings.TrimSpace(v) == "" {
		return def
	}
	return strings.TrimSpace(v)
}

// parentFolder checks that id is a live folder of the caller.
func (s *Service) parentFolder(ctx context.Context, q querier, id string) (*Assortment, error) {
	p, err := s.store.get(ctx, q, id, false)
	if errors.Is(err, errNotFound) || (err == nil && p.Owner.ID != me(ctx).ID) {
		return nil, httpx.Invalid(httpx.FieldError{Field: "parentId", Rule: "exists", Message: "The folder does not exist"})
	}
	if err != nil {
		return nil, err
	}
	if p.Type != "folder" || p.State == "archived" {
		return nil, httpx.Invalid(httpx.FieldError{Field: "parentId", Rule: "folder", Message: "Assortments go into live folders only"})
	}
	return p, nil
}

// addRows validates pairs against the catalog and appends them (the validated-before-saving
// rule of spec §5.3: one bad pair refuses them all); it answers how many were added.
func (s *Service) addRows(ctx context.Context, tx pgx.Tx, a *Assortment, pairs []products.Pair, source string) (int, error) {
	adds := make([]AddProduct, len(pairs))
	for i, p := range pairs {
		adds[i] = AddProduct{Style: p.Style, Color: p.Color}
	}
	res, err := s.applyBatch(ctx, tx, a, &BatchRequest{AddProducts: adds, Source: source})
	if err != nil {
		return 0, err
	}
	return res.Added, nil
}

// ---- read ----

// Stream reads an assortment and gives it to head; with rows, it then hands them in grid order
// to each as they are read (static: its rows; dynamic: the first page of its query, at most the
// product query limit), so the detail grid's opening answer is written while it is read. A row
// is reused after each returns.
func (s *Service) Stream(ctx context.Context, id string, withRows bool, head func(*Assortment) error, each func(*Row) error) error {
	if s.org != nil {
		var a *Assortment
		outerHead, outerEach := head, each
		head = func(h *Assortment) error { a = h; return outerHead(h) }
		each = func(r *Row) error { s.hideRow(a, r); return outerEach(r) }
	}
	return s.stream(ctx, id, withRows, true, head, each)
}

// stream reads the assortment, its lock and its alerts in the round trip that begins the
// snapshot (a detail grid opens with this call: every round trip shows), then the rows.
func (s *Service) stream(ctx context.Context, id string, withRows, mayRefresh bool, head func(*Assortment) error, each func(*Row) error) error {
	if !httpx.IsUUID(id) {
		return notFound()
	}
	conn, err := s.db.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	tx, d, err := s.store.openDetail(ctx, conn, id, me(ctx).ID, withRows)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	a, lock, alerts, styles := d.assortment, d.lock, d.alerts, d.styles
	if a, err = s.visible(ctx, a, d.getErr); err != nil {
		return err
	}
	if a.countStale && mayRefresh {
		// The catalog or the search changed since the count: count again, then read.
		_ = tx.Rollback(ctx)
		conn.Release()
		if err := s.refreshCounts(ctx, s.db, countScope{id: id}); err != nil {
			return err
		}
		return s.stream(ctx, id, withRows, false, head, each)
	}
	a.Lock, a.Alerts = lock, alerts
	if err := s.signImages(ctx, a); err != nil {
		return err
	}
	if err := head(a); err != nil || !withRows || a.Type == "folder" {
		return err
	}
	rc := rowContext{alerts: alertMap(a.Alerts), styles: styles}
	if a.Method != "dynamic" {
		return s.store.eachStatic(ctx, tx, a, nil, rc, each)
	}
	_, rows, err := s.dynamicRows(ctx, tx, a, RowsRequest{Limit: products.MaxLimit})
	if err != nil {
		return err
	}
	deriveAll(rows, rc.alerts)
	for i := range rows {
		if err := each(&rows[i]); err != nil {
			return err
		}
	}
	return nil
}

// RowsRequest is the body of POST /api/assortments/products/query: the assortment, extra
// search conditions, a grid sort ([{field, dir}]) and paging.
type RowsRequest struct {
	AssortmentID string           `json:"assortmentId"`
	Text         string           `json:"text"`
	Conditions   map[string][]any `json:"conditions"`
	Sort         []GridSort       `json:"sort"`
	Skip         int              `json:"skip"`
	Limit        int              `json:"limit"`
	// IDs keep only these rows of a static assortment (a live stream's changed rows read again).
	IDs []string `json:"ids"`
}

// GridSort is one sort key as the grid sends it.
type GridSort struct {
	Field string `json:"field"`
	Dir   string `json:"dir"`
}

// Rows answers a page of an assortment's rows: the total, then the rows.
func (s *Service) Rows(ctx context.Context, req RowsRequest) (products.Total, []Row, error) {
	return s.rows(ctx, req, true)
}

// hideRows blanks the fields a's organisation type hides in rows.
func (s *Service) hideRows(a *Assortment, rows []Row) {
	for i := range rows {
		s.hideRow(a, &rows[i])
	}
}

func (s *Service) rows(ctx context.Context, req RowsRequest, mayRefresh bool) (products.Total, []Row, error) {
	if req.Limit <= 0 || req.Limit > products.MaxLimit {
		if req.Limit > products.MaxLimit {
			return products.Total{}, nil, httpx.Invalid(httpx.FieldError{Field: "limit", Rule: "max", Message: fmt.Sprintf("limit must be at most %d", products.MaxLimit)})
		}
		req.Limit = products.MaxLimit
	}
	if req.Skip < 0 {
		return products.Total{}, nil, httpx.Invalid(httpx.FieldError{Field: "skip", Rule: "min", Message: "skip cannot be negative"})
	}
	var (
		total products.Total
		rows  []Row
		stale string
	)
	err := db.InSnapshot(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.load(ctx, tx, req.AssortmentID, false)
		if err != nil {
			return err
		}
		if a.countStale && mayRefresh {
			// Its own search is answered with the kept count: count again first (after the
			// snapshot ends).
			stale = a.ID
			return nil
		}
		if a.Type == "folder" {
			return httpx.Invalid(httpx.FieldError{Field: "assortmentId", Rule: "folder", Message: "A folder has no products"})
		}
		rc, err := s.store.rowContext(ctx, tx, a.ID)
		if err != nil {
			return err
		}
		if a.Method == "dynamic" {
			if total, rows, err = s.dynamicRows(ctx, tx, a, req); err == nil {
				deriveAll(rows, rc.alerts)
			}
		} else {
			total.Count, rows, err = s.staticRows(ctx, tx, a, req, rc)
		}
		if err != nil {
			return err
		}
		s.hideRows(a, rows)
		return nil
	})
	if err != nil {
		return products.Total{}, nil, err
	}
	if stale != "" {
		if err := s.refreshCounts(ctx, s.db, countScope{id: stale}); err != nil {
			return products.Total{}, nil, err
		}
		return s.rows(ctx, req, false)
	}
	return total, rows, nil
}

// staticRows filters and sorts a static assortment's rows with the catalog's search conditions
// (the rows join the catalog under the same alias).
func (s *Service) staticRows(ctx context.Context, tx pgx.Tx, a *Assortment, req RowsRequest, rc rowContext) (int, []Row, error) {
	q := products.Query{Text: req.Text, Conditions: req.Conditions, LocationID: a.LocationID}
	if err := q.Normalize(); err != nil {
		return 0, nil, err
	}
	for _, id := range req.IDs {
		if !validRowID(id) {
			return 0, nil, httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "rowId", Message: fmt.Sprintf("%q is not a row id", id)})
		}
	}
	for _, gs := range req.Sort {
		if !staticSortable(gs.Field) {
			return 0, nil, httpx.Invalid(httpx.FieldError{Field: "sort." + gs.Field, Rule: "sortable", Message: fmt.Sprintf("Unknown sort field %q", gs.Field)})
		}
	}
	return s.store.staticPage(ctx, tx, a, staticFilter{where: q.Where(), ids: req.IDs, sort: req.Sort, limit: req.Limit, skip: req.Skip}, rc)
}

// dynamicRows runs a dynamic assortment's saved search, narrowed by the request's conditions
// and sorted with the spec's sort mapping.
func (s *Service) dynamicRows(ctx context.Context, tx pgx.Tx, a *Assortment, req RowsRequest) (products.Total, []Row, error) {
	q := products.Query{LocationID: a.LocationID, Skip: req.Skip, Limit: req.Limit}
	if a.Query != nil {
		q.Text = strings.TrimSpace(a.Query.Text + " " + req.Text)
		q.Conditions = map[string][]any{}
		for k, v := range a.Query.Conditions {
			q.Conditions[k] = v
		}
		q.Sort = a.Query.Sort
	}
	for k, v := range req.Conditions {
		if prev, ok := q.Conditions[k]; ok {
			// Both must hold: keep the values in both lists.
			var both []any
			for _, x := range v {
				for _, y := range prev {
					if fmt.Sprint(x) == fmt.Sprint(y) {
						both = append(both, x)
					}
				}
			}
			if len(both) == 0 {
				return products.Total{}, []Row{}, nil
			}
			q.Conditions[k] = both
		} else {
			if q.Conditions == nil {
				q.Conditions = map[string][]any{}
			}
			q.Conditions[k] = v
		}
	}
	if len(req.Sort) > 0 {
		q.Sort = nil
		for _, gs := range req.Sort {
			q.Sort = append(q.Sort, products.MapSort(gs.Field, strings.EqualFold(gs.Dir, "desc")))
		}
	}
	if err := q.Normalize(); err != nil {
		return products.Total{}, nil, err
	}
	var total products.Total
	var page []products.Product
	var err error
	if strings.TrimSpace(req.Text) == "" && len(req.Conditions) == 0 {
		// Its own search: the exact count kept on the assortment (see refreshCounts).
		total.Count = a.ProductCount
		page, err = s.catalog.PageRows(ctx, tx, &q, true)
	} else {
		total, page, err = s.catalog.Page(ctx, tx, &q, true)
	}
	if err != nil {
		return products.Total{}, nil, err
	}
	rows := make([]Row, len(page))
	for i := range page {
		rows[i] = fromProduct(&page[i], a.LocationID, q.Skip+i)
	}
	return total, rows, nil
}

// refreshCounts counts the products of the dynamic assortments in scope whose count is missing or
// older than the catalog: exact counts, but only when the search or the catalog changed, never on
// every list.
func (s *Service) refreshCounts(ctx context.Context, q querier, scope countScope) error {
	list, err := s.store.staleCounts(ctx, q, scope)
	if err != nil {
		return err
	}
	for _, x := range list {
		n := 0
		if x.query != "" && x.query != "null" {
			var pq products.Query
			if err := json.Unmarshal([]byte(x.query), &pq); err != nil {
				return err
			}
			pq.LocationID, pq.Skip, pq.Limit = x.loc, 0, 0
			if err := pq.Normalize(); err != nil {
				return err
			}
			if n, err = s.catalog.Count(ctx, q, &pq); err != nil {
				return err
			}
		}
		// Only if the search is still the one counted (a concurrent change counts its own).
		if err := s.store.setCount(ctx, q, x, n); err != nil {
			return err
		}
	}
	return nil
}
