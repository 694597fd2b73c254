package orders

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"its/core/authz"
	"its/core/comments"
	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/orders/uszip"
)

// Handler is the orders module's HTTP side.
type Handler struct {
	svc      *Service
	comments *comments.Service
}

// NewHandler gives the handler.
func NewHandler(svc *Service, c *comments.Service) *Handler { return &Handler{svc: svc, comments: c} }

// routeType makes the route's {orderType} the policy's resource (SAMPLE, PROMO or WHOLESALE),
// so the type's permission (or the wof flag) is checked before the handler. An unknown type is
// passed as is and refused.
var routeType = registry.WithResource(func(r *http.Request) map[string]any {
	raw := chi.URLParam(r, "orderType")
	if t, ok := typeOf(raw); ok {
		return map[string]any{"orderType": t}
	}
	return map[string]any{"orderType": raw}
})

func orderType(r *http.Request) string {
	t, _ := typeOf(chi.URLParam(r, "orderType"))
	return t
}

// stylesView is the second question of the list routes: the sample styles view is for who holds
// orders.sample.styles (the coordinators).
var stylesView = registry.AlsoBy(func(r *http.Request) ([]authz.Check, error) {
	if v, ok := viewOf(orderType(r), chi.URLParam(r, "subtype")); !ok || v.name != "styles" {
		return nil, nil
	}
	return []authz.Check{{Action: actions.OrdersSampleStyles}}, nil
})

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	const base = "/api/orders/{orderType}/{subtype}"
	r.Handle("POST", base+"/query", actions.OrdersView, httpx.MaybeBody(h.query), routeType, stylesView)
	// A list view on the grid protocol, read in blocks as the user scrolls (docs/grid.md §3.8).
	r.Handle("POST", base+"/rows", actions.OrdersView, listView(h.svc.ListPage), routeType, stylesView)
	r.Handle("POST", base+"/summary", actions.OrdersView, listView(h.svc.ListSummary), routeType, stylesView)
	r.Handle("POST", base+"/groups", actions.OrdersView, listView(h.svc.ListGroups), routeType, stylesView)
	r.Handle("GET", base+"/schema", actions.OrdersView, h.listSchema, routeType)
	r.Handle("POST", base, actions.OrdersCreate, httpx.Body(h.create), routeType)
	r.Handle("POST", base+"/duplicate/{originalOrderId}", actions.OrdersCreate, httpx.Get(h.duplicate), routeType)
	r.Handle("DELETE", base+"/{id}", actions.OrdersView, httpx.Get(h.delete), routeType)
	r.Handle("PATCH", base+"/batch/{id}", actions.OrdersView, httpx.Body(h.batch), routeType)
	r.Handle("GET", base+"/{id}/rows/{rowId}/history", actions.OrdersView, httpx.Get(h.lineHistory), routeType)
	h.comments.Mount(typedRouter{r}, "/api/orders/{orderType}/comments", actions.OrdersView, CommentScope, commentPolicy{h.svc})
	for _, format := range []string{grid.FormatXLSX, grid.FormatCSV} {
		r.Handle("POST", base+"/export/"+format, actions.OrdersView, h.exportList(format), routeType, stylesView)
		r.Handle("POST", base+"/export/"+format+"/{id}", actions.OrdersView, h.exportLines(format), routeType)
	}
	r.Handle("POST", base+"/comment/{id}", actions.OrdersView, httpx.Body(h.comment), routeType)
	r.Handle("GET", base+"/year/{requesterCode}/{productType}", actions.OrdersView, httpx.Get(h.year), routeType, yearCheck)
	r.Handle("GET", base+"/accounts/address/{value}", actions.OrdersView, httpx.Get(h.accountAddress), routeType)
	r.Handle("GET", base+"/approvers/{role}", actions.OrdersView, httpx.Get(h.approvers), routeType)
	// The wholesale lookups: static paths, which the router prefers to base's parameters.
	const wof = "/api/orders/wof"
	r.Handle("GET", wof+"/style/autocomplete/{region}/{origin}/{customer}/{style}", actions.OrdersWholesaleView, httpx.Get(h.styleAutocomplete))
	r.Handle("POST", wof+"/style", actions.OrdersWholesaleView, httpx.Body(func(r *http.Request, req StyleRequest) (*Style, error) { return h.svc.Style(r.Context(), req) }))
	r.Handle("GET", wof+"/styles/{region}/{origin}/{currency}", actions.OrdersWholesaleView, httpx.Get(h.styles))
	r.Handle("POST", wof+"/customer/name/autocomplete", actions.OrdersWholesaleView, httpx.Body(func(r *http.Request, req CustomerQuery) ([]*Customer, error) {
		return h.svc.CustomerAutocomplete(r.Context(), req)
	}))
	r.Handle("POST", wof+"/customer/details", actions.OrdersWholesaleView, httpx.Body(func(r *http.Request, req CustomerRequest) (*Customer, error) {
		return h.svc.CustomerDetails(r.Context(), req)
	}))
	r.Handle("POST", wof+"/rep", actions.OrdersWholesaleView, httpx.Body(func(r *http.Request, req RepRequest) (*RepResult, error) { return h.svc.ValidateRep(r.Context(), req) }))
	r.Handle("GET", "/api/shippers/usps/citystate/{zip}", actions.OrdersAddresses, httpx.Get(h.cityState))
	r.Handle("POST", "/api/shippers/ups/confirm", actions.OrdersAddresses, httpx.Body(func(r *http.Request, req AddressInput) (*Confirmation, error) {
		return h.svc.ConfirmAddress(r.Context(), req)
	}))
	r.Handle("POST", "/api/order-documents/xlsx", actions.OrdersDocuments, h.document)
	r.Handle("GET", "/api/coordinatorAssignments", actions.OrdersSampleView, httpx.Get(h.assignments))
	r.Handle("POST", "/api/coordinatorAssignments/rows", actions.OrdersSampleView, grid.ServeQuery(h.svc.AssignmentRows, ""))
	r.Handle("POST", "/api/coordinatorAssignments/export/xlsx", actions.OrdersAssignmentsManage, grid.ServeExportAs(grid.FormatXLSX, h.svc.ExportAssignments, ""))
	r.Handle("POST", "/api/coordinatorAssignments/export/csv", actions.OrdersAssignmentsManage, grid.ServeExportAs(grid.FormatCSV, h.svc.ExportAssignments, ""))
	r.Handle("POST", "/api/coordinatorAssignments", actions.OrdersAssignmentsManage, httpx.Body(h.saveAssignment))
	r.Handle("PATCH", "/api/coordinatorAssignments/{id}", actions.OrdersAssignmentsManage, httpx.Body(h.saveAssignment))
	r.Handle("DELETE", "/api/coordinatorAssignments/{id}", actions.OrdersAssignmentsManage, httpx.Get(h.deleteAssignment))
	h.customerRoutes(r)
}

func (h *Handler) query(r *http.Request, req QueryRequest) (any, error) {
	return h.svc.Query(r.Context(), orderType(r), chi.URLParam(r, "subtype"), req)
}

// listView answers a grid call of a list view (a block, the footer figures, the groups): the
// body decoded as the call's request, the view's subtype from the path and ?viewAs= a
// coordinator's, as the list query's viewAsCoordinatorCode.
func listView[R, A any](call func(ctx context.Context, orderType, subtype, viewAs string, req R) (A, error)) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		t, viewAs := orderType(r), r.URL.Query().Get("viewAs")
		return grid.ServeBody(func(ctx context.Context, subtype string, req R) (A, error) {
			return call(ctx, t, subtype, viewAs, req)
		}, "subtype")(w, r)
	}
}

// listSchema answers the column schema of a list view.
func (h *Handler) listSchema(w http.ResponseWriter, r *http.Request) error {
	t := orderType(r)
	return grid.ServeSchema(func(subtype string) (grid.Schema, error) { return h.svc.ListSchema(t, subtype) }, "subtype")(w, r)
}

// exportList writes a list view (?viewAs= a coordinator's, as the list query's
// viewAsCoordinatorCode) as the caller sees it.
func (h *Handler) exportList(format string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		t, viewAs := orderType(r), r.URL.Query().Get("viewAs")
		return grid.ServeExportAs(format, func(ctx context.Context, w http.ResponseWriter, subtype string, req grid.ExportRequest) error {
			return h.svc.ExportList(ctx, w, t, subtype, viewAs, req)
		}, "subtype")(w, r)
	}
}

// exportLines writes the lines of one order (the route's subtype is "order").
func (h *Handler) exportLines(format string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if !strings.EqualFold(chi.URLParam(r, "subtype"), "order") {
			return httpx.NotFound("Order list " + chi.URLParam(r, "subtype"))
		}
		t := orderType(r)
		return grid.ServeExportAs(format, func(ctx context.Context, w http.ResponseWriter, id string, req grid.ExportRequest) error {
			return h.svc.ExportLines(ctx, w, t, id, req)
		}, "id")(w, r)
	}
}

func (h *Handler) create(r *http.Request, req CreateRequest) (httpx.Answer, error) {
	o, err := h.svc.Create(r.Context(), orderType(r), chi.URLParam(r, "subtype"), req)
	return httpx.Answer{Status: http.StatusCreated, Data: o}, err
}

func (h *Handler) duplicate(r *http.Request) (httpx.Answer, error) {
	o, err := h.svc.Duplicate(r.Context(), orderType(r), chi.URLParam(r, "subtype"), chi.URLParam(r, "originalOrderId"))
	return httpx.Answer{Status: http.StatusCreated, Message: MsgDuplicated, Data: o}, err
}

func (h *Handler) delete(r *http.Request) (httpx.Answer, error) {
	id := chi.URLParam(r, "id")
	return httpx.Answer{Message: MsgDeleted, Data: map[string]string{"_id": id}}, h.svc.Delete(r.Context(), orderType(r), id)
}

func (h *Handler) batch(r *http.Request, req BatchRequest) (*BatchResult, error) {
	return h.svc.Batch(r.Context(), orderType(r), chi.URLParam(r, "id"), &req)
}

func (h *Handler) comment(r *http.Request, req CommentRequest) (*Order, error) {
	return h.svc.Comment(r.Context(), orderType(r), chi.URLParam(r, "id"), req)
}

func (h *Handler) year(r *http.Request) (*YearResult, error) {
	return h.svc.Year(r.Context(), orderType(r), chi.URLParam(r, "requesterCode"), chi.URLParam(r, "productType"))
}

func (h *Handler) accountAddress(r *http.Request) (*Address, error) {
	return h.svc.AccountAddress(r.Context(), chi.URLParam(r, "value"))
}

func (h *Handler) approvers(r *http.Request) ([]Approver, error) {
	return h.svc.Approvers(r.Context(), orderType(r), chi.URLParam(r, "role"))
}

func (h *Handler) cityState(r *http.Request) (*uszip.Place, error) {
	return h.svc.CityState(r.Context(), chi.URLParam(r, "zip"))
}

func (h *Handler) styleAutocomplete(r *http.Request) ([]*Style, error) {
	p := func(k string) string { return chi.URLParam(r, k) }
	return h.svc.StyleAutocomplete(r.Context(), p("region"), p("origin"), p("customer"), p("style"))
}

func (h *Handler) styles(r *http.Request) ([]*Style, error) {
	skip := 0
	if v := r.URL.Query().Get("skip"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, httpx.Invalid(httpx.FieldError{Field: "skip", Rule: "integer", Message: "skip must be a whole number"})
		}
		skip = n
	}
	p := func(k string) string { return chi.URLParam(r, k) }
	return h.svc.Styles(r.Context(), p("region"), p("origin"), p("currency"), skip)
}

func (h *Handler) document(w http.ResponseWriter, r *http.Request) error {
	var req DocumentRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	return h.svc.Document(r.Context(), w, req)
}

func (h *Handler) assignments(r *http.Request) ([]*Assignment, error) {
	return h.svc.Assignments(r.Context())
}

func (h *Handler) saveAssignment(r *http.Request, f AssignmentFields) (*Assignment, error) {
	return h.svc.SaveAssignment(r.Context(), chi.URLParam(r, "id"), f)
}

func (h *Handler) deleteAssignment(r *http.Request) (map[string]string, error) {
	id := chi.URLParam(r, "id")
	return map[string]string{"_id": id}, h.svc.DeleteAssignment(r.Context(), id)
}
