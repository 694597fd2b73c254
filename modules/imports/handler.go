package imports

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/assortments"
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
	r.Handle("GET", "/api/imports/assortment/{id}/template/columns", actions.ImportsAssortment, httpx.Get(h.assortmentTemplateColumns))
	r.Handle("POST", "/api/imports/assortment/{id}/columns", actions.ImportsAssortment, httpx.Body(h.assortmentColumns))
	r.Handle("POST", "/api/imports/assortment/{id}/rows", actions.ImportsAssortment, httpx.Body(h.assortmentRows))
	r.Handle("POST", "/api/imports/assortment/{id}/validate", actions.ImportsAssortment, httpx.Body(h.assortmentValidate))
	r.Handle("POST", "/api/imports/assortment/{id}", actions.ImportsAssortment, httpx.Body(h.assortmentImport))
	r.Handle("POST", "/api/imports/assortment/{id}/download", actions.ImportsAssortment, h.assortmentDownload)
	r.Handle("POST", "/api/imports/sampleInventory/{library}/columns", actions.ImportsSampleInventory, httpx.Body(h.sampleColumns), libraryFrom)
	r.Handle("POST", "/api/imports/sampleInventory/{library}/rows", actions.ImportsSampleInventory, httpx.Body(h.sampleRows), libraryFrom)
	r.Handle("POST", "/api/imports/sampleInventory/{library}/validate", actions.ImportsSampleInventory, httpx.Body(h.sampleValidate), libraryFrom)
	r.Handle("POST", "/api/imports/sampleInventory/{library}", actions.ImportsSampleInventory, httpx.Body(h.sampleImport), libraryFrom)
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
		return h.svc.heldAssortmentRows(ctx, chi.URLParam(r, "id"), importID, m, subtype)
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
func (h *Handler) assortmentTemplateColumns(r *http.Request) (*Template, error) {
	return h.svc.AssortmentTemplate(r.Context(), chi.URLParam(r, "id"))
}

func (h *Handler) assortmentColumns(r *http.Request, req columnsRequest) (*Columns, error) {
	return h.svc.AssortmentColumns(r.Context(), chi.URLParam(r, "id"), req.ImportID)
}

func (h *Handler) assortmentRows(r *http.Request, req rowsRequest) (*Result, error) {
	return h.svc.AssortmentRows(r.Context(), chi.URLParam(r, "id"), req.ImportID, req.Mapping, req.Subtype)
}

func (h *Handler) assortmentValidate(r *http.Request, req validateRequest) (*Result, error) {
	rows, err := h.assortmentRowsOf(r, req.Rows, req.Review, req.Subtype)
	if err != nil {
		return nil, err
	}
	return h.svc.AssortmentValidate(r.Context(), chi.URLParam(r, "id"), rows, req.Subtype)
}

func (h *Handler) assortmentImport(r *http.Request, req importRequest) (httpx.Answer, error) {
	var res *assortments.BatchResult
	var err error
	if req.Review != nil {
		if err := reviewOnly(req.Rows); err != nil {
			return httpx.Answer{}, err
		}
		res, err = h.svc.ImportAssortmentReview(r.Context(), chi.URLParam(r, "id"), req.Review, req.IgnoreWarnings)
	} else {
		res, err = h.svc.ImportAssortment(r.Context(), chi.URLParam(r, "id"), req.Rows, req.IgnoreWarnings)
	}
	if err != nil {
		return httpx.Answer{}, err
	}
	return httpx.Answer{Message: MsgImported, Data: map[string]any{"added": res.Added, "assortment": res.Assortment}}, nil
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

func (h *Handler) sampleColumns(r *http.Request, req columnsRequest) (*Columns, error) {
	return h.svc.SampleColumns(r.Context(), chi.URLParam(r, "library"), req.ImportID)
}

func (h *Handler) sampleRows(r *http.Request, req rowsRequest) (*Result, error) {
	return h.svc.SampleRows(r.Context(), chi.URLParam(r, "library"), req.ImportID, req.Mapping)
}

func (h *Handler) sampleValidate(r *http.Request, req validateRequest) (*Result, error) {
	rows, err := h.sampleRowsOf(r, req.Rows, req.Review)
	if err != nil {
		return nil, err
	}
	return h.svc.SampleValidate(r.Context(), chi.URLParam(r, "library"), rows)
}

func (h *Handler) sampleImport(r *http.Request, req importRequest) (httpx.Answer, error) {
	rows, err := h.sampleRowsOf(r, req.Rows, req.Review)
	if err != nil {
		return httpx.Answer{}, err
	}
	res, err := h.svc.ImportSamples(r.Context(), chi.URLParam(r, "library"), rows, req.IgnoreWarnings)
	if err != nil {
		return httpx.Answer{}, err
	}
	return httpx.Answer{Message: MsgImported, Data: map[string]any{"added": len(res.Added)}}, nil
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
