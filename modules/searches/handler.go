package searches

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the searches module's HTTP side.
type Handler struct{ svc *Service }

// NewHandler gives the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/searches", actions.SearchesSave, h.list)
	r.Handle("POST", "/api/searches", actions.SearchesSave, h.save)
	r.Handle("DELETE", "/api/searches/{id}", actions.SearchesSave, h.delete, registry.NoResource())
	r.Handle("POST", "/api/searches/share", actions.SearchesShare, h.share)
	r.Handle("POST", "/api/mail/applink", actions.SearchesShare, h.share)
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
