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
	r.Handle("POST", "/api/sampleInventory", actions.SampleInventoryEdit, h.create, anyLibrary)
	r.Handle("PUT", "/api/sampleInventory/{id}", actions.SampleInventoryEdit, h.update, anyLibrary)
	r.Handle("PATCH", "/api/sampleInventory/{id}", actions.SampleInventoryEdit, h.update, anyLibrary)
	r.Handle("DELETE", "/api/sampleInventory/{id}", actions.SampleInventoryEdit, h.delete, anyLibrary)
	r.Handle("PATCH", "/api/sampleInventory/{manageType}/batch/many", actions.SampleInventoryEdit, h.batch, libraryFrom("manageType"))
	r.Handle("POST", "/api/sampleInventory/validate/{library}", actions.SampleInventoryEdit, h.validate, libraryFrom("library"))
	r.Handle("GET", "/api/sampleInventory/autocomplete/{manageType}/{property}/{value}", actions.SampleInventoryView, h.autocomplete, libraryFrom("manageType"))
	r.Handle("POST", "/api/sampleInventory/export/xlsx/{library}", actions.SampleInventoryView, grid.ServeExport(h.svc.Export, "library"), libraryFrom("library"))
	r.Handle("POST", "/api/sampleInventory/export/csv/{library}", actions.SampleInventoryView, grid.ServeExportAs(grid.FormatCSV, h.svc.Export, "library"), libraryFrom("library"))
	r.Handle("PATCH", "/api/sampleInventory/Sales/transfer", actions.SampleInventoryTransfer, h.transfer)
	r.Handle("GET", "/api/sampleInventoryTracking/{manageType}/{id}", actions.SampleInventoryView, h.history, libraryFrom("manageType"))
	r.Handle("POST", "/api/sampleInventoryTracking/{manageType}", actions.SampleInventoryEdit, h.track, libraryFrom("manageType"))
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

func (h *Handler) create(w http.ResponseWriter, r *http.Request) error {
	var body map[string]any
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	row, err := h.svc.Create(r.Context(), body)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, map[string]any{"data": row})
	return nil
}

func (h *Handler) update(w http.ResponseWriter, r *http.Request) error {
	var body map[string]any
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	row, err := h.svc.Update(r.Context(), chi.URLParam(r, "id"), body)
	if err != nil {
		return err
	}
	httpx.Data(w, row)
	return nil
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) error {
	version, err := strconv.ParseInt(r.URL.Query().Get("version"), 10, 64)
	if err != nil || version <= 0 {
		return httpx.Invalid(httpx.FieldError{Field: "version", Rule: "version", Message: "The row version is required (?version=n)"})
	}
	row, err := h.svc.Delete(r.Context(), chi.URLParam(r, "id"), version)
	if err != nil {
		return err
	}
	httpx.Data(w, row)
	return nil
}

func (h *Handler) batch(w http.ResponseWriter, r *http.Request) error {
	var req grid.BatchRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	res, err := h.svc.Write(r.Context(), chi.URLParam(r, "manageType"), req)
	if err != nil {
		return err
	}
	httpx.Data(w, res)
	return nil
}

func (h *Handler) validate(w http.ResponseWriter, r *http.Request) error {
	var req ValidateRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	res, err := h.svc.Validate(r.Context(), chi.URLParam(r, "library"), req)
	if err != nil {
		return err
	}
	httpx.Data(w, res)
	return nil
}

func (h *Handler) autocomplete(w http.ResponseWriter, r *http.Request) error {
	value := chi.URLParam(r, "value")
	// chi matches on the escaped path when there is one; the value is then still escaped.
	if r.URL.RawPath != "" {
		if v, err := url.PathUnescape(value); err == nil {
			value = v
		}
	}
	list, err := h.svc.Autocomplete(r.Context(), chi.URLParam(r, "manageType"), chi.URLParam(r, "property"), value)
	if err != nil {
		return err
	}
	httpx.Data(w, list)
	return nil
}

func (h *Handler) transfer(w http.ResponseWriter, r *http.Request) error {
	var req TransferRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	res, err := h.svc.Transfer(r.Context(), req)
	if err != nil {
		return err
	}
	httpx.Data(w, res)
	return nil
}

func (h *Handler) history(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.History(r.Context(), chi.URLParam(r, "manageType"), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	httpx.Data(w, list)
	return nil
}

func (h *Handler) track(w http.ResponseWriter, r *http.Request) error {
	var req TrackRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	n, err := h.svc.Track(r.Context(), chi.URLParam(r, "manageType"), req)
	if err != nil {
		return err
	}
	httpx.Data(w, map[string]int{"count": n})
	return nil
}
