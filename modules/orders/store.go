package orders

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/identity"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Store is the orders module's SQL: its own tables and nothing else, except reading accounts
// by user code (the core's users table) to name approvers and coordinators.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// Availability is an order's availability window.
type Availability struct {
	BeginDate *string `json:"beginDate"`
	EndDate   *string `json:"endDate"`
}

// Order is an order as the API shows it (spec §3.6).
type Order struct {
	ID                    string           `json:"_id"`
	OrderNumber           int64            `json:"orderNumber"`
	Type                  string           `json:"type"`
	OrderType             string           `json:"orderType"`
	OrderSubtype          string           `json:"orderSubtype"`
	Status                string           `json:"status"`
	OrderApprovalStatus   string           `json:"orderApprovalStatus"`
	Purpose               string           `json:"purpose"`
	ProductType           string           `json:"productType"`
	RequesterID           *string          `json:"-"`
	RequesterCode         string           `json:"requesterCode"`
	RequesterName         string           `json:"requesterName"`
	CoordinatorCode       string           `json:"coordinatorCode"`
	ApproverCode          string           `json:"approverCode"`
	ApproverName          string           `json:"approverName"`
	SeniorApproverCode    string           `json:"seniorApproverCode"`
	SeniorApproverName    string           `json:"seniorApproverName"`
	Customer              json.RawMessage  `json:"customer"`
	Currency              string           `json:"currency"`
	Region                string           `json:"region"`
	Origin                string           `json:"origin"`
	Account               string           `json:"account"`
	PO                    string           `json:"po"`
	Buyer                 string           `json:"buyer"`
	EmailCC               string           `json:"emailCC"`
	Instructions          string           `json:"instructions"`
	Phone                 string           `json:"phone"`
	HardCopy              bool             `json:"hardCopy"`
	ShippingMethod        string           `json:"shippingMethod"`
	DeliveryMethod        string           `json:"deliveryMethod"`
	Reason                string           `json:"reason"`
	RepNumber             string           `json:"repNumber"`
	RepNumber2            string           `json:"repNumber2"`
	Comment               string           `json:"comment"`
	RequestedDeliveryDate *string          `json:"requestedDeliveryDate"`
	AvailabilityDate      Availability     `json:"availabilityDate"`
	CreatedDate           time.Time        `json:"createdDate"`
	ModifiedDate          time.Time        `json:"modifiedDate"`
	SubmittedDate         *time.Time       `json:"submittedDate"`
	CompletedDate         *time.Time       `json:"completedDate"`
	Version               int64            `json:"version"`
	ProductCount          int              `json:"productCount"`
	Products              []map[string]any `json:"products,omitempty"`
	// Totals and Unavailable answer a wholesale order's detail.
	Totals      []Total       `json:"totals,omitempty"`
	Unavailable []Unavailable `json:"unavailable,omitempty"`
	// SizeColumns are the sizes of the lines' size ranges, in size order: the matrix's columns.
	SizeColumns []string `json:"sizeColumns,omitempty"`
	// Skipped answers the creation of a wholesale order: the first products left out because
	// the origin does not sell them at their line status.
	Skipped []Unavailable `json:"skipped,omitempty"`
	// PackCodes are the wholesale pack codes, so the browser runs §5.2's rules before a write.
	PackCodes []PackCode `json:"packCodes,omitempty"`
}

// requestTypes name each type as the client's request type (spec §3.6).
var requestTypes = map[string]string{TypeSample: "SampleOrder", TypePromo: "PromoOrder", TypeWholesale: "WholesaleOrder"}

// resource is the order as the policy sees it.
func (o *Order) resource() map[string]any {
	return map[string]any{"orderType": o.Type, "status": o.Status, "requesterCode": o.RequesterCode,
		"approverCode": o.ApproverCode, "seniorApproverCode": o.SeniorApproverCode, "coordinatorCode": o.CoordinatorCode}
}

const orderColumns = `o.id::text, o.order_number, o.type, o.subtype, o.status, o.order_approval_status, o.purpose,
 o.product_type, o.requester_id::text, o.requester_code, o.requester_name, o.coordinator_code, o.approver_code,
 o.approver_name, o.senior_approver_code, o.senior_approver_name, o.customer, o.currency, o.region, o.origin,
 o.account, o.po, o.buyer, o.email_cc, o.instructions, o.phone, o.hard_copy, o.shipping_method,
 o.delivery_method, o.reason, o.rep_number, o.rep_number2, o.comment, to_char(o.requested_delivery_date, 'YYYY-MM-DD'),
 to_char(o.availability_begin, 'YYYY-MM-DD'), to_char(o.availability_end, 'YYYY-MM-DD'), o.created_at, o.modified_at,
 o.submitted_at, o.completed_at, o.version`

func scanOrder(row pgx.Row, extra ...any) (*Order, error) {
	o := &Order{}
	var customer []byte
	dest := append([]any{&o.ID, &o.OrderNumber, &o.Type, &o.OrderSubtype, &o.Status, &o.OrderApprovalStatus, &o.Purpose,
		&o.ProductType, &o.RequesterID, &o.RequesterCode, &o.RequesterName, &o.CoordinatorCode, &o.ApproverCode,
		&o.ApproverName, &o.SeniorApproverCode, &o.SeniorApproverName, &customer, &o.Currency, &o.Region, &o.Origin,
		&o.Account, &o.PO, &o.Buyer, &o.EmailCC, &o.Instructions, &o.Phone, &o.HardCopy, &o.ShippingMethod,
		&o.DeliveryMethod, &o.Reason, &o.RepNumber, &o.RepNumber2, &o.Comment, &o.RequestedDeliveryDate,
		&o.AvailabilityDate.BeginDate, &o.AvailabilityDate.EndDate, &o.CreatedDate, &o.ModifiedDate,
		&o.SubmittedDate, &o.CompletedDate, &o.Version}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	if len(customer) > 0 {
		o.Customer = customer
	} else {
		o.Customer = json.RawMessage("null")
	}
	o.OrderType = requestTypes[o.Type]
	return o, nil
}

// ErrNotFound is an order, line or assignment that is not there.
var ErrNotFound = errors.New("not found")

// Get loads one order; lock takes the row for the rest of tx.
func (s *Store) Get(ctx context.Context, q pgx.Tx, id string, lock bool) (*Order, error) {
	sql := `SELECT ` + orderColumns + `, (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id) FROM orders o WHERE o.id::text = $1`
	if lock {
		sql += ` FOR UPDATE OF o`
	}
	var n int
	o, err := scanOrder(q.QueryRow(ctx, sql, id), &n)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err == nil {
		o.ProductCount = n
	}
	return o, err
}

// Resources loads what the policy sees of the orders of orderType among ids (canonical UUIDs):
// each one's id, type, status, requester, approvers and coordinator.
func (s *Store) Resources(ctx context.Context, orderType string, ids []string) ([]*Order, error) {
	rows, err := s.db.Query(ctx, `SELECT id::text, type, status, requester_code, approver_code, senior_approver_code,
		coordinator_code FROM orders WHERE id = ANY($1::uuid[]) AND type = $2`, ids, orderType)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (*Order, error) {
		o := &Order{}
		err := r.Scan(&o.ID, &o.Type, &o.Status, &o.RequesterCode, &o.ApproverCode, &o.SeniorApproverCode, &o.CoordinatorCode)
		return o, err
	})
}

// ByNumber finds an order's id by its number.
func (s *Store) ByNumber(ctx context.Context, q pgx.Tx, number int64) (string, error) {
	var id string
	err := q.QueryRow(ctx, `SELECT id::text FROM orders WHERE order_number = $1`, number).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	return id, err
}

// Insert stores a new order from o's fields and answers its id.
func (s *Store) Insert(ctx context.Context, q pgx.Tx, o *Order) (string, error) {
	var customer any
	if len(o.Customer) > 0 && string(o.Customer) != "null" {
		customer = []byte(o.Customer)
	}
	var id string
	err := q.QueryRow(ctx, `INSERT INTO orders (type, subtype, status, order_approval_status, purpose, product_type,
		requester_id, requester_code, requester_name, coordinator_code, approver_code, approver_name,
		senior_approver_code, senior_approver_name, customer, currency, region, origin, account, po, buyer, email_cc,
		instructions, phone, hard_copy, shipping_method, delivery_method, reason, rep_number, rep_number2, comment,
		requested_delivery_date, availability_begin, availability_end)
		VALUES ($1,$2,$3,$4,$5,$6,$7::uuid,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28,$29,$30,$31,
		$32::date,$33::date,$34::date) RETURNING id::text`,
		o.Type, o.OrderSubtype, o.Status, o.OrderApprovalStatus, o.Purpose, o.ProductType, o.RequesterID, o.RequesterCode,
		o.RequesterName, o.CoordinatorCode, o.ApproverCode, o.ApproverName, o.SeniorApproverCode, o.SeniorApproverName,
		customer, o.Currency, o.Region, o.Origin, o.Account, o.PO, o.Buyer, o.EmailCC, o.Instructions, o.Phone,
		o.HardCopy, o.ShippingMethod, o.DeliveryMethod, o.Reason, o.RepNumber, o.RepNumber2, o.Comment,
		o.RequestedDeliveryDate, o.AvailabilityDate.BeginDate, o.AvailabilityDate.EndDate).Scan(&id)
	return id, err
}

// Update writes o's changeable fields back, with a new version and modified date.
func (s *Store) Update(ctx context.Context, q pgx.Tx, o *Order) error {
	var customer any
	if len(o.Customer) > 0 && string(o.Customer) != "null" {
		customer = []byte(o.Customer)
	}
	_, err := q.Exec(ctx, `UPDATE orders SET status = $2, order_approval_status = $3, purpose = $4, product_type = $5,
		requester_name = $6, coordinator_code = $7, approver_code = $8, approver_name = $9, senior_approver_code = $10,
		senior_approver_name = $11, customer = $12, currency = $13, region = $14, origin = $15, account = $16, po = $17,
		buyer = $18, email_cc = $19, instructions = $20, phone = $21, hard_copy = $22, shipping_method = $23,
		delivery_method = $24, reason = $25, rep_number = $26, rep_number2 = $27, comment = $28,
		requested_delivery_date = $29::date, availability_begin = $30::date, availability_end = $31::date,
		submitted_at = $32, completed_at = $33, modified_at = now(), version = version + 1
		WHERE id::text = $1`,
		o.ID, o.Status, o.OrderApprovalStatus, o.Purpose, o.ProductType, o.RequesterName, o.CoordinatorCode,
		o.ApproverCode, o.ApproverName, o.SeniorApproverCode, o.SeniorApproverName, customer, o.Currency, o.Region,
		o.Origin, o.Account, o.PO, o.Buyer, o.EmailCC, o.Instructions, o.Phone, o.HardCopy, o.ShippingMethod,
		o.DeliveryMethod, o.Reason, o.RepNumber, o.RepNumber2, o.Comment, o.RequestedDeliveryDate,
		o.AvailabilityDate.BeginDate, o.AvailabilityDate.EndDate, o.SubmittedDate, o.CompletedDate)
	return err
}

// Delete removes an order and its lines.
func (s *Store) Delete(ctx context.Context, q pgx.Tx, id string) error {
	_, err := q.Exec(ctx, `DELETE FROM orders WHERE id::text = $1`, id)
	return err
}

// CopyLines copies the lines of order from into order to, each with status.
func (s *Store) CopyLines(ctx context.Context, q pgx.Tx, from, to, status string) error {
	_, err := q.Exec(ctx, `INSERT INTO order_lines (order_id, style, color, product_type, division, gender, status, size,
		size_preference, side, source, quantity, promo_code, term, pack_code, sizes, unit_price, discount, discount_amount,
		discount_by, discount_at, start_date, end_date, days_out, stores, created_at)
		SELECT $2::uuid, style, color, product_type, division, gender, $3, size, size_preference, side, source, quantity,
		promo_code, term, pack_code, sizes, unit_price, discount, discount_amount, discount_by, discount_at, start_date,
		end_date, days_out, stores,
		now() + (row_number() OVER (ORDER BY created_at, id)) * interval '1 microsecond'
		FROM order_lines WHERE order_id::text = $1`, from, to, status)
	return err
}

// SequenceLines gives lines added together created times in the order given, a microsecond
// apart, so an order's lines (sorted by created time, then by their random id) keep the order
// they were added in.
func (s *Store) SequenceLines(ctx context.Context, q pgx.Tx, ids []string) error {
	if len(ids) < 2 {
		return nil
	}
	_, err := q.Exec(ctx, `UPDATE order_lines l SET created_at = l.created_at + a.ord * interval '1 microsecond'
		FROM unnest($1::uuid[]) WITH ORDINALITY AS a(id, ord) WHERE l.id = a.id`, ids)
	return err
}

// lineState is what a batch needs to know of an existing line.
type lineState struct {
	ID, Status   string
	Style, Color string
	Version      int64
	// UnitPrice is the stored price as text (nil: none).
	UnitPrice *string
	PackCode  *string
	Sizes     *string
	StartDate *time.Time
	EndDate   *time.Time
}

// LineStates locks and reads the named lines of an order.
func (s *Store) LineStates(ctx context.Context, q pgx.Tx, orderID string, ids []string) (map[string]*lineState, error) {
	out := map[string]*lineState{}
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := q.Query(ctx, `SELECT id::text, version, status, style, color, unit_price::text, pack_code, sizes, start_date, end_date FROM order_lines
		WHERE order_id::text = $1 AND id::text = ANY($2) FOR UPDATE`, orderID, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		l := &lineState{}
		if err := rows.Scan(&l.ID, &l.Version, &l.Status, &l.Style, &l.Color, &l.UnitPrice, &l.PackCode, &l.Sizes, &l.StartDate, &l.EndDate); err != nil {
			return nil, err
		}
		out[l.ID] = l
	}
	return out, rows.Err()
}

// lineInOrder answers pgx.ErrNoRows unless line is a line of order orderID.
func (s *Store) lineInOrder(ctx context.Context, q pgx.Tx, orderID, line string) error {
	var one int
	return q.QueryRow(ctx, `SELECT 1 FROM order_lines WHERE order_id = $1::uuid AND id = $2::uuid`, orderID, line).Scan(&one)
}

// unpricedLine is an order line without a price: its place among the order's lines (from 1), style
// and colour.
type unpricedLine struct {
	N            int
	Style, Color string
}

// FirstUnpriced answers the first line of the order that has no unit price, or nil.
func (s *Store) FirstUnpriced(ctx context.Context, q pgx.Tx, orderID string) (*unpricedLine, error) {
	var l unpricedLine
	err := q.QueryRow(ctx, `SELECT n, style, color FROM (SELECT row_number() OVER (ORDER BY created_at, id)::int AS n, style, color,
		unit_price FROM order_lines WHERE order_id::text = $1) l WHERE unit_price IS NULL ORDER BY n LIMIT 1`, orderID).Scan(&l.N, &l.Style, &l.Color)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// LineStatusCounts counts an order's lines by status.
func (s *Store) LineStatusCounts(ctx context.Context, q pgx.Tx, orderID string) (map[string]int, error) {
	rows, err := q.Query(ctx, `SELECT status, count(*) FROM order_lines WHERE order_id::text = $1 GROUP BY status`, orderID)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			rows.Close()
			return nil, err
		}
		out[st] = n
	}
	rows.Close()
	return out, rows.Err()
}

// SetLineStatus moves every line of an order in status from to status to, with new versions so
// a grid holding an old line version learns of it.
func (s *Store) SetLineStatus(ctx context.Context, q pgx.Tx, orderID, from, to string) error {
	_, err := q.Exec(ctx, `UPDATE order_lines SET status = $3, version = version + 1, modified_at = now()
		WHERE order_id::text = $1 AND status = $2`, orderID, from, to)
	return err
}

// ListFilter is a list view's condition, computed by the service from the view and the user.
type ListFilter struct {
	Type     string
	Statuses []string
	Since    *time.Time
	// Scope is the user's part (own orders, a coordinator's, an approver's); nil is none.
	Scope  sq.Sqlizer
	Before int64 // order numbers below this (the cursor); 0 for the first page
	Limit  int
}

// where is the filter's selection, without its page (the list and its export share it).
func (f ListFilter) where() sq.And {
	w := sq.And{sq.Eq{"o.type": f.Type, "o.status": f.Statuses}}
	if f.Since != nil {
		w = append(w, sq.GtOrEq{"o.created_at": *f.Since})
	}
	if f.Scope != nil {
		w = append(w, f.Scope)
	}
	return w
}

// List answers one page of orders, newest order number first (spec §4.3), and whether more follow.
func (s *Store) List(ctx context.Context, f ListFilter) ([]*Order, bool, error) {
	b := psql.Select(orderColumns, `(SELECT count(*) FROM order_lines l WHERE l.order_id = o.id)`).From("orders o").
		Where(f.where()).OrderBy("o.order_number DESC").Limit(uint64(f.Limit + 1))
	if f.Before > 0 {
		b = b.Where(sq.Lt{"o.order_number": f.Before})
	}
	rows, err := db.Query(ctx, s.db, b)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	out := []*Order{}
	for rows.Next() {
		var n int
		o, err := scanOrder(rows, &n)
		if err != nil {
			return nil, false, err
		}
		o.ProductCount = n
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	more := len(out) > f.Limit
	if more {
		out = out[:f.Limit]
	}
	return out, more, nil
}

// UserByCode loads the account with a user code (approvers, coordinators, requesters).
func (s *Store) UserByCode(ctx context.Context, q pgx.Tx, code string) (*identity.User, error) {
	u, err := identity.Scan(q.QueryRow(ctx, `SELECT `+identity.SelectUser+` FROM users u WHERE u.user_code = $1 AND u.status = 'active'`, code))
	if errors.Is(err, identity.ErrNotFound) {
		return nil, ErrNotFound
	}
	return u, err
}

// PackCode is a wholesale pack code.
type PackCode struct {
	Code     string `json:"code"`
	PackSize int    `json:"packSize"`
	PerSize  int    `json:"perSize"`
}

// AllPackCodes lists the pack codes by code.
func (s *Store) AllPackCodes(ctx context.Context) ([]PackCode, error) {
	rows, err := s.db.Query(ctx, `SELECT code, pack_size, per_size FROM order_pack_codes ORDER BY code`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[PackCode])
}

// PackCodes loads the named pack codes.
func (s *Store) PackCodes(ctx context.Context, q pgx.Tx, codes []string) (map[string]PackCode, error) {
	out := map[string]PackCode{}
	if len(codes) == 0 {
		return out, nil
	}
	rows, err := q.Query(ctx, `SELECT code, pack_size, per_size FROM order_pack_codes WHERE code = ANY($1)`, codes)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var p PackCode
		if err := rows.Scan(&p.Code, &p.PackSize, &p.PerSize); err != nil {
			return nil, err
		}
		out[p.Code] = p
	}
	return out, rows.Err()
}

// UsersWithRole lists the active users with a user code who hold role in domain, by name, but
// the user whose code is except.
func (s *Store) UsersWithRole(ctx context.Context, domain, role, except string) ([]Approver, error) {
	rows, err := s.db.Query(ctx, `SELECT u.user_code, trim(u.name || ' ' || u.last_name) FROM users u
		WHERE u.status = 'active' AND u.user_code <> '' AND u.user_code <> $3
		  AND EXISTS (SELECT 1 FROM user_permissions p WHERE p.user_id = u.id AND p.domain = $1 AND p.role = $2)
		ORDER BY 2, 1`, domain, role, except)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Approver, error) {
		var a Approver
		return a, r.Scan(&a.Code, &a.Name)
	})
}

// linesWithUnitsIn is the condition of a wholesale line holding units of one of sizes (upper
// case) in its size matrix.
func linesWithUnitsIn(sizes []string) sq.Sqlizer {
	return sq.Expr(`sizes IS NOT NULL AND EXISTS (SELECT 1 FROM jsonb_each(sizes::jsonb) e
		WHERE upper(e.key) = ANY(?::text[]) AND jsonb_typeof(e.value) = 'number' AND (e.value)::numeric > 0)`, sizes)
}
