package comments

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
	"its/core/registry"
)

// BodyRequest is the body of a new or edited comment.
type BodyRequest struct {
	Body string `json:"body"`
}

// ResolveRequest resolves a thread (true) or opens it again (false).
type ResolveRequest struct {
	Resolved bool `json:"resolved"`
}

// Mount registers the comment routes of one grid under prefix, each behind action (the action
// that lets a user read the grid's rows; the policy p then decides per object). The routes, to
// be declared in the module's manifest:
//
//	GET    prefix/{id}/rows/{row}          the row's thread
//	POST   prefix/{id}/rows/{row}          add a comment {body}
//	PATCH  prefix/{id}/rows/{row}          resolve or reopen the thread {resolved}
//	PATCH  prefix/{id}/comment/{commentId} edit one's own comment {body}
//	DELETE prefix/{id}/comment/{commentId} delete one's own comment
//	GET    prefix/{id}/counts              open comments by row
//	GET    prefix/{id}/mentions?q=         colleagues who may be mentioned
func (s *Service) Mount(r registry.Router, prefix, action, scope string, p Policy) {
	thread := func(r *http.Request) Thread {
		return Thread{Scope: scope, Object: chi.URLParam(r, "id"), Row: chi.URLParam(r, "row")}
	}
	r.Handle("GET", prefix+"/{id}/rows/{row}", action, httpx.Get(func(r *http.Request) (*View, error) {
		return s.Get(r.Context(), p, thread(r))
	}))
	r.Handle("POST", prefix+"/{id}/rows/{row}", action, httpx.Body(func(r *http.Request, req BodyRequest) (httpx.Answer, error) {
		v, err := s.Add(r.Context(), p, thread(r), req.Body)
		return httpx.Answer{Status: http.StatusCreated, Data: v}, err
	}))
	r.Handle("PATCH", prefix+"/{id}/rows/{row}", action, httpx.Body(func(r *http.Request, req ResolveRequest) (*View, error) {
		return s.Resolve(r.Context(), p, thread(r), req.Resolved)
	}))
	r.Handle("PATCH", prefix+"/{id}/comment/{commentId}", action, httpx.Body(func(r *http.Request, req BodyRequest) (*View, error) {
		id, err := commentID(r)
		if err != nil {
			return nil, err
		}
		return s.Edit(r.Context(), p, scope, chi.URLParam(r, "id"), id, req.Body)
	}))
	r.Handle("DELETE", prefix+"/{id}/comment/{commentId}", action, httpx.Get(func(r *http.Request) (*View, error) {
		id, err := commentID(r)
		if err != nil {
			return nil, err
		}
		return s.Delete(r.Context(), p, scope, chi.URLParam(r, "id"), id)
	}))
	r.Handle("GET", prefix+"/{id}/counts", action, httpx.Get(func(r *http.Request) (map[string]int, error) {
		return s.Counts(r.Context(), p, scope, chi.URLParam(r, "id"))
	}))
	r.Handle("GET", prefix+"/{id}/mentions", action, httpx.Get(func(r *http.Request) ([]Person, error) {
		return s.Suggest(r.Context(), p, chi.URLParam(r, "id"), r.URL.Query().Get("q"))
	}))
}

// commentID reads the path's comment id; one that is not a number names no comment.
func commentID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "commentId"), 10, 64)
	if err != nil || id <= 0 {
		return 0, httpx.NotFound("Comment")
	}
	return id, nil
}
