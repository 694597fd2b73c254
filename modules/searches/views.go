package searches

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"

	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/modules/actions"
)

// viewGrids are the grids a view may be saved of (the manifest's viewGrid enumeration, which the
// browser reads too), each with the decision that opens it: a view is shown, saved or shared only
// for users the grid's own action lets in.
var viewGrids = map[string]authz.Check{
	ViewGridProductsCatalog:           {Action: actions.ProductsView},
	ViewGridSampleInventoryProduction: {Action: actions.SampleInventoryView, Resource: map[string]any{"library": "Production"}},
	ViewGridSampleInventorySales:      {Action: actions.SampleInventoryView, Resource: map[string]any{"library": "Sales"}},
	ViewGridAssortmentsDetail:         {Action: actions.AssortmentsView},
	ViewGridAssortmentsSearch:         {Action: actions.AssortmentsView},
	// The assortment lists, one grid per list view (their columns differ).
	ViewGridAssortmentsListQuickAccess: {Action: actions.AssortmentsView},
	ViewGridAssortmentsListAll:         {Action: actions.AssortmentsView},
	ViewGridAssortmentsListRecent:      {Action: actions.AssortmentsView},
	ViewGridAssortmentsListStarred:     {Action: actions.AssortmentsView},
	ViewGridAssortmentsListScheduled:   {Action: actions.AssortmentsView},
	ViewGridAssortmentsListArchived:    {Action: actions.AssortmentsView},
	// The order list views: the order type's list (the sample styles view is the coordinators').
	ViewGridOrdersSamplesSampleStyles:   {Action: actions.OrdersSampleStyles},
	ViewGridOrdersSamplesActiveOrders:   orderList("SAMPLE"),
	ViewGridOrdersSamplesArchivedOrders: orderList("SAMPLE"),
	ViewGridOrdersPromosNeedsReview:     orderList("PROMO"),
	ViewGridOrdersPromosReviewed:        orderList("PROMO"),
	ViewGridOrdersPromosArchived:        orderList("PROMO"),
	ViewGridOrdersWholesaleActive:       orderList("WHOLESALE"),
	ViewGridOrdersWholesaleArchived:     orderList("WHOLESALE"),
	ViewGridInternalAssortmentsList:     {Action: actions.InternalAssortmentsView},
}

// orderList is the decision that opens an order type's lists (the orders module's list routes).
func orderList(orderType string) authz.Check {
	return authz.Check{Action: actions.OrdersView, Resource: map[string]any{"orderType": orderType}}
}

// maxShares caps the users one view is shared with.
const maxShares = 50

// Views holds the rules of saved views of grids: named, private or shared with named users who
// may open the grid. A view keeps the conditions, never rows: whoever opens it reads the rows
// through the grid's query under their own policy.
type Views struct {
	store *Store
	authz *authz.Engine
	users *identity.Store
}

// NewViews gives the views' service.
func NewViews(store *Store, az *authz.Engine, users *identity.Store) *Views {
	return &Views{store: store, authz: az, users: users}
}

// ViewRequest is a view to keep: its name, query (filters, where, sort, groupBy), layout
// (columns in order with hides, row height) and the e-mails of the users to share it with.
type ViewRequest struct {
	// ID names one of the caller's views to rename (or share anew) in place; without it the view
	// is kept by its name.
	ID         string          `json:"id,omitempty"`
	Name       string          `json:"name"`
	Query      json.RawMessage `json:"query"`
	Layout     json.RawMessage `json:"layout"`
	SharedWith []string        `json:"sharedWith"`
}

// gridCheck is the decision that opens grid; an unknown grid is a 400.
func gridCheck(grid string) (authz.Check, error) {
	check, ok := viewGrids[grid]
	if !ok {
		return check, httpx.Invalid(httpx.FieldError{Field: "grid", Rule: "grid", Message: fmt.Sprintf("Views cannot be kept of grid %q", grid)})
	}
	return check, nil
}

// openGrid is the second question of the routes of one grid's views: may the caller open the
// grid of the path (gridCheck).
var openGrid = registry.AlsoBy(func(r *http.Request) ([]authz.Check, error) {
	c, err := gridCheck(chi.URLParam(r, "grid"))
	if err != nil {
		return nil, err
	}
	return []authz.Check{c}, nil
})

// may answers whether u may open grid: an unknown grid is a 400, a refusal a 403.
func (v *Views) may(ctx context.Context, u *identity.User, grid string) error {
	check, err := gridCheck(grid)
	if err != nil {
		return err
	}
	allowed, err := v.authz.Allowed(ctx, u, check.Action, check.Resource)
	if err != nil {
		return err
	}
	if !allowed {
		return httpx.Forbidden(check.Action)
	}
	return nil
}

// List answers the caller's views of grid and those shared with them (the route checks that the
// caller may open grid: openGrid).
func (v *Views) List(ctx context.Context, grid string) ([]*View, error) {
	return v.store.views(ctx, me(ctx).ID, grid)
}

// Get answers one view the caller owns or that is shared with them (else 404), for a grid
// they may open (else 403).
func (v *Views) Get(ctx context.Context, id string) (*View, error) {
	if uuid.Validate(id) != nil {
		return nil, httpx.NotFound("View")
	}
	out, err := v.store.view(ctx, me(ctx).ID, id)
	if err != nil {
		return nil, err
	}
	if out == nil {
		return nil, httpx.NotFound("View")
	}
	if err := v.may(ctx, me(ctx), out.Grid); err != nil {
		return nil, err
	}
	return out, nil
}

// Save keeps a view of grid under its name (the same name again replaces it and whom it is
// shared with; the route checks that the caller may open grid: openGrid). Every user it is
// shared with must exist and may open the grid: one who may not is a 403 naming them, and
// nothing is kept.
func (v *Views) Save(ctx context.Context, grid string, req *ViewRequest) (*View, error) {
	u := me(ctx)
	if req.ID != "" && uuid.Validate(req.ID) != nil {
		return nil, httpx.NotFound("View")
	}
	var bad []httpx.FieldError
	name := strings.TrimSpace(req.Name)
	switch {
	case name == "":
		bad = append(bad, httpx.FieldError{Field: "name", Rule: "required", Message: "Name the view"})
	case len([]rune(name)) > MaxViewName:
		bad = append(bad, httpx.FieldError{Field: "name", Rule: "max", Message: fmt.Sprintf("A view's name is at most %d characters", MaxViewName)})
	}
	var q map[string]any
	if len(req.Query) == 0 || json.Unmarshal(req.Query, &q) != nil || q == nil {
		bad = append(bad, httpx.FieldError{Field: "query", Rule: "object", Message: "query must be the view's filters, sort and grouping as an object"})
	} else if len(req.Query) > MaxQueryBytes {
		bad = append(bad, httpx.FieldError{Field: "query", Rule: "max", Message: fmt.Sprintf("query is at most %d bytes", MaxQueryBytes)})
	}
	layout, err := ParseLayout(req.Layout)
	if err != nil {
		var he *httpx.Error
		if !errors.As(err, &he) {
			return nil, err
		}
		if fields, ok := he.Details.([]httpx.FieldError); ok {
			bad = append(bad, fields...)
		}
	}
	if len(req.SharedWith) > maxShares {
		bad = append(bad, httpx.FieldError{Field: "sharedWith", Rule: "max", Message: fmt.Sprintf("A view is shared with at most %d users", maxShares)})
	}
	var ids []string
	seen := map[string]bool{}
	var refused []string
	for i, email := range req.SharedWith {
		email = strings.ToLower(strings.TrimSpace(email))
		if email == "" || seen[email] || len(req.SharedWith) > maxShares {
			continue
		}
		seen[email] = true
		other, _, err := v.users.ByEmail(ctx, email)
		if errors.Is(err, identity.ErrNotFound) || (err == nil && other.ID == u.ID) {
			bad = append(bad, httpx.FieldError{Field: fmt.Sprintf("sharedWith[%d]", i), Rule: "user", Message: fmt.Sprintf("%s is not a user to share the view with", email)})
			continue
		}
		if err != nil {
			return nil, err
		}
		if err := v.may(ctx, other, grid); err != nil {
			var he *httpx.Error
			if !errors.As(err, &he) || he.Status != 403 {
				return nil, err
			}
			refused = append(refused, email)
			continue
		}
		ids = append(ids, other.ID)
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	if len(refused) > 0 {
		e := httpx.Forbidden(viewGrids[grid].Action)
		e.Message = fmt.Sprintf("%s may not open this grid; the view cannot be shared with them", strings.Join(refused, ", "))
		return nil, e
	}
	raw, _ := json.Marshal(layout)
	id, problem, err := v.store.saveView(ctx, u.ID, &View{ID: req.ID, Grid: grid, Name: name, Query: req.Query, Layout: raw}, ids)
	if err != nil {
		return nil, err
	}
	switch problem {
	case saveFull:
		return nil, httpx.Invalid(httpx.FieldError{Field: "name", Rule: "max", Message: fmt.Sprintf("You keep %d views already; delete one first", MaxSaved)})
	case saveTaken:
		return nil, httpx.Invalid(httpx.FieldError{Field: "name", Rule: "unique", Message: fmt.Sprintf("You have a view of this grid named %q already", name)})
	case saveMissing:
		return nil, httpx.NotFound("View")
	}
	return v.store.view(ctx, u.ID, id)
}

// Delete removes one of the caller's views (another user's, shared or not, answers 404).
func (v *Views) Delete(ctx context.Context, id string) error {
	if uuid.Validate(id) != nil {
		return httpx.NotFound("View")
	}
	ok, err := v.store.deleteView(ctx, me(ctx).ID, id)
	if err == nil && !ok {
		return httpx.NotFound("View")
	}
	return err
}
