package assortments

import (
	"net/http"

	"github.com/go-chi/chi/v5"
)

// groupSort answers GET /api/assortments/groupsort/{id}: the display groups in order.
func (h *Handler) groupSort(r *http.Request) (*GroupSort, error) {
	return h.svc.GroupSort(r.Context(), chi.URLParam(r, "id"))
}

// groupSortBatch answers PATCH /api/assortments/groupsort/batch/{id} with the new state.
func (h *Handler) groupSortBatch(r *http.Request, req GroupSortRequest) (*GroupSortResult, error) {
	return h.svc.GroupSortBatch(r.Context(), chi.URLParam(r, "id"), &req)
}
