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
	r.Handle("GET", "/api/assortmentSeasons/{channel}", actions.SeasonsView, httpx.Get(h.listOrGet))
	r.Handle("GET", "/api/assortmentSeasons/{channel}/{subRoute}", actions.SeasonsView, httpx.Get(h.list))
	r.Handle("POST", "/api/assortmentSeasons", actions.SeasonsManage, httpx.Body(h.create))
	r.Handle("POST", "/api/assortmentSeasons/{channel}/export/xlsx", actions.SeasonsManage, grid.ServeExportAs(grid.FormatXLSX, h.svc.Export, "channel"))
	r.Handle("POST", "/api/assortmentSeasons/{channel}/export/csv", actions.SeasonsManage, grid.ServeExportAs(grid.FormatCSV, h.svc.Export, "channel"))
	r.Handle("PATCH", "/api/assortmentSeasons/{id}", actions.SeasonsManage, httpx.Body(h.patch))
	r.Handle("DELETE", "/api/assortmentSeasons/{id}", actions.SeasonsManage, httpx.Get(h.delete))
	r.Handle("PATCH", "/api/assortmentSeasons/{seasonId}/{seasonSetId}", actions.SeasonsManage, httpx.Body(h.setState))
}

// listOrGet serves both GET /assortmentSeasons/{channel} and GET /assortmentSeasons/{id}: a
// season id is never a channel name.
func (h *Handler) listOrGet(r *http.Request) (any, error) {
	key := chi.URLParam(r, "channel")
	if httpx.IsUUID(key) {
		return h.svc.Get(r.Context(), key)
	}
	return h.svc.List(r.Context(), ListRequest{Channel: key, Year: r.URL.Query().Get("year")})
}

func (h *Handler) list(r *http.Request) ([]*Season, error) {
	return h.svc.List(r.Context(), ListRequest{Channel: chi.URLParam(r, "channel"), Sub: chi.URLParam(r, "subRoute")})
}

func (h *Handler) create(r *http.Request, req CreateRequest) (httpx.Answer, error) {
	one, err := h.svc.Create(r.Context(), req)
	return httpx.Answer{Status: http.StatusCreated, Message: MsgCreated, Data: one}, err
}

func (h *Handler) patch(r *http.Request, req PatchRequest) (*Season, error) {
	return h.svc.Patch(r.Context(), chi.URLParam(r, "id"), req)
}

func (h *Handler) delete(r *http.Request) (map[string]int, error) {
	return map[string]int{"deleted": 1}, h.svc.Delete(r.Context(), chi.URLParam(r, "id"))
}

func (h *Handler) setState(r *http.Request, req stateRequest) (*Season, error) {
	return h.svc.SetState(r.Context(), chi.URLParam(r, "seasonId"), chi.URLParam(r, "seasonSetId"), req.State)
}

type stateRequest struct {
	State string `json:"state"`
}
