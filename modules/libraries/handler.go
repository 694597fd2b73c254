package libraries

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"its/core/authz"
	"its/core/comments"
	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the libraries module's HTTP side.
type Handler struct {
	svc      *Service
	comments *comments.Service
}

// NewHandler gives the handler.
func NewHandler(svc *Service, c *comments.Service) *Handler { return &Handler{svc: svc, comments: c} }

// libraryTypeParam makes the route's policy resource the libraryType query parameter.
func libraryTypeQuery(r *http.Request) map[string]any {
	return map[string]any{"libraryType": r.URL.Query().Get("libraryType")}
}

func pathResource(name string) registry.ResourceFunc {
	return func(r *http.Request) map[string]any {
		return map[string]any{"libraryType": chi.URLParam(r, name)}
	}
}

// manageStatuses is the list route's second question: a status other than Published (the
// manage pages) is for the library's editors. An unknown type or status asks nothing here: the
// list answers it with its 400.
var manageStatuses = registry.AlsoBy(func(r *http.Request) ([]authz.Check, error) {
	q := r.URL.Query()
	lt, status := q.Get("libraryType"), q.Get("status")
	if checkLibraryType(lt, "libraryType") != nil || status == "" || status == Published || !slices.Contains(Statuses, status) {
		return nil, nil
	}
	return []authz.Check{{Action: actions.LibrariesManage, Resource: map[string]any{"libraryType": lt}}}, nil
})

// collectionLibraries is the second question of a collection's routes: the collection type of
// the path must be known (else a 400) and the caller may view each of its library types.
var collectionLibraries = registry.AlsoBy(func(r *http.Request) ([]authz.Check, error) {
	lts, err := collectionLibraryTypes(chi.URLParam(r, "collectionType"))
	if err != nil {
		return nil, err
	}
	checks := make([]authz.Check, len(lts))
	for i, lt := range lts {
		checks[i] = authz.Check{Action: actions.LibrariesView, Resource: map[string]any{"libraryType": lt}}
	}
	return checks, nil
})

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/assets", actions.LibrariesView, httpx.Get(h.list), registry.WithResource(libraryTypeQuery), manageStatuses)
	r.Handle("GET", "/api/assets/filters", actions.LibrariesView, httpx.Get(h.filters), registry.WithResource(libraryTypeQuery))
	r.Handle("GET", "/api/assets/landing", actions.LibrariesView, httpx.Get(h.landing), registry.WithResource(libraryTypeQuery))
	r.Handle("PATCH", "/api/assets/{manageType}/batch/many", actions.LibrariesManage, httpx.Body(h.batch), registry.WithResource(pathResource("manageType")))
	r.Handle("GET", "/api/assets/{libraryType}/schema", actions.LibrariesManage, grid.ServeSchema(h.svc.Schema, "libraryType"), registry.WithResource(pathResource("libraryType")))
	r.Handle("POST", "/api/assets/{libraryType}/query", actions.LibrariesManage, grid.ServeQuery(h.svc.Page, "libraryType"), registry.WithResource(pathResource("libraryType")))
	r.Handle("POST", "/api/assets/{libraryType}/stream", actions.LibrariesManage, grid.ServeStream(h.svc.Stream, "libraryType"), registry.WithResource(pathResource("libraryType")))
	r.Handle("POST", "/api/assets/{libraryType}/summary", actions.LibrariesManage, grid.ServeSummary(h.svc.Summary, "libraryType"), registry.WithResource(pathResource("libraryType")))
	r.Handle("POST", "/api/assets/{libraryType}/groups", actions.LibrariesManage, grid.ServeBody(h.svc.Groups, "libraryType"), registry.WithResource(pathResource("libraryType")))
	r.Handle("POST", "/api/assets/{libraryType}/export/xlsx", actions.LibrariesManage, grid.ServeExport(h.svc.Export, "libraryType"), registry.WithResource(pathResource("libraryType")))
	r.Handle("POST", "/api/assets/{libraryType}/export/csv", actions.LibrariesManage, grid.ServeExportAs(grid.FormatCSV, h.svc.Export, "libraryType"), registry.WithResource(pathResource("libraryType")))
	r.Handle("GET", "/api/assets/{libraryType}/thumbnail/{fileId}", actions.LibrariesView, h.thumbnail, registry.WithResource(pathResource("libraryType")))
	r.Handle("POST", "/api/assets/{manageType}/check-filename", actions.LibrariesManage, httpx.Body(h.checkFilename), registry.WithResource(pathResource("manageType")))
	r.Handle("POST", "/api/assets/{libraryType}", actions.LibrariesView, httpx.Body(h.signed), registry.WithResource(pathResource("libraryType")))
	r.Handle("POST", "/api/assets/{libraryType}/report/xlsx", actions.LibrariesManage, httpx.MaybeBody(h.report), registry.WithResource(pathResource("libraryType")))
	// The collection's own library types are its second questions (collectionLibraries).
	none := registry.NoResource()
	r.Handle("GET", "/api/assets/collection/{collectionType}", actions.LibrariesView, httpx.Get(h.getCollection), none, collectionLibraries)
	r.Handle("PUT", "/api/assets/collection/{collectionType}", actions.LibrariesView, httpx.Body(h.saveCollection), none, collectionLibraries)
	r.Handle("POST", "/api/assets/collection/{collectionType}/zip", actions.LibrariesView, httpx.Get(h.zip), none, collectionLibraries)
	// The manage grid's comment threads: the object is the library type, the row an asset. The
	// routes ask for libraries.manage of some library; the policy answers a type the caller may
	// not manage with a 404.
	h.comments.Mount(resourceless{r}, "/api/assets/comments", actions.LibrariesManage, CommentScope, commentPolicy{h.svc})
	r.Handle("POST", "/api/userFlags", actions.UserFlagsCreate, httpx.Body(h.userFlag))
	r.Handle("POST", "/api/stats", actions.StatsCreate, httpx.Body(h.stat))
}

// resourceless registers routes whose policy resource is empty (registry.NoResource), so that a
// mounted set of routes (the comment threads) is gated by its action alone.
type resourceless struct{ registry.Router }

func (n resourceless) Handle(method, path, action string, h httpx.HandlerFunc, opts ...registry.RouteOption) {
	n.Router.Handle(method, path, action, h, append(opts, registry.NoResource())...)
}

// success is the answer of the asset calls that say "Success" beside their data.
func success(data any, err error) (httpx.Answer, error) {
	return httpx.Answer{Message: "Success", Data: data}, err
}

var listParams = map[string]bool{"libraryType": true, "status": true, "q": true, "limit": true, "offset": true}

func (h *Handler) list(r *http.Request) (map[string]any, error) {
	q := r.URL.Query()
	p := ListParams{LibraryType: q.Get("libraryType"), Status: q.Get("status"), Search: q.Get("q"), Filters: map[string][]string{}}
	var err error
	if v := q.Get("limit"); v != "" {
		if p.Limit, err = strconv.Atoi(v); err != nil {
			return nil, invalid("limit", "type", "limit must be a number")
		}
	}
	if v := q.Get("offset"); v != "" {
		if p.Offset, err = strconv.Atoi(v); err != nil {
			return nil, invalid("offset", "type", "offset must be a number")
		}
	}
	for k, vs := range q {
		if listParams[k] {
			continue
		}
		for _, v := range vs {
			for _, part := range strings.Split(v, ",") {
				if part = strings.TrimSpace(part); part != "" {
					p.Filters[k] = append(p.Filters[k], part)
				}
			}
		}
	}
	assets, total, err := h.svc.List(r.Context(), p)
	if err != nil {
		return nil, err
	}
	return map[string]any{"rows": assets, "totalCount": total}, nil
}

func (h *Handler) filters(r *http.Request) (map[string][]FilterValue, error) {
	q := r.URL.Query()
	if q.Has("channel") {
		// Spec §2.6 names channel data sets (retail, wholesale), but no library asset holds a channel.
		return nil, invalid("channel", "notApplicable", "No library's assets hold a channel")
	}
	return h.svc.FilterOptions(r.Context(), q.Get("libraryType"), DataSets{Region: q.Get("region"), Division: q.Get("division")})
}

func (h *Handler) landing(r *http.Request) (*Landing, error) {
	return h.svc.Landing(r.Context(), r.URL.Query().Get("libraryType"))
}

// batchBody is either shape of PATCH /api/assets/{manageType}/batch/many: the spec's
// {_ids, status, set} or the grid protocol's {update, add, delete}.
type batchBody struct {
	BatchRequest
	Update []grid.UpdateRow `json:"update"`
	Add    []grid.AddRow    `json:"add"`
	Delete []grid.DeleteRow `json:"delete"`
	// Via labels a grid batch for the cell history (docs/grid.md).
	Via string `json:"via"`
}

func (h *Handler) batch(r *http.Request, body batchBody) (any, error) {
	manageType := chi.URLParam(r, "manageType")
	legacy := body.IDs != nil || body.Status != "" || body.Set != nil
	if body.Update != nil || body.Add != nil || body.Delete != nil {
		if legacy {
			return nil, invalid("_ids", "shape", "Send either _ids with status and set, or the grid's update, add and delete, not both")
		}
		return h.svc.Write(r.Context(), manageType, grid.BatchRequest{Update: body.Update, Add: body.Add, Delete: body.Delete, Via: body.Via})
	}
	return h.svc.Batch(r.Context(), manageType, body.BatchRequest)
}

func (h *Handler) thumbnail(w http.ResponseWriter, r *http.Request) error {
	u, err := h.svc.Thumbnail(r.Context(), chi.URLParam(r, "libraryType"), chi.URLParam(r, "fileId"))
	if err != nil {
		return err
	}
	// The signed URL lives for the storage URL TTL; the browser may reuse the redirect a while.
	w.Header().Set("Cache-Control", "private, max-age=300")
	http.Redirect(w, r, u, http.StatusFound)
	return nil
}

func (h *Handler) checkFilename(r *http.Request, body filenameBody) (httpx.Answer, error) {
	id, err := h.svc.CheckFilename(r.Context(), chi.URLParam(r, "manageType"), body.Filename)
	var asset any
	if id != "" {
		asset = map[string]string{"_id": id}
	}
	return success(map[string]any{"asset": asset, "exists": id != ""}, err)
}

type filenameBody struct {
	Filename string `json:"filename"`
}

func (h *Handler) signed(r *http.Request, body SignedRequest) (httpx.Answer, error) {
	return success(h.svc.Signed(r.Context(), chi.URLParam(r, "libraryType"), body))
}

func (h *Handler) report(r *http.Request, body ReportRequest) (map[string]any, error) {
	id, err := h.svc.Report(r.Context(), chi.URLParam(r, "libraryType"), body)
	return map[string]any{"jobId": strconv.FormatInt(id, 10), "status": "pending"}, err
}

func (h *Handler) getCollection(r *http.Request) (*Collection, error) {
	return h.svc.GetCollection(r.Context(), chi.URLParam(r, "collectionType"))
}

func (h *Handler) saveCollection(r *http.Request, body SaveRequest) (*Collection, error) {
	return h.svc.SaveCollection(r.Context(), chi.URLParam(r, "collectionType"), body)
}

func (h *Handler) zip(r *http.Request) (map[string]any, error) {
	id, err := h.svc.ZipCollection(r.Context(), chi.URLParam(r, "collectionType"))
	return map[string]any{"jobId": strconv.FormatInt(id, 10), "status": "pending"}, err
}

func (h *Handler) userFlag(r *http.Request, body flagBody) (httpx.Answer, error) {
	return success(body, h.svc.Flag(r.Context(), body.Flag, body.ModelType, body.ModelID))
}

type flagBody struct {
	Flag      string `json:"flag"`
	ModelType string `json:"modelType"`
	ModelID   string `json:"modelId"`
}

func (h *Handler) stat(r *http.Request, body StatEvent) (httpx.Answer, error) {
	return success(map[string]string{"action": body.Action}, h.svc.Stat(r.Context(), body))
}
