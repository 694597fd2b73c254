package orders

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"its/core/authz"
	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/orders/uszip"
)

// Handler is the orders module's HTTP side.
type Handler struct{ svc *Service }

// NewHandler gives the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

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
	r.Handle("POST", base+"/query", actions.OrdersView, h.query, routeType, stylesView)
	// A list view on the grid protocol, read in blocks as the user scrolls (docs/grid.md §3.8).
	r.Handle("POST", base+"/rows", actions.OrdersView, listView(h.svc.ListPage), routeType, stylesView)
	r.Handle("POST", base+"/summary", actions.OrdersView, listView(h.svc.ListSummary), routeType, stylesView)
	r.Handle("POST", base+"/groups", actions.OrdersView, listView(h.svc.ListGroups), routeType, stylesView)
	r.Handle("GET", base+"/schema", actions.OrdersView, h.listSchema, routeType)
	r.Handle("POST", base, actions.OrdersCreate, h.create, routeType)
	r.Handle("POST", base+"/duplicate/{originalOrderId}", actions.OrdersCreate, h.duplicate, routeType)
	r.Handle("DELETE", base+"/{id}", actions.OrdersView, h.delete, routeType)
	r.Handle("PATCH", base+"/batch/{id}", actions.OrdersView, h.batch, routeType)
	for _, format := range []string{grid.FormatXLSX, grid.FormatCSV} {
		r.Handle("POST", base+"/export/"+format, actions.OrdersView, h.exportList(format), routeType, stylesView)
		r.Handle("POST", base+"/export/"+format+"/{id}", actions.OrdersView, h.exportLines(format), routeType)
	}
	r.Handle("POST", base+"/comment/{id}", actions.OrdersView, h.comment, routeType)
	r.Handle("GET", base+"/year/{requesterCode}/{productType}", actions.OrdersView, h.year, routeType, yearCheck)
	r.Handle("GET", base+"/accounts/address/{value}", actions.OrdersView, h.accountAddress, routeType)
	r.Handle("GET", base+"/approvers/{role}", actions.OrdersView, h.approvers, routeType)
	// The wholesale lookups: static paths, which the router prefers to base's parameters.
	const wof = "/api/orders/wof"
	r.Handle("GET", wof+"/style/autocomplete/{region}/{origin}/{customer}/{style}", actions.OrdersWholesaleView, h.styleAutocomplete)
	r.Handle("POST", wof+"/style", actions.OrdersWholesaleView, posted(h.svc.Style))
	r.Handle("GET", wof+"/styles/{region}/{origin}/{currency}", actions.OrdersWholesaleView, h.styles)
	r.Handle("POST", wof+"/customer/name/autocomplete", actions.OrdersWholesaleView, posted(h.svc.CustomerAutocomplete))
	r.Handle("POST", wof+"/customer/details", actions.OrdersWholesaleView, posted(h.svc.CustomerDetails))
	r.Handle("POST", wof+"/rep", actions.OrdersWholesaleView, posted(h.svc.ValidateRep))
	r.Handle("GET", "/api/shippers/usps/citystate/{zip}", actions.OrdersAddresses, h.cityState)
	r.Handle("POST", "/api/shippers/ups/confirm", actions.OrdersAddresses, posted(h.svc.ConfirmAddress))
	r.Handle("POST", "/api/order-documents/xlsx", actions.OrdersDocuments, h.document)
	r.Handle("GET", "/api/coordinatorAssignments", actions.OrdersSampleView, h.assignments)
	r.Handle("POST", "/api/coordinatorAssignments/export/xlsx", actions.OrdersAssignmentsManage, grid.ServeExportAs(grid.FormatXLSX, h.svc.ExportAssignments, ""))
	r.Handle("POST", "/api/coordinatorAssignments/export/csv", actions.OrdersAssignmentsManage, grid.ServeExportAs(grid.FormatCSV, h.svc.ExportAssignments, ""))
	r.Handle("POST", "/api/coordinatorAssignments", actions.OrdersAssignmentsManage, h.saveAssignment)
	r.Handle("PATCH", "/api/coordinatorAssignments/{id}", actions.OrdersAssignmentsManage, h.saveAssignment)
	r.Handle("DELETE", "/api/coordinatorAssignments/{id}", actions.OrdersAssignmentsManage, h.deleteAssignment)
	h.customerRoutes(r)
}

func (h *Handler) query(w http.ResponseWriter, r *http.Request) error {
	var req QueryRequest
	if r.ContentLength != 0 {
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
	}
	res, err := h.svc.Query(r.Context(), orderType(r), chi.URLParam(r, "subtype"), req)
	if err != nil {
		return err
	}
	httpx.Data(w, res)
	return nil
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

func (h *Handler) create(w http.ResponseWriter, r *http.Request) error {
	var req CreateRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	o, err := h.svc.Create(r.Context(), orderType(r), chi.URLParam(r, "subtype"), req)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, map[string]any{"data": o})
	return nil
}

func (h *Handler) duplicate(w http.ResponseWriter, r *http.Request) error {
	o, err := h.svc.Duplicate(r.Context(), orderType(r), chi.URLParam(r, "subtype"), chi.URLParam(r, "originalOrderId"))
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, map[string]any{"message": MsgDuplicated, "data": o})
	return nil
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Delete(r.Context(), orderType(r), chi.URLParam(r, "id")); err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"message": MsgDeleted, "data": map[string]string{"_id": chi.URLParam(r, "id")}})
	return nil
}

func (h *Handler) batch(w http.ResponseWriter, r *http.Request) error {
	var req BatchRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	res, err := h.svc.Batch(r.Context(), orderType(r), chi.URLParam(r, "id"), &req)
	if err != nil {
		return err
	}
	httpx.Data(w, res)
	return nil
}

func (h *Handler) comment(w http.ResponseWriter, r *http.Request) error {
	var req CommentRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	o, err := h.svc.Comment(r.Context(), orderType(r), chi.URLParam(r, "id"), req)
	if err != nil {
		return err
	}
	httpx.Data(w, o)
	return nil
}

// posted serves a POST lookup: the body decoded into Req, fn's answer as data.
func posted[Req, Res any](fn func(context.Context, Req) (Res, error)) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req Req
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		return answer[Res](w)(fn(r.Context(), req))
	}
}

// answer writes a lookup's result as data, or returns its error.
func answer[Res any](w http.ResponseWriter) func(Res, error) error {
	return func(res Res, err error) error {
		if err != nil {
			return err
		}
		httpx.Data(w, res)
		return nil
	}
}

func (h *Handler) year(w http.ResponseWriter, r *http.Request) error {
	return answer[*YearResult](w)(h.svc.Year(r.Context(), orderType(r), chi.URLParam(r, "requesterCode"), chi.URLParam(r, "productType")))
}

func (h *Handler) accountAddress(w http.ResponseWriter, r *http.Request) error {
	return answer[*Address](w)(h.svc.AccountAddress(r.Context(), chi.URLParam(r, "value")))
}

func (h *Handler) approvers(w http.ResponseWriter, r *http.Request) error {
	return answer[[]Approver](w)(h.svc.Approvers(r.Context(), orderType(r), chi.URLParam(r, "role")))
}

func (h *Handler) cityState(w http.ResponseWriter, r *http.Request) error {
	return answer[*uszip.Place](w)(h.svc.CityState(r.Context(), chi.URLParam(r, "zip")))
}

func (h *Handler) styleAutocomplete(w http.ResponseWriter, r *http.Request) error {
	p := func(k string) string { return chi.URLParam(r, k) }
	return answer[[]*Style](w)(h.svc.StyleAutocomplete(r.Context(), p("region"), p("origin"), p("customer"), p("style")))
}

func (h *Handler) styles(w http.ResponseWriter, r *http.Request) error {
	skip := 0
	if v := r.URL.Query().Get("skip"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return httpx.Invalid(httpx.FieldError{Field: "skip", Rule: "integer", Message: "skip must be a whole number"})
		}
		skip = n
	}
	p := func(k string) string { return chi.URLParam(r, k) }
	return answer[[]*Style](w)(h.svc.Styles(r.Context(), p("region"), p("origin"), p("currency"), skip))
}

func (h *Handler) document(w http.ResponseWriter, r *http.Request) error {
	var req DocumentRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	return h.svc.Document(r.Context(), w, req)
}

func (h *Handler) assignments(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.Assignments(r.Context())
	if err != nil {
		return err
	}
	httpx.Data(w, list)
	return nil
}

func (h *Handler) saveAssignment(w http.ResponseWriter, r *http.Request) error {
	var f AssignmentFields
	if err := httpx.Decode(r, &f); err != nil {
		return err
	}
	a, err := h.svc.SaveAssignment(r.Context(), chi.URLParam(r, "id"), f)
	if err != nil {
		return err
	}
	httpx.Data(w, a)
	return nil
}

func (h *Handler) deleteAssignment(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.DeleteAssignment(r.Context(), chi.URLParam(r, "id")); err != nil {
		return err
	}
	httpx.Data(w, map[string]string{"_id": chi.URLParam(r, "id")})
	return nil
}
