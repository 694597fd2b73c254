package orders

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"regexp"
	"slices"
	"strings"

	"github.com/go-chi/chi/v5"

	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/products"
)

// The lookups of platform spec §7 "Orders": customers, reps, account addresses, the requester's
// last year, and the wholesale style lookups per region and origin. Styles come from the
// products module's catalog API.

// Patterns of the lookups' user input, after trimming and upper-casing.
var (
	reCustomerID = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]{0,19}$`)
	reAccount    = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]{0,19}$`)
	reUserCode   = regexp.MustCompile(`^[A-Z0-9]{1,20}$`)
	reStyle      = regexp.MustCompile(`^[A-Z0-9]{1,20}$`)
	reLocation   = regexp.MustCompile(`^[A-Z]{2,3}$`)
	reCurrency   = regexp.MustCompile(`^[A-Z]{3}$`)
	reRep        = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)
)

const (
	lookupLimit     = 20
	minNameLength   = 2
	maxNameLength   = 100
	yearLinesLimit  = 1000
	maxProductType  = 50
	styleCandidates = products.MaxLimit
)

// input collects the field errors of one request's user input.
type input struct{ bad []httpx.FieldError }

// code trims and upper-cases v and checks it against re; what names it in the message.
func (in *input) code(field, what, v string, re *regexp.Regexp) string {
	v = strings.ToUpper(strings.TrimSpace(v))
	switch {
	case v == "":
		in.bad = append(in.bad, httpx.FieldError{Field: field, Rule: "required", Message: what + " is required"})
	case !re.MatchString(v):
		in.bad = append(in.bad, httpx.FieldError{Field: field, Rule: "format", Message: fmt.Sprintf("Invalid %s %q", strings.ToLower(what), v)})
	}
	return v
}

// region reads a region (Europe or EU is EU, any other US, platform spec §9); it is required.
func (in *input) region(v string) string {
	if strings.TrimSpace(v) == "" {
		in.bad = append(in.bad, httpx.FieldError{Field: "region", Rule: "required", Message: "Region is required"})
		return ""
	}
	return RegionCode(v)
}

func (in *input) err() error {
	if len(in.bad) > 0 {
		return httpx.Invalid(in.bad...)
	}
	return nil
}

// CustomerQuery is the body of POST orders/wof/customer/name/autocomplete.
type CustomerQuery struct {
	Name   string `json:"name"`
	Region string `json:"region"`
}

// CustomerAutocomplete answers the customers of the region whose name (or a word of it) starts
// with the typed text.
func (s *Service) CustomerAutocomplete(ctx context.Context, q CustomerQuery) ([]*Customer, error) {
	var in input
	region := in.region(q.Region)
	name := strings.TrimSpace(q.Name)
	if n := len([]rune(name)); n < minNameLength || n > maxNameLength {
		in.bad = append(in.bad, httpx.FieldError{Field: "name", Rule: "length", Message: fmt.Sprintf("Type %d to %d characters of the customer's name", minNameLength, maxNameLength)})
	}
	if err := in.err(); err != nil {
		return nil, err
	}
	return s.store.CustomersByName(ctx, region, strings.ToLower(name), lookupLimit)
}

// CustomerRequest is the body of POST orders/wof/customer/details (product spec §3.6: email,
// region and id, all required).
type CustomerRequest struct {
	Email  string `json:"email"`
	Region string `json:"region"`
	ID     string `json:"id"`
}

// CustomerDetails answers a customer with the terms of its region and country; its default term
// is its own where it has one, else the first.
func (s *Service) CustomerDetails(ctx context.Context, req CustomerRequest) (*Customer, error) {
	var in input
	region := in.region(req.Region)
	id := in.code("id", "Customer id", req.ID, reCustomerID)
	if strings.TrimSpace(req.Email) == "" {
		in.bad = append(in.bad, httpx.FieldError{Field: "email", Rule: "required", Message: "Email is required"})
	} else if a, err := mail.ParseAddress(req.Email); err != nil || a.Address != strings.TrimSpace(req.Email) {
		in.bad = append(in.bad, httpx.FieldError{Field: "email", Rule: "email", Message: fmt.Sprintf("Invalid email %q", req.Email)})
	}
	if err := in.err(); err != nil {
		return nil, err
	}
	return s.customer(ctx, region, id)
}

func (s *Service) customer(ctx context.Context, region, id string) (*Customer, error) {
	c, err := s.customerRecord(ctx, region, id)
	if errors.Is(err, ErrNotFound) {
		return nil, httpx.NotFound("Customer")
	}
	return c, err
}

// customerRecord reads a customer of region with its terms (ErrNotFound when there is none).
func (s *Service) customerRecord(ctx context.Context, region, id string) (*Customer, error) {
	c, err := s.store.Customer(ctx, region, id)
	if err != nil {
		return nil, err
	}
	if c.Terms, err = s.store.Terms(ctx, c.Region, c.Country); err != nil {
		return nil, err
	}
	for i := range c.Terms {
		if c.TermsInfo == nil || c.Terms[i].Code == c.term {
			c.TermsInfo = &c.Terms[i]
		}
	}
	return c, nil
}

// RepRequest is the body of POST orders/wof/rep.
type RepRequest struct {
	RepNumber string `json:"repNumber"`
}

// RepResult says whether a rep number names an active rep, and which.
type RepResult struct {
	Valid bool `json:"valid"`
	Rep   *Rep `json:"rep"`
}

// ValidateRep checks a rep number: a malformed one is refused, an unknown or inactive one is
// answered as not valid.
func (s *Service) ValidateRep(ctx context.Context, req RepRequest) (*RepResult, error) {
	var in input
	number := in.code("repNumber", "Rep number", req.RepNumber, reRep)
	if err := in.err(); err != nil {
		return nil, err
	}
	r, err := s.store.ActiveRep(ctx, number)
	switch {
	case err == ErrNotFound:
		return &RepResult{}, nil
	case err != nil:
		return nil, err
	}
	return &RepResult{Valid: true, Rep: r}, nil
}

// AccountAddress answers the ship-to address of a customer account.
func (s *Service) AccountAddress(ctx context.Context, value string) (*Address, error) {
	var in input
	account := in.code("account", "Account", value, reAccount)
	if err := in.err(); err != nil {
		return nil, err
	}
	// The accounts are the wholesale customers': only users of wholesale orders read them, through
	// whichever order type's route.
	if ok, err := s.allowed(ctx, actions.OrdersWholesaleView, nil); err != nil {
		return nil, err
	} else if !ok {
		return nil, httpx.NotFound("Account")
	}
	c, err := s.store.CustomerByAccount(ctx, account)
	if err == ErrNotFound {
		return nil, httpx.NotFound("Account")
	}
	if err != nil {
		return nil, err
	}
	a := c.Address
	a.Account, a.Name = c.Account, c.Name
	return &a, nil
}

// YearResult is what a requester ordered of a product type within the last year.
type YearResult struct {
	RequesterCode string     `json:"requesterCode"`
	ProductType   string     `json:"productType"`
	Since         string     `json:"since"`
	Orders        int        `json:"orders"`
	Quantity      int64      `json:"quantity"`
	Lines         []YearLine `json:"lines"`
}

// yearInput reads the year lookup's requester code and product type (a 400 names what is wrong).
func yearInput(requesterCode, productType string) (string, string, error) {
	var in input
	code := in.code("requesterCode", "Requester code", requesterCode, reUserCode)
	productType = strings.TrimSpace(productType)
	if productType == "" || len(productType) > maxProductType {
		in.bad = append(in.bad, httpx.FieldError{Field: "productType", Rule: "length", Message: fmt.Sprintf("Product type must be 1 to %d characters", maxProductType)})
	}
	return code, productType, in.err()
}

// yearCheck is the year lookup route's second question: users see their own year; another
// requester's year is for the type's sample coordinators (the order type's coordinatorCheck).
// A bad code or product type is the 400 it always was, before any refusal.
var yearCheck = registry.AlsoBy(func(r *http.Request) ([]authz.Check, error) {
	code, _, err := yearInput(chi.URLParam(r, "requesterCode"), chi.URLParam(r, "productType"))
	if err != nil {
		return nil, err
	}
	if u := identity.FromContext(r.Context()); u != nil && strings.EqualFold(u.UserCode, code) {
		return nil, nil
	}
	return []authz.Check{coordinatorCheck(orderType(r))}, nil
})

// Year answers the lines of the requester's orders of the type created within the last year,
// with their order and quantity totals (who may ask for whose year is the route's yearCheck).
func (s *Service) Year(ctx context.Context, orderType, requesterCode, productType string) (*YearResult, error) {
	code, productType, err := yearInput(requesterCode, productType)
	if err != nil {
		return nil, err
	}
	since := s.now().AddDate(-1, 0, 0)
	lines, err := s.store.YearLines(ctx, orderType, code, strings.ToLower(productType), since, yearLinesLimit)
	if err != nil {
		return nil, err
	}
	res := &YearResult{RequesterCode: code, ProductType: productType, Since: since.Format("2006-01-02"), Lines: lines}
	seen := map[int64]bool{}
	for _, l := range lines {
		if !seen[l.OrderNumber] {
			seen[l.OrderNumber] = true
			res.Orders++
		}
		if l.Quantity != nil {
			res.Quantity += int64(*l.Quantity)
		}
	}
	return res, nil
}

// StyleColor is one colour of a wholesale style with its prices at the origin.
type StyleColor struct {
	Color            string   `json:"color"`
	ColorDescription string   `json:"colorDescription"`
	LineStatus       string   `json:"lineStatus"`
	SizeRange        string   `json:"sizeRange"`
	WholesalePrice   *float64 `json:"wholesalePrice"`
	SuggestedRetail  *float64 `json:"suggestedRetail"`
}

// Style is a wholesale style of a region priced at an origin.
type Style struct {
	Style string `json:"style"`
	Name  string `json:"name"`
	// Thumbnail is the picture of the style's first colour offered, for the style pickers.
	Thumbnail      string       `json:"thumbnail,omitempty"`
	ProductType    string       `json:"productType"`
	Division       string       `json:"division"`
	Gender         string       `json:"gender"`
	Currency       string       `json:"currency"`
	CurrencySymbol string       `json:"currencySymbol"`
	DecimalPlaces  int          `json:"decimalPlaces"`
	Colors         []StyleColor `json:"colors"`
}

// StyleRequest is the body of POST orders/wof/style.
type StyleRequest struct {
	Region   string `json:"region"`
	Origin   string `json:"origin"`
	Customer string `json:"customer"`
	Style    string `json:"style"`
}

// catalogRegions are the catalog regions a region code sells: EU Europe, US the rest.
func catalogRegions(code string) []any {
	if code == "EU" {
		return []any{"Europe"}
	}
	return []any{"Domestic", "International"}
}

// origin resolves an origin to a pricing location the user may see.
func (s *Service) origin(ctx context.Context, in *input, v string) *products.LocationInfo {
	code := in.code("origin", "Origin", v, reLocation)
	if len(in.bad) > 0 {
		return nil
	}
	locs, err := s.catalog.Locations(ctx)
	if err == nil {
		for i := range locs {
			if locs[i].Code == code {
				return &locs[i]
			}
		}
	}
	in.bad = append(in.bad, httpx.FieldError{Field: "origin", Rule: "list", Message: fmt.Sprintf("Unknown origin %q", code)})
	return nil
}

// styles searches the wholesale catalog of region at loc and groups the colours by style, in
// the catalog's order; keep picks the styles wanted. A domestic footwear or POP colour whose line
// status at loc is not A is not offered (platform spec §9).
func (s *Service) styles(ctx context.Context, region string, loc *products.LocationInfo, q products.Query, keep func(style string) bool) ([]*Style, error) {
	if q.Conditions == nil {
		q.Conditions = map[string][]any{}
	}
	q.Conditions["region"] = catalogRegions(region)
	q.Conditions["channel"] = []any{"Wholesale"}
	q.LocationID = loc.Code
	q.Sort = products.SortSpec{{Key: "styleNumeric", Order: 1}, {Key: "color", Order: 1}}
	if err := q.Normalize(); err != nil {
		return nil, err
	}
	rows, err := s.products.PageRows(ctx, s.db, &q, true)
	if err != nil {
		return nil, err
	}
	out := []*Style{}
	by := map[string]*Style{}
	for _, p := range rows {
		if !keep(p.Style) {
			continue
		}
		c := StyleColor{Color: p.Color, ColorDescription: p.ColorDescription}
		for _, l := range p.Locations {
			if l.Code == loc.Code {
				c.LineStatus, c.SizeRange, c.WholesalePrice, c.SuggestedRetail = l.LineStatus, l.SizeRange, l.WholesalePrice, l.SuggestedRetail
			}
		}
		if inactiveAt(p, c.LineStatus) {
			continue
		}
		st := by[p.Style]
		if st == nil {
			st = &Style{Style: p.Style, Name: p.Name, Thumbnail: p.Thumbnail, ProductType: p.ProductType, Division: p.Division, Gender: p.Gender,
				Currency: loc.CurrencyCode, CurrencySymbol: loc.CurrencySymbol, DecimalPlaces: loc.DecimalPlaces, Colors: []StyleColor{}}
			by[p.Style] = st
			out = append(out, st)
		}
		st.Colors = append(st.Colors, c)
	}
	return out, nil
}

// StyleAutocomplete answers up to 20 wholesale styles of the region whose number starts with the
// typed style, for a customer of the region.
func (s *Service) StyleAutocomplete(ctx context.Context, region, origin, customer, style string) ([]*Style, error) {
	var in input
	regionCode := in.region(region)
	id := in.code("customer", "Customer id", customer, reCustomerID)
	prefix := in.code("style", "Style", style, reStyle)
	loc := s.origin(ctx, &in, origin)
	if err := in.err(); err != nil {
		return nil, err
	}
	if _, err := s.customer(ctx, regionCode, id); err != nil {
		return nil, err
	}
	found, err := s.styles(ctx, regionCode, loc, products.Query{Text: prefix, Limit: styleCandidates},
		func(st string) bool { return strings.HasPrefix(st, prefix) })
	if err != nil {
		return nil, err
	}
	return found[:min(len(found), lookupLimit)], nil
}

// Style answers one wholesale style of the region with its colours priced at the origin.
func (s *Service) Style(ctx context.Context, req StyleRequest) (*Style, error) {
	var in input
	regionCode := in.region(req.Region)
	style := in.code("style", "Style", req.Style, reStyle)
	loc := s.origin(ctx, &in, req.Origin)
	var id string
	if strings.TrimSpace(req.Customer) != "" {
		id = in.code("customer", "Customer id", req.Customer, reCustomerID)
	}
	if err := in.err(); err != nil {
		return nil, err
	}
	if id != "" {
		if _, err := s.customer(ctx, regionCode, id); err != nil {
			return nil, err
		}
	}
	found, err := s.styles(ctx, regionCode, loc, products.Query{Conditions: map[string][]any{"style": {style}}, Limit: products.MaxLimit},
		func(string) bool { return true })
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, httpx.NotFound("Style " + style)
	}
	return found[0], nil
}

// Styles answers the wholesale styles of the region priced at the origin (at most
// products.MaxLimit style/colours, from skip); currency must be the origin's.
func (s *Service) Styles(ctx context.Context, region, origin, currency string, skip int) ([]*Style, error) {
	var in input
	regionCode := in.region(region)
	cur := in.code("currency", "Currency", currency, reCurrency)
	loc := s.origin(ctx, &in, origin)
	if loc != nil && cur != loc.CurrencyCode && len(in.bad) == 0 {
		in.bad = append(in.bad, httpx.FieldError{Field: "currency", Rule: "origin", Message: fmt.Sprintf("Origin %s sells in %s, not %s", loc.Code, loc.CurrencyCode, cur)})
	}
	if skip < 0 {
		in.bad = append(in.bad, httpx.FieldError{Field: "skip", Rule: "min", Message: "skip cannot be negative"})
	}
	if err := in.err(); err != nil {
		return nil, err
	}
	return s.styles(ctx, regionCode, loc, products.Query{Skip: skip, Limit: products.MaxLimit}, func(string) bool { return true })
}

// Approver is a user who may be named approver or senior approver of a promo order.
type Approver struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Approvers lists, for a promo order's approver picker, the active users holding role ("approver"
// or "seniorApprover") of promo orders, by name; the caller is left out, as the requester of the
// order they are making may not approve it.
func (s *Service) Approvers(ctx context.Context, orderType, role string) ([]Approver, error) {
	if orderType != TypePromo {
		return nil, httpx.Invalid(httpx.FieldError{Field: "orderType", Rule: "promoOnly", Message: "Only promo orders have approvers"})
	}
	if !slices.Contains(ApproverRoles, role) {
		return nil, httpx.Invalid(httpx.FieldError{Field: "role", Rule: "oneOf", Message: "role is approver or seniorApprover"})
	}
	caller := ""
	if u := identity.FromContext(ctx); u != nil {
		caller = u.UserCode
	}
	return s.store.UsersWithRole(ctx, "its:promoOrders", role, caller)
}
