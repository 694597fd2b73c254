package searches

import (
	"io"
	"net/http"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the searches module's HTTP side.
type Handler struct {
	svc   *Service
	views *Views
}

// NewHandler gives the handler.
func NewHandler(svc *Service, views *Views) *Handler { return &Handler{svc: svc, views: views} }

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/searches", actions.SearchesSave, httpx.Get(h.list))
	r.Handle("POST", "/api/searches", actions.SearchesSave, httpx.Body(h.save))
	r.Handle("DELETE", "/api/searches/{id}", actions.SearchesSave, httpx.Get(h.delete), registry.NoResource())
	r.Handle("POST", "/api/searches/share", actions.SearchesShare, httpx.Body(h.share))
	r.Handle("POST", "/api/mail/applink", actions.SearchesShare, httpx.Body(h.share))
	r.Handle("GET", "/api/gridLayouts/{grid}", actions.SearchesSave, httpx.Get(h.layout), registry.NoResource())
	r.Handle("PUT", "/api/gridLayouts/{grid}", actions.SearchesSave, httpx.Get(h.saveLayout), registry.NoResource())
	r.Handle("DELETE", "/api/gridLayouts/{grid}", actions.SearchesSave, httpx.Get(h.resetLayout), registry.NoResource())
	// One grid's views: for who may open the grid (openGrid).
	r.Handle("GET", "/api/gridViews/{grid}", actions.SearchesSave, httpx.Get(h.listViews), registry.NoResource(), openGrid)
	r.Handle("POST", "/api/gridViews/{grid}", actions.SearchesSave, httpx.Body(h.saveView), registry.NoResource(), openGrid)
	r.Handle("GET", "/api/gridViews/view/{id}", actions.SearchesSave, httpx.Get(h.getView), registry.NoResource())
	r.Handle("DELETE", "/api/gridViews/view/{id}", actions.SearchesSave, httpx.Get(h.deleteView), registry.NoResource())
}

func (h *Handler) listViews(r *http.Request) ([]*View, error) {
	return h.views.List(r.Context(), chi.URLParam(r, "grid"))
}

func (h *Handler) saveView(r *http.Request, req ViewRequest) (*View, error) {
	return h.views.Save(r.Context(), chi.URLParam(r, "grid"), &req)
}

func (h *Handler) getView(r *http.Request) (*View, error) {
	return h.views.Get(r.Context(), chi.URLParam(r, "id"))
}

func (h *Handler) deleteView(r *http.Request) (any, error) {
	return nil, h.views.Delete(r.Context(), chi.URLParam(r, "id"))
}

// layout answers the caller's layout of a grid ({"data": null} when they keep none).
func (h *Handler) layout(r *http.Request) (*Layout, error) {
	return h.svc.Layout(r.Context(), chi.URLParam(r, "grid"))
}

func (h *Handler) saveLayout(r *http.Request) (*Layout, error) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxLayoutBytes+1))
	if err != nil {
		return nil, err
	}
	return h.svc.SaveLayout(r.Context(), chi.URLParam(r, "grid"), raw)
}

func (h *Handler) resetLayout(r *http.Request) (map[string]any, error) {
	return map[string]any{"reset": true}, h.svc.ResetLayout(r.Context(), chi.URLParam(r, "grid"))
}

func (h *Handler) list(r *http.Request) ([]*Saved, error) {
	return h.svc.List(r.Context(), r.URL.Query().Get("queryPath"))
}

func (h *Handler) save(r *http.Request, req SaveRequest) (httpx.Answer, error) {
	out, err := h.svc.Save(r.Context(), &req)
	return httpx.Answer{Message: MsgSaved, Data: out}, err
}

func (h *Handler) delete(r *http.Request) (httpx.Answer, error) {
	return httpx.Answer{Message: MsgDeleted, Data: map[string]any{"deleted": true}}, h.svc.Delete(r.Context(), chi.URLParam(r, "id"))
}

// share mails a link into the app: a shared search or the app link.
func (h *Handler) share(r *http.Request, req ShareRequest) (httpx.Answer, error) {
	return httpx.Answer{Message: MsgSent, Data: map[string]any{"sent": true}}, h.svc.Share(r.Context(), &req)
}
