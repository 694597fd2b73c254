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
	r.Handle("GET", "/api/searches", actions.SearchesSave, h.list)
	r.Handle("POST", "/api/searches", actions.SearchesSave, h.save)
	r.Handle("DELETE", "/api/searches/{id}", actions.SearchesSave, h.delete, registry.NoResource())
	r.Handle("POST", "/api/searches/share", actions.SearchesShare, h.share)
	r.Handle("POST", "/api/mail/applink", actions.SearchesShare, h.share)
	r.Handle("GET", "/api/gridLayouts/{grid}", actions.SearchesSave, h.layout, registry.NoResource())
	r.Handle("PUT", "/api/gridLayouts/{grid}", actions.SearchesSave, h.saveLayout, registry.NoResource())
	r.Handle("DELETE", "/api/gridLayouts/{grid}", actions.SearchesSave, h.resetLayout, registry.NoResource())
	// One grid's views: for who may open the grid (openGrid).
	r.Handle("GET", "/api/gridViews/{grid}", actions.SearchesSave, h.listViews, registry.NoResource(), openGrid)
	r.Handle("POST", "/api/gridViews/{grid}", actions.SearchesSave, h.saveView, registry.NoResource(), openGrid)
	r.Handle("GET", "/api/gridViews/view/{id}", actions.SearchesSave, h.getView, registry.NoResource())
	r.Handle("DELETE", "/api/gridViews/view/{id}", actions.SearchesSave, h.deleteView, registry.NoResource())
}

func (h *Handler) listViews(w http.ResponseWriter, r *http.Request) error {
	v, err := h.views.List(r.Context(), chi.URLParam(r, "grid"))
	if err != nil {
		return err
	}
	httpx.Data(w, v)
	return nil
}

func (h *Handler) saveView(w http.ResponseWriter, r *http.Request) error {
	var req ViewRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	v, err := h.views.Save(r.Context(), chi.URLParam(r, "grid"), &req)
	if err != nil {
		return err
	}
	httpx.Data(w, v)
	return nil
}

func (h *Handler) getView(w http.ResponseWriter, r *http.Request) error {
	v, err := h.views.Get(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	httpx.Data(w, v)
	return nil
}

func (h *Handler) deleteView(w http.ResponseWriter, r *http.Request) error {
	if err := h.views.Delete(r.Context(), chi.URLParam(r, "id")); err != nil {
		return err
	}
	httpx.Data(w, nil)
	return nil
}

// layout answers the caller's layout of a grid ({"data": null} when they keep none).
func (h *Handler) layout(w http.ResponseWriter, r *http.Request) error {
	l, err := h.svc.Layout(r.Context(), chi.URLParam(r, "grid"))
	if err != nil {
		return err
	}
	httpx.Data(w, l)
	return nil
}

func (h *Handler) saveLayout(w http.ResponseWriter, r *http.Request) error {
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxLayoutBytes+1))
	if err != nil {
		return err
	}
	l, err := h.svc.SaveLayout(r.Context(), chi.URLParam(r, "grid"), raw)
	if err != nil {
		return err
	}
	httpx.Data(w, l)
	return nil
}

func (h *Handler) resetLayout(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.ResetLayout(r.Context(), chi.URLParam(r, "grid")); err != nil {
		return err
	}
	httpx.Data(w, map[string]any{"reset": true})
	return nil
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	out, err := h.svc.List(r.Context(), r.URL.Query().Get("queryPath"))
	if err != nil {
		return err
	}
	httpx.Data(w, out)
	return nil
}

func (h *Handler) save(w http.ResponseWriter, r *http.Request) error {
	var req SaveRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	out, err := h.svc.Save(r.Context(), &req)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"message": MsgSaved, "data": out})
	return nil
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Delete(r.Context(), chi.URLParam(r, "id")); err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"message": MsgDeleted, "data": map[string]any{"deleted": true}})
	return nil
}

// share mails a link into the app: a shared search or the app link.
func (h *Handler) share(w http.ResponseWriter, r *http.Request) error {
	var req ShareRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	if err := h.svc.Share(r.Context(), &req); err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"message": MsgSent, "data": map[string]any{"sent": true}})
	return nil
}
