package sampleinventory

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the sample inventory's HTTP side.
type Handler struct{ svc *Service }

// NewHandler gives the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// libraryFrom makes the route's library parameter the policy's resource, so the department
// check (Production or Sales) runs before the handler. An unknown value is passed as is and the
// policy refuses it.
func libraryFrom(param string) registry.RouteOption {
	return registry.WithResource(func(r *http.Request) map[string]any {
		raw := chi.URLParam(r, param)
		if lib, ok := libraryOf(raw); ok {
			return map[string]any{"library": lib}
		}
		return map[string]any{"library": raw}
	})
}

// anyLibrary is for routes whose library is known only from the database or the body: the
// route checks the action in general, the service checks it for the library.
var anyLibrary = registry.WithResource(func(*http.Request) map[string]any { return map[string]any{} })

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/sampleInventory/{subtype}", actions.SampleInventoryView, h.list, libraryFrom("subtype"))
	r.Handle("POST", "/api/sampleInventory/{subtype}/query", actions.SampleInventoryView, grid.ServeQuery(h.svc.Page, "subtype"), libraryFrom("subtype"))
	r.Handle("POST", "/api/sampleInventory/{subtype}/stream", actions.SampleInventoryView, grid.ServeStream(h.svc.Stream, "subtype"), libraryFrom("subtype"))
	r.Handle("POST", "/api/sampleInventory/{subtype}/summary", actions.SampleInventoryView, grid.ServeSummary(h.svc.Summary, "subtype"), libraryFrom("subtype"))
	r.Handle("POST", "/api/sampleInventory/{subtype}/groups", actions.SampleInventoryView, grid.ServeBody(h.svc.Groups, "subtype"), libraryFrom("subtype"))
	r.Handle("GET", "/api/sampleInventory/{subtype}/schema", actions.SampleInventoryView, grid.ServeSchema(h.svc.Schema, "subtype"), libraryFrom("subtype"))
	r.Handle("POST", "/api/sampleInventory", actions.SampleInventoryEdit, httpx.Body(h.create), anyLibrary)
	r.Handle("PUT", "/api/sampleInventory/{id}", actions.SampleInventoryEdit, httpx.Body(h.update), anyLibrary)
	r.Handle("PATCH", "/api/sampleInventory/{id}", actions.SampleInventoryEdit, httpx.Body(h.update), anyLibrary)
	r.Handle("DELETE", "/api/sampleInventory/{id}", actions.SampleInventoryEdit, httpx.Get(h.delete), anyLibrary)
	r.Handle("PATCH", "/api/sampleInventory/{manageType}/batch/many", actions.SampleInventoryEdit, httpx.Body(h.batch), libraryFrom("manageType"))
	r.Handle("POST", "/api/sampleInventory/validate/{library}", actions.SampleInventoryEdit, httpx.Body(h.validate), libraryFrom("library"))
	r.Handle("GET", "/api/sampleInventory/autocomplete/{manageType}/{property}/{value}", actions.SampleInventoryView, httpx.Get(h.autocomplete), libraryFrom("manageType"))
	r.Handle("POST", "/api/sampleInventory/export/xlsx/{library}", actions.SampleInventoryView, grid.ServeExport(h.svc.Export, "library"), libraryFrom("library"))
	r.Handle("POST", "/api/sampleInventory/export/csv/{library}", actions.SampleInventoryView, grid.ServeExportAs(grid.FormatCSV, h.svc.Export, "library"), libraryFrom("library"))
	r.Handle("PATCH", "/api/sampleInventory/Sales/transfer", actions.SampleInventoryTransfer, httpx.Body(h.transfer))
	r.Handle("GET", "/api/sampleInventoryTracking/{manageType}/{id}", actions.SampleInventoryView, httpx.Get(h.history), libraryFrom("manageType"))
	r.Handle("POST", "/api/sampleInventoryTracking/{manageType}", actions.SampleInventoryEdit, httpx.Body(h.track), libraryFrom("manageType"))
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	q, err := grid.ParseValues(r.URL.Query())
	if err != nil {
		return err
	}
	if s := r.URL.Query().Get("stream"); s == "true" || s == "1" {
		return h.svc.Stream(r.Context(), w, chi.URLParam(r, "subtype"), q)
	}
	page, err := h.svc.Page(r.Context(), chi.URLParam(r, "subtype"), q)
	if err != nil {
		return err
	}
	httpx.Data(w, page)
	return nil
}

func (h *Handler) create(r *http.Request, body map[string]any) (httpx.Answer, error) {
	row, err := h.svc.Create(r.Context(), body)
	return httpx.Answer{Status: http.StatusCreated, Data: row}, err
}

func (h *Handler) update(r *http.Request, body map[string]any) (*grid.Row, error) {
	return h.svc.Update(r.Context(), chi.URLParam(r, "id"), body)
}

func (h *Handler) delete(r *http.Request) (*grid.Row, error) {
	version, err := strconv.ParseInt(r.URL.Query().Get("version"), 10, 64)
	if err != nil || version <= 0 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "version", Rule: "version", Message: "The row version is required (?version=n)"})
	}
	return h.svc.Delete(r.Context(), chi.URLParam(r, "id"), version)
}

func (h *Handler) batch(r *http.Request, req grid.BatchRequest) (*grid.BatchResult, error) {
	return h.svc.Write(r.Context(), chi.URLParam(r, "manageType"), req)
}

func (h *Handler) validate(r *http.Request, req ValidateRequest) (*ValidateResult, error) {
	return h.svc.Validate(r.Context(), chi.URLParam(r, "library"), req)
}

func (h *Handler) autocomplete(r *http.Request) ([]string, error) {
	value := chi.URLParam(r, "value")
	// chi matches on the escaped path when there is one; the value is then still escaped.
	if r.URL.RawPath != "" {
		if v, err := url.PathUnescape(value); err == nil {
			value = v
		}
	}
	return h.svc.Autocomplete(r.Context(), chi.URLParam(r, "manageType"), chi.URLParam(r, "property"), value)
}

func (h *Handler) transfer(r *http.Request, req TransferRequest) (*TransferResult, error) {
	return h.svc.Transfer(r.Context(), req)
}

func (h *Handler) history(r *http.Request) ([]TrackingEntry, error) {
	return h.svc.History(r.Context(), chi.URLParam(r, "manageType"), chi.URLParam(r, "id"))
}

func (h *Handler) track(r *http.Request, req TrackRequest) (map[string]int, error) {
	n, err := h.svc.Track(r.Context(), chi.URLParam(r, "manageType"), req)
	return map[string]int{"count": n}, err
}
