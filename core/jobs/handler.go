package jobs

import (
	_ "embed"
	"errors"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
)

//go:embed jobs.yaml
var manifest []byte

type handler struct {
	q  *Queue
	az *authz.Engine
}

func newRegistryModule(q *Queue, az *authz.Engine) registry.Module {
	h := &handler{q: q, az: az}
	return registry.Module{File: "core/jobs/jobs.yaml", Manifest: manifest, Routes: func(r registry.Router) {
		r.Handle("GET", "/api/jobs", ActionJobsView, h.list)
		r.Handle("GET", "/api/jobs/{id}", ActionJobsView, h.get)
		r.Handle("POST", "/api/jobs/{id}/cancel", ActionJobsCancel, h.cancel)
	}}
}

// owned loads the job and asks the policy whether the caller may act on it; someone else's job
// answers 404 rather than 403 so ids reveal nothing.
func (h *handler) owned(r *http.Request, action string) (*Status, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return nil, httpx.NotFound("Job")
	}
	s, err := h.q.Get(r.Context(), id)
	if errors.Is(err, ErrNotFound) {
		return nil, httpx.NotFound("Job")
	}
	if err != nil {
		return nil, err
	}
	if err := registry.Require(r.Context(), h.az, action, map[string]any{"ownerId": s.ownerID}); err != nil {
		return nil, httpx.NotFound("Job")
	}
	return s, nil
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) error {
	list, err := h.q.List(r.Context(), identity.FromContext(r.Context()).ID, 50)
	if err != nil {
		return err
	}
	httpx.Data(w, list)
	return nil
}

func (h *handler) get(w http.ResponseWriter, r *http.Request) error {
	s, err := h.owned(r, ActionJobsView)
	if err != nil {
		return err
	}
	httpx.Data(w, s)
	return nil
}

func (h *handler) cancel(w http.ResponseWriter, r *http.Request) error {
	s, err := h.owned(r, ActionJobsCancel)
	if err != nil {
		return err
	}
	id, _ := strconv.ParseInt(s.ID, 10, 64)
	s, err = h.q.Cancel(r.Context(), id)
	if err != nil {
		return err
	}
	httpx.Data(w, s)
	return nil
}

// Module provides the Queue and its API.
var Module = fx.Module("jobs",
	fx.Provide(New),
	fx.Invoke(startWorkers),
	registry.AsModule(newRegistryModule),
)
