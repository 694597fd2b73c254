package assortments

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
)

// groupSort answers GET /api/assortments/groupsort/{id}: the display groups in order.
func (h *Handler) groupSort(w http.ResponseWriter, r *http.Request) error {
	gs, err := h.svc.GroupSort(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	httpx.Data(w, gs)
	return nil
}

// groupSortBatch answers PATCH /api/assortments/groupsort/batch/{id} with the new state.
func (h *Handler) groupSortBatch(w http.ResponseWriter, r *http.Request) error {
	var req GroupSortRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	gs, err := h.svc.GroupSortBatch(r.Context(), chi.URLParam(r, "id"), &req)
	if err != nil {
		return err
	}
	httpx.Data(w, gs)
	return nil
}
