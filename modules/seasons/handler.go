package seasons

import (
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the seasons module's HTTP side.
type Handler struct {
	svc *Service
	log *slog.Logger
}

// NewHandler gives the handler.
func NewHandler(svc *Service, log *slog.Logger) *Handler { return &Handler{svc: svc, log: log} }

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/assortmentSeasons/{channel}", actions.SeasonsView, h.listOrGet)
	r.Handle("GET", "/api/assortmentSeasons/{channel}/{subRoute}", actions.SeasonsView, h.list)
	r.Handle("POST", "/api/assortmentSeasons", actions.SeasonsManage, h.create)
	r.Handle("POST", "/api/assortmentSeasons/{channel}/export/xlsx", actions.SeasonsManage, grid.ServeExportAs(grid.FormatXLSX, h.svc.Export, "channel"))
	r.Handle("POST", "/api/assortmentSeasons/{channel}/export/csv", actions.SeasonsManage, grid.ServeExportAs(grid.FormatCSV, h.svc.Export, "channel"))
	r.Handle("PATCH", "/api/assortmentSeasons/{id}", actions.SeasonsManage, h.patch)
	r.Handle("DELETE", "/api/assortmentSeasons/{id}", actions.SeasonsManage, h.delete)
	r.Handle("PATCH", "/api/assortmentSeasons/{seasonId}/{seasonSetId}", actions.SeasonsManage, h.setState)
}

// listOrGet serves both GET /assortmentSeasons/{channel} and GET /assortmentSeasons/{id}: a
// season id is never a channel name.
func (h *Handler) listOrGet(w http.ResponseWriter, r *http.Request) error {
	key := chi.URLParam(r, "channel")
	if httpx.IsUUID(key) {
		one, err := h.svc.Get(r.Context(), key)
		if err != nil {
			return err
		}
		httpx.Data(w, one)
		return nil
	}
	return h.answerList(w, r, ListRequest{Channel: key, Year: r.URL.Query().Get("year")})
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	return h.answerList(w, r, ListRequest{Channel: chi.URLParam(r, "channel"), Sub: chi.URLParam(r, "subRoute")})
}

func (h *Handler) answerList(w http.ResponseWriter, r *http.Request, req ListRequest) error {
	list, err := h.svc.List(r.Context(), req)
	if err != nil {
		return err
	}
	httpx.Data(w, list)
	return nil
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) error {
	var req CreateRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	one, err := h.svc.Create(r.Context(), req)
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusCreated, map[string]any{"message": MsgCreated, "data": one})
	return nil
}

func (h *Handler) patch(w http.ResponseWriter, r *http.Request) error {
	var req PatchRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	one, err := h.svc.Patch(r.Context(), chi.URLParam(r, "id"), req)
	if err != nil {
		return err
	}
	httpx.Data(w, one)
	return nil
}

func (h *Handler) delete(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Delete(r.Context(), chi.URLParam(r, "id")); err != nil {
		return err
	}
	httpx.Data(w, map[string]int{"deleted": 1})
	return nil
}

func (h *Handler) setState(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		State string `json:"state"`
	}
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	one, err := h.svc.SetState(r.Context(), chi.URLParam(r, "seasonId"), chi.URLParam(r, "seasonSetId"), req.State)
	if err != nil {
		return err
	}
	httpx.Data(w, one)
	return nil
}
