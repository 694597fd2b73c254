package orders

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jonboulle/clockwork"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/comments"
	"its/core/config"
	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	"its/core/mail"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/products"
)

// Catalog is what orders need of the products module: whether style/colours exist and what
// they are. The products service satisfies it; orders never read the catalog's tables.
type Catalog interface {
	Validate(ctx context.Context, q products.Querier, rows []products.Pair) (products.ValidationResult, error)
	Fetch(ctx context.Context, req products.FetchRequest) ([]products.Product, error)
	// Locations are the pricing locations the user may see.
	Locations(ctx context.Context) ([]products.LocationInfo, error)
}

// Service holds the order rules (product spec §4.3, §5.2, §5.7).
type Service struct {
	db      *pgxpool.Pool
	store   *Store
	authz   *authz.Engine
	catalog Catalog
	// products searches the catalog for the wholesale style lookups.
	products products.Catalog
	outbox   *mail.Outbox
	// addresses checks ship-to addresses (the embedded ZIP data set or a carrier adapter).
	addresses AddressVerifier
	cfg       *config.Config
	log       *slog.Logger
	now       func() time.Time
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB        *pgxpool.Pool
	Store     *Store
	Authz     *authz.Engine
	Catalog   Catalog
	Products  products.Catalog
	Outbox    *mail.Outbox
	Addresses AddressVerifier
	Config    *config.Config
	Log       *slog.Logger
	// Clock is today for availability dates, warnings and export names.
	Clock clockwork.Clock
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, authz: p.Authz, catalog: p.Catalog, products: p.Products, outbox: p.Outbox, addresses: p.Addresses, cfg: p.Config, log: p.Log, now: p.Clock.Now}
}

func (s *Service) allowed(ctx context.Context, action string, res map[string]any) (bool, error) {
	return s.authz.Allowed(ctx, identity.FromContext(ctx), action, res)
}

func (s *Service) require(ctx context.Context, action string, res map[string]any) error {
	return registry.Require(ctx, s.authz, action, res)
}

func notFound(err error) error {
	if errors.Is(err, ErrNotFound) {
		return httpx.NotFound("Order")
	}
	return err
}

// load reads an order of the route's type ("" for any type) that the user may see; lock holds
// it for tx.
func (s *Service) load(ctx context.Context, tx pgx.Tx, orderType, id string, lock bool) (*Order, error) {
	o, err := s.store.Get(ctx, tx, id, lock)
	if err != nil {
		return nil, notFound(err)
	}
	if orderType != "" && o.Type != orderType {
		return nil, httpx.NotFound("Order")
	}
	// An order the user may not read answers like one that does not exist, so ids cannot be probed.
	ok, err := s.allowed(ctx, actions.OrdersRead, o.resource())
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, httpx.NotFound("Order")
	}
	return o, nil
}

// QueryRequest is the body of POST orders/{orderType}/{subtype}/query.
type QueryRequest struct {
	OrderID               string `json:"orderId"`
	OrderNumber           int64  `json:"orderNumber"`
	ViewAsCoordinatorCode string `json:"viewAsCoordinatorCode"`
	Limit                 int    `json:"limit"`
	Cursor                string `json:"cursor"`
	// Size keeps only the detail's lines of that size (the grid's size footer field, spec §5.3).
	Size string `json:"size"`
}

// ListResult is one page of a list view.
type ListResult struct {
	View       string   `json:"view"`
	Rows       []*Order `json:"rows"`
	NextCursor *string  `json:"nextCursor"`
}

// isCoordinator asks the policy whether the user is a sample coordinator for orderType: one who
// may read any submitted order of the type that is not theirs.
func (s *Service) isCoordinator(ctx context.Context, orderType string) (bool, error) {
	c := coordinatorCheck(orderType)
	return s.allowed(ctx, c.Action, c.Resource)
}

// coordinatorCheck is the question isCoordinator asks: may the user read a submitted (promo:
// reviewed) order of orderType that is not theirs.
func coordinatorCheck(orderType string) authz.Check {
	status := StatusSubmitted
	if orderType == TypePromo {
		status = StatusReviewComplete
	}
	return authz.Check{Action: actions.OrdersRead, Resource: map[string]any{"orderType": orderType, "status": status, "requesterCode": ""}}
}

// Query answers a list view, or one order with its lines when subtype is "order".
func (s *Service) Query(ctx context.Context, orderType, subtype string, req QueryRequest) (any, error) {
	if strings.EqualFold(subtype, "order") {
		return s.Detail(ctx, orderType, req)
	}
	f, v, err := s.listFilter(ctx, orderType, subtype, req)
	if err != nil {
		return nil, err
	}
	rows, more, err := s.store.List(ctx, f)
	if err != nil {
		return nil, err
	}
	res := &ListResult{View: v.name, Rows: rows}
	if more && len(rows) > 0 {
		c := strconv.FormatInt(rows[len(rows)-1].OrderNumber, 10)
		res.NextCursor = &c
	}
	if v.name == "styles" {
		for _, o := range rows {
			if o.Products, err = s.lines(ctx, o.ID); err != nil {
				return nil, err
			}
		}
	}
	return res, nil
}

// listFilter is the list view subtype of orderType as the caller may see it: the view's statuses
// and period and the caller's part of the orders (own, a coordinator's, an approver's). The list
// and its export read the same rows.
func (s *Service) listFilter(ctx context.Context, orderType, subtype string, req QueryRequest) (ListFilter, view, error) {
	v, ok := viewOf(orderType, subtype)
	if !ok {
		return ListFilter{}, view{}, httpx.NotFound("Order list " + subtype)
	}
	u := identity.FromContext(ctx)
	f := ListFilter{Type: orderType, Statuses: v.statuses, Limit: req.Limit}
	if f.Limit <= 0 {
		f.Limit = ListPageSize
	}
	if f.Limit > MaxListPage {
		f.Limit = MaxListPage
	}
	if req.Cursor != "" {
		n, err := strconv.ParseInt(req.Cursor, 10, 64)
		if err != nil || n <= 0 {
			return ListFilter{}, view{}, httpx.BadRequest("The cursor is not valid", nil)
		}
		f.Before = n
	}
	if v.lastYear {
		since := s.now().AddDate(-1, 0, 0)
		f.Since = &since
	}
	own := sq.Eq{"o.requester_code": u.UserCode}
	coordinator, err := s.isCoordinator(ctx, orderType)
	if err != nil {
		return ListFilter{}, view{}, err
	}
	if req.ViewAsCoordinatorCode != "" && (!coordinator || orderType != TypeSample || v.name == "styles") {
		// Viewing as another coordinator is for coordinators, where the route allows a change.
		return ListFilter{}, view{}, httpx.Forbidden("orders.sample.viewAs")
	}
	switch orderType {
	case TypeSample:
		drafts, err := s.allowed(ctx, actions.OrdersSampleViewDrafts, nil)
		if err != nil {
			return ListFilter{}, view{}, err
		}
		if coordinator && !drafts {
			// Sample coordinators see only SUBMITTED and IN PROGRESS active orders (spec §4.3).
			code := u.UserCode
			if req.ViewAsCoordinatorCode != "" {
				code = req.ViewAsCoordinatorCode
			}
			f.Scope = sq.Eq{"o.coordinator_code": code}
			if v.name == "active" {
				f.Statuses = []string{StatusSubmitted, StatusInProgress}
			}
		} else {
			f.Scope = own
		}
	case TypePromo:
		all, err := s.allowed(ctx, actions.OrdersPromoViewAll, nil)
		if err != nil {
			return ListFilter{}, view{}, err
		}
		switch {
		case !all && v.name == "needs-review":
			// Approvers see the orders waiting for them (spec §6).
			f.Scope = sq.Or{
				sq.And{sq.Eq{"o.approver_code": u.UserCode}, sq.Eq{"o.status": StatusRequiresApprover}},
				sq.And{sq.Eq{"o.senior_approver_code": u.UserCode}, sq.Eq{"o.status": []string{StatusRequiresApprover, StatusRequiresSenior}}},
			}
		case !all:
			f.Scope = sq.Or{sq.Eq{"o.approver_code": u.UserCode}, sq.Eq{"o.senior_approver_code": u.UserCode}}
		case coordinator && v.name == "reviewed":
			f.Scope = nil
		default:
			f.Scope = own
		}
	default:
		f.Scope = own
	}
	return f, v, nil
}

// lines reads every line of an order, in the order they were added.
func (s *Service) lines(ctx context.Context, orderID string) ([]map[string]any, error) {
	return s.linesWhere(ctx, orderID, grid.Query{}, nil)
}

// linesWhere reads the lines of an order that q's filters and the extra condition (nil: none)
// keep, in the order they were added.
func (s *Service) linesWhere(ctx context.Context, orderID string, q grid.Query, extra sq.Sqlizer) ([]map[string]any, error) {
	out := []map[string]any{}
	q.Limit = lineGrid.MaxLimit
	scope := sq.And{sq.Expr("order_id = ?::uuid", orderID)}
	if extra != nil {
		scope = append(scope, extra)
	}
	for {
		p, err := lineGrid.Page(ctx, s.db, q, scope)
		if err != nil {
			return nil, err
		}
		for _, r := range p.Rows {
			out = append(out, lineJSON(r.Map()))
		}
		if p.NextCursor == nil {
			return out, nil
		}
		q.Cursor = *p.NextCursor
	}
}

// lineJSON answers the size matrix as an object rather than its stored text.
func lineJSON(m map[string]any) map[string]any {
	if s, ok := m["sizes"].(string); ok {
		m["sizes"] = jsonRaw(s)
	}
	return m
}

// Detail answers one order with its lines.
func (s *Service) Detail(ctx context.Context, orderType string, req QueryRequest) (*Order, error) {
	size, err := sizeFilter(req.Size)
	if err != nil {
		return nil, err
	}
	o, err := s.find(ctx, orderType, req.OrderID, req.OrderNumber)
	if err != nil {
		return nil, err
	}
	if o.Products, err = s.lines(ctx, o.ID); err != nil {
		return nil, err
	}
	if o.Type == TypeWholesale {
		if err := s.wholesaleFacts(ctx, o); err != nil {
			return nil, err
		}
	}
	if size != "" {
		// The totals and size columns above stay the whole order's; the lines are that size's.
		q, extra := sizeLines(o.Type, size)
		if o.Products, err = s.linesWhere(ctx, o.ID, q, extra); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// find reads the order named by its id or else its number, of orderType ("" for any), that the
// user may read.
func (s *Service) find(ctx context.Context, orderType, id string, number int64) (*Order, error) {
	var o *Order
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		if id == "" && number > 0 {
			if id, err = s.store.ByNumber(ctx, tx, number); err != nil {
				return notFound(err)
			}
		}
		if id == "" {
			return httpx.Invalid(httpx.FieldError{Field: "orderId", Rule: "required", Message: "Name the order (orderId or orderNumber)"})
		}
		o, err = s.load(ctx, tx, orderType, id, false)
		return err
	})
	return o, err
}

// Fields are the order fields a create or a batch may set; nil leaves a field as it is.
type Fields struct {
	Purpose               *string          `json:"purpose"`
	ProductType           *string          `json:"productType"`
	RequesterName         *string          `json:"requesterName"`
	CoordinatorCode       *string          `json:"coordinatorCode"`
	ApproverCode          *string          `json:"approverCode"`
	SeniorApproverCode    *string          `json:"seniorApproverCode"`
	Customer              *json.RawMessage `json:"customer"`
	Currency              *string          `json:"currency"`
	Region                *string          `json:"region"`
	Origin                *string          `json:"origin"`
	Account               *string          `json:"account"`
	PO                    *string          `json:"po"`
	Buyer                 *string          `json:"buyer"`
	EmailCC               *string          `json:"emailCC"`
	Instructions          *string          `json:"instructions"`
	Phone                 *string          `json:"phone"`
	HardCopy              *bool            `json:"hardCopy"`
	ShippingMethod        *string          `json:"shippingMethod"`
	DeliveryMethod        *string          `json:"deliveryMethod"`
	Reason                *string          `json:"reason"`
	RepNumber             *string          `json:"repNumber"`
	RepNumber2            *string          `json:"repNumber2"`
	RequestedDeliveryDate *string          `json:"requestedDeliveryDate"`
	AvailabilityDate      *Availability    `json:"availabilityDate"`
}

func setStr(dst *string, v *string) {
	if v != nil {
		*dst = strings.TrimSpace(*v)
	}
}

func day(v *string, field string) (*string, *httpx.FieldError) {
	if v == nil || strings.TrimSpace(*v) == "" {
		return nil, nil
	}
	t, ok := parseDay(*v)
	if !ok {
		return nil, &httpx.FieldError{Field: field, Rule: "date", Message: "Not a date (MM/DD/YYYY)"}
	}
	d := t.Format("2006-01-02")
	return &d, nil
}

// apply sets f on o, checking coordinators and approvers against their accounts.
func (s *Service) apply(ctx context.Context, tx pgx.Tx, o *Order, f *Fields) error {
	if f == nil {
		return nil
	}
	for _, p := range []struct {
		dst *string
		v   *string
	}{{&o.Purpose, f.Purpose}, {&o.ProductType, f.ProductType}, {&o.RequesterName, f.RequesterName}, {&o.Region, f.Region},
		{&o.Origin, f.Origin}, {&o.Account, f.Account}, {&o.PO, f.PO}, {&o.Buyer, f.Buyer}, {&o.EmailCC, f.EmailCC},
		{&o.Instructions, f.Instructions}, {&o.Phone, f.Phone}, {&o.ShippingMethod, f.ShippingMethod},
		{&o.DeliveryMethod, f.DeliveryMethod}, {&o.Reason, f.Reason}, {&o.RepNumber, f.RepNumber}, {&o.RepNumber2, f.RepNumber2}} {
		setStr(p.dst, p.v)
	}
	if f.Currency != nil {
		o.Currency = strings.ToUpper(strings.TrimSpace(*f.Currency))
	}
	if f.HardCopy != nil {
		o.HardCopy = *f.HardCopy
	}
	var bad []httpx.FieldError
	if o.Type == TypeWholesale {
		fe, err := s.applyReps(ctx, o, f)
		if err != nil {
			return err
		}
		bad = append(bad, fe...)
	}
	if f.Customer != nil {
		fe, err := s.applyCustomer(ctx, o, f)
		if err != nil {
			return err
		}
		bad = append(bad, fe...)
	}
	if f.RequesterName != nil && o.Type != TypePromo {
		bad = append(bad, httpx.FieldError{Field: "requesterName", Rule: "promoOnly", Message: "Only a promo order names another requester"})
	}
	if d, e := day(f.RequestedDeliveryDate, "requestedDeliveryDate"); e != nil {
		bad = append(bad, *e)
	} else if f.RequestedDeliveryDate != nil {
		o.RequestedDeliveryDate = d
	}
	if f.AvailabilityDate != nil {
		b, e1 := day(f.AvailabilityDate.BeginDate, "availabilityDate.beginDate")
		e, e2 := day(f.AvailabilityDate.EndDate, "availabilityDate.endDate")
		for _, fe := range []*httpx.FieldError{e1, e2} {
			if fe != nil {
				bad = append(bad, *fe)
			}
		}
		o.AvailabilityDate = Availability{BeginDate: b, EndDate: e}
	}
	if f.CoordinatorCode != nil {
		code := strings.TrimSpace(*f.CoordinatorCode)
		if code != "" {
			if _, err := s.store.Assignment(ctx, tx, code); errors.Is(err, ErrNotFound) {
				bad = append(bad, httpx.FieldError{Field: "coordinatorCode", Rule: "exists", Message: "No coordinator assignment has the code " + code})
			} else if err != nil {
				return err
			}
		}
		o.CoordinatorCode = code
	}
	for _, a := range []struct {
		field      string
		v          *string
		code, name *string
		role       string
	}{{"approverCode", f.ApproverCode, &o.ApproverCode, &o.ApproverName, "approver"},
		{"seniorApproverCode", f.SeniorApproverCode, &o.SeniorApproverCode, &o.SeniorApproverName, "seniorApprover"}} {
		if a.v == nil {
			continue
		}
		code := strings.TrimSpace(*a.v)
		if code == "" {
			*a.code, *a.name = "", ""
			continue
		}
		if o.Type != TypePromo {
			bad = append(bad, httpx.FieldError{Field: a.field, Rule: "promoOnly", Message: "Only promo orders have approvers"})
			continue
		}
		if code == o.RequesterCode {
			bad = append(bad, httpx.FieldError{Field: a.field, Rule: "selfApprover", Message: MsgSelfApprover})
			continue
		}
		u, err := s.store.UserByCode(ctx, tx, code)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		if u == nil || !u.HasRole("its:promoOrders", a.role) {
			bad = append(bad, httpx.FieldError{Field: a.field, Rule: a.role, Message: fmt.Sprintf("%s is not a %s of promo orders", code, a.role)})
			continue
		}
		*a.code, *a.name = code, u.FullName
	}
	if f.Account != nil || f.Customer != nil {
		bad = append(bad, accountOfCustomer(o)...)
	}
	if len(bad) > 0 {
		return httpx.Invalid(bad...)
	}
	return nil
}

// accountOfCustomer holds a wholesale order's account to its customer's: an account is one of
// the customer's accounts (the lookup keeps one per customer), or empty.
func accountOfCustomer(o *Order) []httpx.FieldError {
	if o.Type != TypeWholesale || o.Account == "" {
		return nil
	}
	var c struct {
		Account string `json:"account"`
	}
	if len(o.Customer) > 0 {
		_ = json.Unmarshal(o.Customer, &c)
	}
	if !strings.EqualFold(c.Account, o.Account) {
		return []httpx.FieldError{{Field: "account", Rule: "customerAccount", Message: msgf(MsgAccount, "account", o.Account)}}
	}
	o.Account = c.Account
	return nil
}

// applyReps checks the rep numbers a batch gives a wholesale order (platform spec §7 "orders/wof/
// rep"): each is upper-cased and must name an active rep; empty clears it.
func (s *Service) applyReps(ctx context.Context, o *Order, f *Fields) ([]httpx.FieldError, error) {
	var bad []httpx.FieldError
	for _, r := range []struct {
		field string
		v     *string
		dst   *string
	}{{"repNumber", f.RepNumber, &o.RepNumber}, {"repNumber2", f.RepNumber2, &o.RepNumber2}} {
		if r.v == nil || strings.TrimSpace(*r.v) == "" {
			continue
		}
		var in input
		number := in.code(r.field, "Rep number", *r.v, reRep)
		if len(in.bad) > 0 {
			bad = append(bad, in.bad...)
			continue
		}
		if _, err := s.store.ActiveRep(ctx, number); errors.Is(err, ErrNotFound) {
			bad = append(bad, httpx.FieldError{Field: r.field, Rule: "exists", Message: fmt.Sprintf("%s is not an active rep", number)})
			continue
		} else if err != nil {
			return nil, err
		}
		*r.dst = number
	}
	return bad, nil
}

// customerRef is what a client names a wholesale order's customer by: the lookup's region and
// id, and the term it picked of the customer's terms (empty: the customer's default term).
type customerRef struct {
	ID        string `json:"id"`
	Region    string `json:"region"`
	TermsInfo *struct {
		Code string `json:"code"`
	} `json:"termsInfo"`
}

// applyCustomer sets a wholesale order's customer from the customer lookup (product spec §3.6),
// never from what the client says the customer is: its name, currency, address and terms are
// the stored ones, its region becomes the order's, and its account and rep fill the order's
// unless the same batch sets them. null clears the customer. Other order types keep the
// customer as given (their screens do not set one).
func (s *Service) applyCustomer(ctx context.Context, o *Order, f *Fields) ([]httpx.FieldError, error) {
	raw := bytes.TrimSpace(*f.Customer)
	if o.Type != TypeWholesale {
		o.Customer = *f.Customer
		return nil, nil
	}
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		o.Customer = json.RawMessage("null")
		return nil, nil
	}
	var ref customerRef
	if err := json.Unmarshal(raw, &ref); err != nil {
		return []httpx.FieldError{{Field: "customer", Rule: "object", Message: "A customer is named by its region and id"}}, nil
	}
	var in input
	region := in.region(ref.Region)
	id := in.code("customer.id", "Customer id", ref.ID, reCustomerID)
	if len(in.bad) > 0 {
		return in.bad, nil
	}
	c, err := s.customerRecord(ctx, region, id)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return []httpx.FieldError{{Field: "customer", Rule: "exists", Message: fmt.Sprintf("No customer %s in region %s", id, region)}}, nil
		}
		return nil, err
	}
	if ref.TermsInfo != nil && ref.TermsInfo.Code != "" {
		i := slices.IndexFunc(c.Terms, func(t Term) bool { return t.Code == ref.TermsInfo.Code })
		if i < 0 {
			return []httpx.FieldError{{Field: "customer.termsInfo", Rule: "exists", Message: fmt.Sprintf("Term %s is not one of the customer's terms", ref.TermsInfo.Code)}}, nil
		}
		c.TermsInfo = &c.Terms[i]
	}
	b, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	o.Customer = b
	o.Region = c.Region
	if f.Account == nil {
		o.Account = c.Account
	}
	if f.RepNumber == nil {
		o.RepNumber = c.RepNumber
	}
	return nil, nil
}

// CreateRequest is the body of a create: the order's fields and its first products.
type CreateRequest struct {
	Fields
	Products []AddProduct `json:"products"`
}

func draftStatus(orderType string) string {
	if orderType == TypeWholesale {
		return StatusPending
	}
	return StatusDraft
}

// newOrder is a draft of orderType requested by the current user, with the spec's defaults:
// the availability window of today and 45 days on, and the coordinator assignment whose code is
// the user's.
func (s *Service) newOrder(ctx context.Context, tx pgx.Tx, orderType, subtype string) (*Order, error) {
	u := identity.FromContext(ctx)
	today := s.now().Format("2006-01-02")
	until := s.now().Add(AvailabilityWindow).Format("2006-01-02")
	o := &Order{Type: orderType, OrderSubtype: subtype, Status: draftStatus(orderType), OrderApprovalStatus: StatusPending,
		ProductType: "All", RequesterID: &u.ID, RequesterCode: u.UserCode, RequesterName: u.FullName, Currency: "USD",
		AvailabilityDate: Availability{BeginDate: &today, EndDate: &until}, Customer: json.RawMessage("null")}
	if orderType == TypeSample {
		if _, err := s.store.Assignment(ctx, tx, u.UserCode); err == nil {
			o.CoordinatorCode = u.UserCode
		} else if !errors.Is(err, ErrNotFound) {
			return nil, err
		}
	}
	return o, nil
}

// Create stores a new order with its first products.
func (s *Service) Create(ctx context.Context, orderType, subtype string, req CreateRequest) (*Order, error) {
	var (
		o       *Order
		skipped []Unavailable
	)
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		o, err = s.newOrder(ctx, tx, orderType, subtype)
		if err != nil {
			return err
		}
		if err := s.apply(ctx, tx, o, &req.Fields); err != nil {
			return err
		}
		if o.ID, err = s.store.Insert(ctx, tx, o); err != nil {
			return err
		}
		if len(req.Products) > 0 {
			w, err := s.writeLines(ctx, tx, o, &BatchRequest{AddProducts: req.Products}, leaveOutInactive)
			if err != nil {
				return err
			}
			skipped = w.skipped
		}
		return publishListRow(ctx, tx, o.Type, o.ID, nil)
	}); err != nil {
		return nil, err
	}
	created, err := s.Detail(ctx, orderType, QueryRequest{OrderID: o.ID})
	if err != nil {
		return nil, err
	}
	created.Skipped = skipped
	return created, nil
}

// Duplicate copies an order the user may see into a new draft of the user's, its lines with
// the line default status.
func (s *Service) Duplicate(ctx context.Context, orderType, subtype, originalID string) (*Order, error) {
	var copied Order
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		src, err := s.load(ctx, tx, orderType, originalID, false)
		if err != nil {
			return err
		}
		o, err := s.newOrder(ctx, tx, orderType, subtype)
		if err != nil {
			return err
		}
		coordinator := o.CoordinatorCode
		copied = *src
		copied.ID, copied.Status, copied.OrderApprovalStatus = "", o.Status, StatusPending
		copied.OrderSubtype, copied.RequesterID, copied.RequesterCode, copied.RequesterName = subtype, o.RequesterID, o.RequesterCode, o.RequesterName
		copied.AvailabilityDate, copied.Comment, copied.SubmittedDate, copied.CompletedDate = o.AvailabilityDate, "", nil, nil
		if copied.CoordinatorCode == "" {
			copied.CoordinatorCode = coordinator
		}
		if copied.ID, err = s.store.Insert(ctx, tx, &copied); err != nil {
			return err
		}
		if err := s.store.CopyLines(ctx, tx, src.ID, copied.ID, lineDefault(&copied, identity.FromContext(ctx))); err != nil {
			return err
		}
		return publishListRow(ctx, tx, copied.Type, copied.ID, nil)
	}); err != nil {
		return nil, err
	}
	return s.Detail(ctx, orderType, QueryRequest{OrderID: copied.ID})
}

// lineDefault is a new line's status (spec §4.3): PENDING, or APPROVED on a promo order whose
// requester is the current user.
func lineDefault(o *Order, u *identity.User) string {
	if o.Type == TypePromo && u != nil && o.RequesterName == u.FullName {
		return StatusApproved
	}
	return StatusPending
}

// inOrder runs fn on an order of the route's type that the user may see, locked for one
// transaction, after checking the version the client read it at (when it sends one). An error of
// fn rolls everything back: a refused request changes nothing.
func (s *Service) inOrder(ctx context.Context, orderType, id string, version *int64, fn func(tx pgx.Tx, o *Order) error) error {
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		o, err := s.load(ctx, tx, orderType, id, true)
		if err != nil {
			return err
		}
		if err := checkVersion(o, version); err != nil {
			return err
		}
		if err := fn(tx, o); err != nil {
			return err
		}
		return nil
	})
}

// Delete removes a DRAFT order (DRAFT or PENDING wholesale).
func (s *Service) Delete(ctx context.Context, orderType, id string) error {
	return s.inOrder(ctx, orderType, id, nil, func(tx pgx.Tx, o *Order) error {
		if err := s.require(ctx, actions.OrdersDelete, o.resource()); err != nil {
			return err
		}
		before, err := listRow(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		if err := s.store.Delete(ctx, tx, o.ID); err != nil {
			return err
		}
		// The lines' comment threads go with the order.
		if err := comments.Forget(ctx, tx, CommentScope, []string{o.ID}); err != nil {
			return err
		}
		return publishListRow(ctx, tx, o.Type, o.ID, before)
	})
}

// CommentRequest sets an order's comment; a version, when given, is checked.
type CommentRequest struct {
	Comment string `json:"comment"`
	Version *int64 `json:"version"`
}

// Comment sets the comment of an order the user may see.
func (s *Service) Comment(ctx context.Context, orderType, id string, req CommentRequest) (*Order, error) {
	var out *Order
	err := s.inOrder(ctx, orderType, id, req.Version, func(tx pgx.Tx, o *Order) error {
		o.Comment = strings.TrimSpace(req.Comment)
		if err := s.store.Update(ctx, tx, o); err != nil {
			return err
		}
		var err error
		out, err = s.store.Get(ctx, tx, o.ID, false)
		return err
	})
	return out, err
}

// checkVersion answers the userLock conflict of a write against an order that moved on.
func checkVersion(o *Order, v *int64) error {
	if v != nil && *v != o.Version {
		return httpx.Conflict(MsgOrderChanged, map[string]any{"errorType": "userLock", "reason": "stale", "version": *v, "currentVersion": o.Version})
	}
	return nil
}

func jsonRaw(s string) json.RawMessage { return json.RawMessage(s) }
