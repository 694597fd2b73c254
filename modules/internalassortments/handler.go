package internalassortments

import (
	"net/http"

	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/assortments"
)

// Handler is the internal assortments' HTTP side: the calls of their own, and the assortment
// manager's handlers scoped to orgType internal under /api/internalAssortments.
type Handler struct {
	svc *Service
	org assortments.OrgHandlers
}

// NewHandler gives the handler.
func NewHandler(svc *Service, rules *Rules, orgs assortments.Orgs) *Handler {
	return &Handler{svc: svc, org: orgs.Handlers(rules)}
}

// Routes registers the module's routes (each listed in module.yaml). The policy decides on the
// action at the gate; the service then checks the assortment's channel, region and productType.
func (h *Handler) Routes(r registry.Router) {
	const base = "/api/internalAssortments"
	view, edit, none := actions.InternalAssortmentsView, actions.InternalAssortmentsEdit, registry.NoResource()
	r.Handle("POST", base, edit, httpx.Body(h.create), none)
	r.Handle("POST", base+"/products/query/createAssortment", edit, httpx.Body(h.createFromQuery), none)
	r.Handle("POST", base+"/discover", view, httpx.Body(h.discover), none)
	r.Handle("POST", base+"/query/{channel}", view, grid.ServeQuery(h.svc.Query, "channel"), none)
	r.Handle("POST", base+"/groups/{channel}", view, grid.ServeBody(h.svc.Groups, "channel"), none)
	r.Handle("POST", base+"/summary/{channel}", view, grid.ServeSummary(h.svc.Summary, "channel"), none)
	r.Handle("POST", base+"/export/xlsx/{channel}", view, grid.ServeExportAs(grid.FormatXLSX, h.svc.Export, "channel"), none)
	r.Handle("POST", base+"/export/csv/{channel}", view, grid.ServeExportAs(grid.FormatCSV, h.svc.Export, "channel"), none)
	r.Handle("POST", base+"/products/query", view, h.org.Rows, none)
	r.Handle("POST", base+"/products/export/xlsx/{id}", view, h.org.ExportXLSX, none)
	r.Handle("POST", base+"/products/export/csv/{id}", view, h.org.ExportCSV, none)
	r.Handle("POST", base+"/products/options", view, httpx.Body(h.options), none)
	r.Handle("PATCH", base+"/batch/{id}", edit, h.write(h.org.Batch), none)
	r.Handle("POST", base+"/edit/lock/{id}/{action}", edit, h.org.Lock, none)
	r.Handle("GET", base+"/groupsort/{id}", view, h.org.GroupSort, none)
	r.Handle("PATCH", base+"/groupsort/batch/{id}", edit, h.org.GroupSortBatch, none)
	r.Handle("GET", base+"/{id}", view, h.org.Get, none)
	r.Handle("PATCH", base+"/{id}", edit, h.write(h.org.Patch), none)
	r.Handle("DELETE", base+"/{id}", edit, h.write(h.org.Delete), none)
	r.Handle("PATCH", base+"/{id}/merge", edit, h.write(h.org.Merge), none)
}

// write is a change the table of contents shows: a success drops its cache.
func (h *Handler) write(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		err := next(w, r)
		if err == nil {
			h.svc.Changed()
		}
		return err
	}
}

// created answers a new assortment as the assortment manager does: {"message", "data"}.
func created(a *assortments.Assortment, msg string, err error) (httpx.Answer, error) {
	return httpx.Answer{Message: msg, Data: a}, err
}

func (h *Handler) create(r *http.Request, req assortments.CreateRequest) (httpx.Answer, error) {
	return created(h.svc.Create(r.Context(), req))
}

func (h *Handler) createFromQuery(r *http.Request, req QueryCreateRequest) (httpx.Answer, error) {
	return created(h.svc.CreateFromQuery(r.Context(), req))
}

func (h *Handler) discover(r *http.Request, req DiscoverRequest) (*TableOfContents, error) {
	return h.svc.Discover(r.Context(), req)
}

func (h *Handler) options(r *http.Request, req OptionsRequest) (*Options, error) {
	return h.svc.Options(r.Context(), req)
}
