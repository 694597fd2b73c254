package products

import (
	"github.com/jackc/pgx/v5"

	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/modules/actions"
)

// AutocompleteLimit is the most suggestions an autocomplete answers (spec §9).
const AutocompleteLimit = 10

// Service holds the catalog's rules.
type Service struct {
	db      *pgxpool.Pool
	store   *Store
	authz   *authz.Engine
	figures figures
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB    *pgxpool.Pool
	Store *Store
	Authz *authz.Engine
}

// NewService gives the service.
func NewService(p ServiceParams) *Service { return &Service{db: p.DB, store: p.Store, authz: p.Authz} }

// Search runs q: fn gets the total first (exact up to CountCap, see Total), then each row of the
// page.
func (s *Service) Search(ctx context.Context, q Query, onlyLocation bool, total func(Total) error, row func(*Product) error) error {
	if err := q.Normalize(); err != nil {
		return err
	}
	if err := s.checkLocation(ctx, q.LocationID); err != nil {
		return err
	}
	var (
		n    Total
		page []Product
	)
	// The count and the rows see the same data; everything is read before the answer is
	// written, so the connection is free by then.
	if err := db.InSnapshot(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		n, page, err = s.store.Page(ctx, tx, &q, onlyLocation)
		return err
	}); err != nil {
		return err
	}
	visible, err := s.visibleLocations(ctx)
	if err != nil {
		return err
	}
	if err := total(n); err != nil {
		return err
	}
	for i := range page {
		page[i].Locations = visible(page[i].Locations)
		if err := row(&page[i]); err != nil {
			return err
		}
	}
	return nil
}

// Page is the answer of the cached GET.
type Page struct {
	Rows       []map[string]any `json:"rows"`
	TotalCount int              `json:"totalCount"`
	// TotalCountCapped: more than CountCap products match and TotalCount is an estimate.
	TotalCountCapped bool    `json:"totalCountCapped"`
	NextCursor       *string `json:"nextCursor"`
}

type cursor struct {
	Skip  int    `json:"skip"`
	Query string `json:"q"`
}

// queryKey identifies a query for its cursors (paging fields left out).
func queryKey(q Query) string {
	q.Skip, q.Limit = 0, 0
	b, _ := json.Marshal(q)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// PageOf answers the GET form: q as JSON, the fields to select, and a cursor from the previous
// page.
func (s *Service) PageOf(ctx context.Context, rawQuery, rawSelect, rawCursor string) (*Page, error) {
	var q Query
	if strings.TrimSpace(rawQuery) != "" {
		dec := json.NewDecoder(strings.NewReader(rawQuery))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&q); err != nil {
			return nil, httpx.Invalid(httpx.FieldError{Field: "query", Rule: "json", Message: "query must be a JSON product query: " + err.Error()})
		}
	}
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	fields, err := selectList(rawSelect)
	if err != nil {
		return nil, err
	}
	key := queryKey(q)
	if rawCursor != "" {
		b, err := base64.RawURLEncoding.DecodeString(rawCursor)
		var c cursor
		if err != nil || json.Unmarshal(b, &c) != nil || c.Skip < 0 {
			return nil, httpx.Invalid(httpx.FieldError{Field: "cursor", Rule: "cursor", Message: "The cursor is not valid"})
		}
		if c.Query != key {
			return nil, httpx.Invalid(httpx.FieldError{Field: "cursor", Rule: "cursor", Message: "The cursor was made for another query; start again without it"})
		}
		q.Skip = c.Skip
	}
	if q.Limit == 0 {
		q.Limit = DefaultLimit
	}
	page := &Page{Rows: []map[string]any{}}
	err = s.Search(ctx, q, true, func(n Total) error {
		page.TotalCount, page.TotalCountCapped = n.Count, n.Capped
		return nil
	}, func(p *Product) error {
		page.Rows = append(page.Rows, selectFields(p, fields))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if next := q.Skip + len(page.Rows); (page.TotalCountCapped || next < page.TotalCount) && len(page.Rows) == q.Limit {
		b, _ := json.Marshal(cursor{Skip: next, Query: key})
		c := base64.RawURLEncoding.EncodeToString(b)
		page.NextCursor = &c
	}
	return page, nil
}

// productFields maps JSON names of Product to field indexes, for select.
var productFields = func() map[string]int {
	t := reflect.TypeOf(Product{})
	m := make(map[string]int, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		m[name] = i
	}
	return m
}()

func selectList(raw string) ([]string, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, nil
	}
	var out []string
	var bad []httpx.FieldError
	seen := map[string]bool{"id": true}
	out = append(out, "id")
	for _, f := range strings.Split(raw, ",") {
		f = strings.TrimSpace(f)
		if f == "" || seen[f] {
			continue
		}
		if _, ok := productFields[f]; !ok {
			bad = append(bad, httpx.FieldError{Field: "select." + f, Rule: "unknownField", Message: fmt.Sprintf("Unknown field %q", f)})
			continue
		}
		seen[f] = true
		out = append(out, f)
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	return out, nil
}

// selectFields keeps fields of p (every field when fields is nil).
func selectFields(p *Product, fields []string) map[string]any {
	v := reflect.ValueOf(p).Elem()
	if fields == nil {
		out := make(map[string]any, len(productFields))
		for name, i := range productFields {
			out[name] = v.Field(i).Interface()
		}
		return out
	}
	out := make(map[string]any, len(fields))
	for _, f := range fields {
		out[f] = v.Field(productFields[f]).Interface()
	}
	return out
}

// Fetch loads the named products (at most MaxLimit).
func (s *Service) Fetch(ctx context.Context, req FetchRequest) ([]Product, error) {
	ids := append([]string{}, req.IDs...)
	for _, p := range req.Products {
		ids = append(ids, ID(strings.ToUpper(strings.TrimSpace(p.Style)), strings.ToUpper(strings.TrimSpace(p.Color))))
	}
	if len(req.Styles) > 0 {
		more, err := s.store.idsOfStyles(ctx, upper(req.Styles), MaxLimit+1)
		if err != nil {
			return nil, err
		}
		ids = append(ids, more...)
	}
	if len(ids) == 0 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "required", Message: "Name at least one product (ids, products or styles)"})
	}
	if len(ids) > MaxLimit {
		return nil, httpx.Invalid(httpx.FieldError{Field: "ids", Rule: "max", Message: fmt.Sprintf("At most %d products per request", MaxLimit)})
	}
	if err := s.checkLocation(ctx, req.LocationID); err != nil {
		return nil, err
	}
	visible, err := s.visibleLocations(ctx)
	if err != nil {
		return nil, err
	}
	out, err := s.store.ByIDs(ctx, s.db, ids, strings.ToUpper(req.LocationID), req.Colors)
	for i := range out {
		out[i].Locations = visible(out[i].Locations)
	}
	return out, err
}

func upper(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strings.ToUpper(strings.TrimSpace(s))
	}
	return out
}

// ValidationError names a style/colour that failed validation.
type ValidationError struct {
	Index   int    `json:"index"`
	Style   string `json:"style"`
	Color   string `json:"color"`
	Field   string `json:"field"`
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

// Validate checks that every style/colour is given, exists in the catalog and appears once.
func (s *Service) Validate(ctx context.Context, q Querier, rows []Pair) (ValidationResult, error) {
	res := ValidationResult{Success: true, Errors: []ValidationError{}}
	if len(rows) == 0 {
		return res, nil
	}
	ids := make([]string, 0, len(rows))
	for _, r := range rows {
		ids = append(ids, ID(strings.ToUpper(strings.TrimSpace(r.Style)), strings.ToUpper(strings.TrimSpace(r.Color))))
	}
	found, err := s.store.Existing(ctx, q, ids)
	if err != nil {
		return res, err
	}
	seen := map[string]int{}
	for i, r := range rows {
		style, color := strings.ToUpper(strings.TrimSpace(r.Style)), strings.ToUpper(strings.TrimSpace(r.Color))
		e := ValidationError{Index: i, Style: style, Color: color}
		switch {
		case style == "" && color == "":
			e.Field, e.Rule, e.Message = "stylecolor", "required", "Style and color are required"
		case style == "":
			e.Field, e.Rule, e.Message = "style", "required", "Style is required"
		case color == "":
			e.Field, e.Rule, e.Message = "color", "required", "Color is required"
		case !found[ID(style, color)]:
			e.Field, e.Rule, e.Message = "stylecolor", "exists", NoDataMessage
		default:
			if j, dup := seen[ID(style, color)]; dup {
				e.Field, e.Rule, e.Message = "stylecolor", "duplicate", fmt.Sprintf("Duplicate style/color (also row %d)", j+1)
			} else {
				seen[ID(style, color)] = i
				continue
			}
		}
		res.Errors = append(res.Errors, e)
	}
	res.Success = len(res.Errors) == 0
	return res, nil
}

// popColorsFor reads the popColors path value: a comma list of colour codes, or "true" for
// the POP colour filters of the user's territories.
func popColorsFor(ctx context.Context, raw string) []string {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.EqualFold(raw, "false") {
		return nil
	}
	set := map[string]bool{}
	if strings.EqualFold(raw, "true") {
		if u := identity.FromContext(ctx); u != nil {
			for _, t := range u.UserTBEs {
				for _, c := range t.ColorFilters["POP"] {
					set[strings.ToUpper(c)] = true
				}
			}
		}
		if len(set) == 0 {
			return nil
		}
	} else {
		for _, c := range strings.Split(raw, ",") {
			if c = strings.ToUpper(strings.TrimSpace(c)); c != "" {
				set[c] = true
			}
		}
	}
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Locations lists the pricing locations the user may see: all for ADMIN territory and business
// entity, else the locations of the user's territories (platform spec §6).
func (s *Service) Locations(ctx context.Context) ([]LocationInfo, error) {
	all, codes, err := s.locationScope(ctx)
	if err != nil {
		return nil, err
	}
	if all {
		return s.store.Locations(ctx, nil)
	}
	return s.store.Locations(ctx, codes)
}

// locationScope is every location (ADMIN territory and business entity) or the codes of the
// user's territories.
func (s *Service) locationScope(ctx context.Context) (all bool, codes []string, err error) {
	u := identity.FromContext(ctx)
	all, err = s.authz.Allowed(ctx, u, actions.LocationsViewAll, nil)
	if err != nil || all {
		return all, nil, err
	}
	codes = []string{}
	if u != nil {
		for _, t := range u.UserTBEs {
			for _, l := range t.Locations {
				codes = append(codes, l.Key)
			}
		}
	}
	return false, codes, nil
}

// checkLocation refuses a search or fetch priced at a location the user may not see.
func (s *Service) checkLocation(ctx context.Context, code string) error {
	if code == "" {
		return nil
	}
	all, codes, err := s.locationScope(ctx)
	if err != nil || all {
		return err
	}
	for _, c := range codes {
		if strings.EqualFold(c, code) {
			return nil
		}
	}
	return httpx.Forbidden(actions.LocationsViewAll)
}

// visibleLocations returns a filter keeping only the pricing locations the user may see, so
// product answers never carry another territory's prices.
func (s *Service) visibleLocations(ctx context.Context) (func([]Location) []Location, error) {
	all, codes, err := s.locationScope(ctx)
	if err != nil {
		return nil, err
	}
	if all {
		return func(l []Location) []Location { return l }, nil
	}
	allowed := make(map[string]bool, len(codes))
	for _, c := range codes {
		allowed[strings.ToUpper(c)] = true
	}
	return func(ls []Location) []Location {
		out := ls[:0:0]
		for _, l := range ls {
			if allowed[strings.ToUpper(l.Code)] {
				out = append(out, l)
			}
		}
		return out
	}, nil
}
