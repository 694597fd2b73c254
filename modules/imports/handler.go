package imports

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the import's HTTP side.
type Handler struct{ svc *Service }

// NewHandler gives the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// libraryFrom makes the route's library the policy's resource (the department check).
var libraryFrom = registry.WithResource(func(r *http.Request) map[string]any {
	return map[string]any{"library": chi.URLParam(r, "library")}
})

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/imports/assortment/{id}/template", actions.ImportsAssortment, h.assortmentTemplate)
	r.Handle("GET", "/api/imports/assortment/{id}/template/columns", actions.ImportsAssortment, h.assortmentTemplateColumns)
	r.Handle("POST", "/api/imports/assortment/{id}/columns", actions.ImportsAssortment, h.assortmentColumns)
	r.Handle("POST", "/api/imports/assortment/{id}/rows", actions.ImportsAssortment, h.assortmentRows)
	r.Handle("POST", "/api/imports/assortment/{id}/validate", actions.ImportsAssortment, h.assortmentValidate)
	r.Handle("POST", "/api/imports/assortment/{id}", actions.ImportsAssortment, h.assortmentImport)
	r.Handle("POST", "/api/imports/assortment/{id}/download", actions.ImportsAssortment, h.assortmentDownload)
	r.Handle("POST", "/api/imports/sampleInventory/{library}/columns", actions.ImportsSampleInventory, h.sampleColumns, libraryFrom)
	r.Handle("POST", "/api/imports/sampleInventory/{library}/rows", actions.ImportsSampleInventory, h.sampleRows, libraryFrom)
	r.Handle("POST", "/api/imports/sampleInventory/{library}/validate", actions.ImportsSampleInventory, h.sampleValidate, libraryFrom)
	r.Handle("POST", "/api/imports/sampleInventory/{library}", actions.ImportsSampleInventory, h.sampleImport, libraryFrom)
	r.Handle("POST", "/api/imports/sampleInventory/{library}/download", actions.ImportsSampleInventory, h.sampleDownload, libraryFrom)
}

type columnsRequest struct {
	ImportID string `json:"importId"`
}

type rowsRequest struct {
	ImportID string  `json:"importId"`
	Mapping  Mapping `json:"mapping"`
	Subtype  string  `json:"subtype"`
}

// validateRequest and importRequest carry the review's rows: as a review (the file on the
// server, the edits and deletions; what the page sends) or as the rows themselves.
type validateRequest struct {
	Rows    []Row   `json:"rows"`
	Review  *Review `json:"review"`
	Subtype string  `json:"subtype"`
}

type importRequest struct {
	Rows           []Row   `json:"rows"`
	Review         *Review `json:"review"`
	IgnoreWarnings bool    `json:"ignoreWarnings"`
}

// assortmentRowsOf answers a request's rows for the route's assortment.
func (h *Handler) assortmentRowsOf(r *http.Request, rows []Row, rv *Review, subtype string) ([]Row, error) {
	return rowsOf(r.Context(), rows, rv, func(ctx context.Context, importID string, m Mapping) (*Result, error) {
		return h.svc.AssortmentRows(ctx, chi.URLParam(r, "id"), importID, m, subtype)
	})
}

// sampleRowsOf answers a request's rows for the route's sample library.
func (h *Handler) sampleRowsOf(r *http.Request, rows []Row, rv *Review) ([]Row, error) {
	return rowsOf(r.Context(), rows, rv, func(ctx context.Context, importID string, m Mapping) (*Result, error) {
		return h.svc.SampleRows(ctx, chi.URLParam(r, "library"), importID, m)
	})
}

// assortmentTemplate downloads the template: the expected columns' headers and the example row.
func (h *Handler) assortmentTemplate(w http.ResponseWriter, r *http.Request) error {
	t, err := h.svc.AssortmentTemplate(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	return writeXLSX(w, "Import_Template", t.Columns, []Row{t.exampleRow()})
}

// assortmentTemplateColumns answers the expected columns and the example, for the upload step.
func (h *Handler) assortmentTemplateColumns(w http.ResponseWriter, r *http.Request) error {
	t, err := h.svc.AssortmentTemplate(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	httpx.Data(w, t)
	return nil
}

func (h *Handler) assortmentColumns(w http.ResponseWriter, r *http.Request) error {
	var req columnsRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	out, err := h.svc.AssortmentColumns(r.Context(), chi.URLParam(r, "id"), req.ImportID)
	if err != nil {
		return err
	}
	httpx.Data(w, out)
	return nil
}

func (h *Handler) assortmentRows(w http.ResponseWriter, r *http.Request) error {
	var req rowsRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	out, err := h.svc.AssortmentRows(r.Context(), chi.URLParam(r, "id"), req.ImportID, req.Mapping, req.Subtype)
	if err != nil {
		return err
	}
	httpx.Data(w, out)
	return nil
}

func (h *Handler) assortmentValidate(w http.ResponseWriter, r *http.Request) error {
	var req validateRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	rows, err := h.assortmentRowsOf(r, req.Rows, req.Review, req.Subtype)
	if err != nil {
		return err
	}
	out, err := h.svc.AssortmentValidate(r.Context(), chi.URLParam(r, "id"), rows, req.Subtype)
	if err != nil {
		return err
	}
	httpx.Data(w, out)
	return nil
}

func (h *Handler) assortmentImport(w http.ResponseWriter, r *http.Request) error {
	var req importRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	rows, err := h.assortmentRowsOf(r, req.Rows, req.Review, SubtypeImport)
	if err != nil {
		return err
	}
	res, err := h.svc.ImportAssortment(r.Context(), chi.URLParam(r, "id"), rows, req.IgnoreWarnings)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"message": MsgImported, "data": map[string]any{"added": res.Added, "assortment": res.Assortment}})
	return nil
}

func (h *Handler) assortmentDownload(w http.ResponseWriter, r *http.Request) error {
	var req importRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	rows, err := h.assortmentRowsOf(r, req.Rows, req.Review, SubtypeBulkDownloader)
	if err != nil {
		return err
	}
	res, err := h.svc.AssortmentValidate(r.Context(), chi.URLParam(r, "id"), rows, SubtypeBulkDownloader)
	if err != nil {
		return err
	}
	if err := refuseUnready(res, req.IgnoreWarnings); err != nil {
		return err
	}
	return writeXLSX(w, "Import", h.svc.assortmentColumns(), res.Rows)
}

func (h *Handler) sampleColumns(w http.ResponseWriter, r *http.Request) error {
	var req columnsRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	out, err := h.svc.SampleColumns(r.Context(), chi.URLParam(r, "library"), req.ImportID)
	if err != nil {
		return err
	}
	httpx.Data(w, out)
	return nil
}

func (h *Handler) sampleRows(w http.ResponseWriter, r *http.Request) error {
	var req rowsRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	out, err := h.svc.SampleRows(r.Context(), chi.URLParam(r, "library"), req.ImportID, req.Mapping)
	if err != nil {
		return err
	}
	httpx.Data(w, out)
	return nil
}

func (h *Handler) sampleValidate(w http.ResponseWriter, r *http.Request) error {
	var req validateRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	rows, err := h.sampleRowsOf(r, req.Rows, req.Review)
	if err != nil {
		return err
	}
	out, err := h.svc.SampleValidate(r.Context(), chi.URLParam(r, "library"), rows)
	if err != nil {
		return err
	}
	httpx.Data(w, out)
	return nil
}

func (h *Handler) sampleImport(w http.ResponseWriter, r *http.Request) error {
	var req importRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	rows, err := h.sampleRowsOf(r, req.Rows, req.Review)
	if err != nil {
		return err
	}
	res, err := h.svc.ImportSamples(r.Context(), chi.URLParam(r, "library"), rows, req.IgnoreWarnings)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"message": MsgImported, "data": map[string]any{"added": len(res.Added)}})
	return nil
}

func (h *Handler) sampleDownload(w http.ResponseWriter, r *http.Request) error {
	var req importRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	library := chi.URLParam(r, "library")
	rows, err := h.sampleRowsOf(r, req.Rows, req.Review)
	if err != nil {
		return err
	}
	res, err := h.svc.SampleValidate(r.Context(), library, rows)
	if err != nil {
		return err
	}
	if err := refuseUnready(res, req.IgnoreWarnings); err != nil {
		return err
	}
	cols, _, err := h.svc.sampleColumns(library)
	if err != nil {
		return err
	}
	return writeXLSX(w, "SampleInventory_"+library, cols, res.Rows)
}
