package assortments

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"its/core/comments"
	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the assortments module's HTTP side.
type Handler struct {
	svc      *Service
	reports  *Reports
	comments *comments.Service
	log      *slog.Logger
}

// NewHandler gives the handler.
func NewHandler(svc *Service, reports *Reports, c *comments.Service, log *slog.Logger) *Handler {
	return &Handler{svc: svc, reports: reports, comments: c, log: log}
}

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/assortments", actions.AssortmentsView, httpx.Get(h.list))
	r.Handle("POST", "/api/assortments/query/{view}", actions.AssortmentsView, grid.ServeBody(h.svc.QueryList, "view"))
	r.Handle("POST", "/api/assortments", actions.AssortmentsEdit, httpx.Body(h.create))
	r.Handle("GET", "/api/assortments/schema", actions.AssortmentsView, httpx.Get(h.schema))
	r.Handle("POST", "/api/assortments/cloneMany", actions.AssortmentsEdit, httpx.Body(h.cloneMany))
	r.Handle("POST", "/api/assortments/archive", actions.AssortmentsEdit, httpx.Body(h.archive(true)))
	r.Handle("POST", "/api/assortments/unarchive", actions.AssortmentsEdit, httpx.Body(h.archive(false)))
	r.Handle("POST", "/api/assortments/export/xlsx/{view}", actions.AssortmentsView, grid.ServeExportAs(grid.FormatXLSX, h.svc.ExportList, "view"))
	r.Handle("POST", "/api/assortments/export/csv/{view}", actions.AssortmentsView, grid.ServeExportAs(grid.FormatCSV, h.svc.ExportList, "view"))
	r.Handle("POST", "/api/assortments/products/query", actions.AssortmentsView, h.rows)
	r.Handle("POST", "/api/assortments/products/export/xlsx/{id}", actions.AssortmentsView, h.exportRows(grid.FormatXLSX))
	r.Handle("POST", "/api/assortments/products/export/csv/{id}", actions.AssortmentsView, h.exportRows(grid.FormatCSV))
	r.Handle("PATCH", "/api/assortments/batch/{id}", actions.AssortmentsEdit, httpx.Body(h.batch))
	r.Handle("POST", "/api/assortments/edit/lock/{id}/{action}", actions.AssortmentsEdit, httpx.Get(h.lock))
	r.Handle("POST", "/api/assortments/crmSync/{id}", actions.AssortmentsEdit, httpx.Get(h.crmSync))
	r.Handle("GET", "/api/assortments/crmSync/{id}", actions.AssortmentsView, httpx.Get(h.lastCRMSync))
	r.Handle("GET", "/api/assortments/admin/crmOutbox", actions.AssortmentsCrmOutbox, httpx.Get(h.crmOutbox))
	r.Handle("POST", "/api/assortments/admin/report/{reportRoute}", actions.AssortmentsReporting, httpx.Body(h.report), registry.NoResource())
	r.Handle("POST", "/api/assortments/admin/charts", actions.AssortmentsReporting, httpx.Body(h.charts))
	r.Handle("GET", "/api/assortments/groupsort/{id}", actions.AssortmentsView, httpx.Get(h.groupSort))
	r.Handle("PATCH", "/api/assortments/groupsort/batch/{id}", actions.AssortmentsEdit, httpx.Body(h.groupSortBatch))
	// The detail grid's row comments (core/comments): who may read the rows may comment.
	h.comments.Mount(r, "/api/assortments/comments", actions.AssortmentsView, CommentScope, commentPolicy{h.svc})
	r.Handle("GET", "/api/assortments/{id}", actions.AssortmentsView, h.get)
	r.Handle("PATCH", "/api/assortments/{id}", actions.AssortmentsEdit, h.patch)
	r.Handle("DELETE", "/api/assortments/{id}", actions.AssortmentsEdit, httpx.Get(h.delete))
	r.Handle("PATCH", "/api/assortments/{id}/merge", actions.AssortmentsEdit, httpx.Body(h.merge))
	r.Handle("GET", "/api/assortments/{id}/rows/{rowId}/history", actions.AssortmentsView, httpx.Get(h.rowHistory))
	r.Handle("GET", "/api/collections/{collectionType}", actions.CollectionsView, httpx.Get(h.collections))
	r.Handle("POST", "/api/collections/{collectionType}/query", actions.CollectionsView, httpx.Body(h.queryCollections))
	r.Handle("POST", "/api/collections/{collectionType}", actions.CollectionsEdit, httpx.Body(h.createCollection))
	r.Handle("POST", "/api/collections/{collectionType}/batch/{collectionId}", actions.CollectionsEdit, httpx.Body(h.batchCollection))
}

func (h *Handler) list(r *http.Request) (*ListAnswer, error) {
	q := r.URL.Query()
	req := ListRequest{View: q.Get("view"), Folder: q.Get("folder"), Text: strings.TrimSpace(q.Get("q"))}
	for name, dst := range map[string]*int{"limit": &req.Limit, "offset": &req.Offset} {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return nil, httpx.Invalid(httpx.FieldError{Field: name, Rule: "integer", Message: name + " must be a whole number"})
			}
			*dst = n
		}
	}
	return h.svc.List(r.Context(), req)
}

func (h *Handler) create(r *http.Request, req CreateRequest) (httpx.Answer, error) {
	a, msg, err := h.svc.Create(r.Context(), req)
	return httpx.Answer{Message: msg, Data: a}, err
}

// crmSync queues the assortment for the CRM and answers its new lastSyncDate.
func (h *Handler) crmSync(r *http.Request) (httpx.Answer, error) {
	at, err := h.svc.CRMSync(r.Context(), chi.URLParam(r, "id"))
	return httpx.Answer{Message: MsgCRMSynced, Data: map[string]any{"lastSyncDate": at}}, err
}

// lastCRMSync answers the assortment's latest CRM sync and its delivery (null: never synced).
func (h *Handler) lastCRMSync(r *http.Request) (*CRMSyncEntry, error) {
	return h.svc.LastCRMSync(r.Context(), chi.URLParam(r, "id"))
}

// crmOutbox lists the CRM outbox: ?status=pending|sent|failed&assortment=&limit=.
func (h *Handler) crmOutbox(r *http.Request) (map[string]any, error) {
	q := r.URL.Query()
	req := CRMOutboxQuery{Status: q.Get("status"), AssortmentID: q.Get("assortment")}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, httpx.Invalid(httpx.FieldError{Field: "limit", Rule: "integer", Message: "limit must be a whole number"})
		}
		req.Limit = n
	}
	items, err := h.svc.CRMOutbox(r.Context(), req)
	return map[string]any{"items": items}, err
}

// report queues a report workbook for the download queue.
func (h *Handler) report(r *http.Request, req ReportRequest) (httpx.Answer, error) {
	id, name, err := h.reports.Queue(r.Context(), chi.URLParam(r, "reportRoute"), req.FileData)
	return httpx.Answer{Status: http.StatusAccepted, Data: map[string]any{"jobId": strconv.FormatInt(id, 10), "status": "pending", "filename": name}}, err
}

// charts answers the reporting page's counts for the same filter as the reports.
func (h *Handler) charts(r *http.Request, req ReportRequest) (*Charts, error) {
	return h.reports.Charts(r.Context(), req.FileData)
}

func (h *Handler) schema(*http.Request) (any, error) {
	return detailSchema(), nil
}

// get answers an assortment with its rows; _options={"products":false} leaves the rows out.
func (h *Handler) get(w http.ResponseWriter, r *http.Request) error {
	withRows := true
	if raw := r.URL.Query().Get("_options"); raw != "" {
		var opts struct {
			Products *bool `json:"products"`
		}
		if err := json.Unmarshal([]byte(raw), &opts); err != nil {
			return httpx.Invalid(httpx.FieldError{Field: "_options", Rule: "json", Message: `_options must be JSON like {"products":false}`})
		}
		if opts.Products != nil {
			withRows = *opts.Products
		}
	}
	// The rows are appended by hand (a detail grid answer holds thousands of them) and go to the
	// client in chunks while the database is still being read.
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	p := httpx.NewPipe(w, 64<<10, 256)
	n := 0
	err := h.svc.Stream(r.Context(), chi.URLParam(r, "id"), withRows, func(a *Assortment) error {
		head, err := json.Marshal(a)
		if err != nil {
			return err
		}
		p.B = append(p.B, `{"data":`...)
		p.B = append(p.B, head[:len(head)-1]...)
		if withRows {
			p.B = append(p.B, `,"products":[`...)
		}
		return nil
	}, func(row *Row) error {
		if n > 0 {
			p.B = append(p.B, ',')
		}
		n++
		var err error
		if p.B, err = row.AppendJSON(p.B); err != nil {
			return err
		}
		return p.Flush()
	})
	if err != nil {
		if !p.Started() {
			return err
		}
		h.log.Error("assortment answer broken off", "id", chi.URLParam(r, "id"), "rows", n, "err", err)
		p.Abort()
	}
	if withRows {
		p.B = append(p.B, ']')
	}
	p.B = append(p.B, "}}\n"...)
	_ = p.Close() // a failure here is the client going away
	return nil
}

func (h *Handler) patch(w http.ResponseWriter, r *http.Request) error {
	var req PatchRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	a, msgs, err := h.svc.Patch(r.Context(), chi.URLParam(r, "id"), req)
	if err != nil {
		return err
	}
	msg := "Assortment Updated"
	if len(msgs) > 0 {
		msg = strings.Join(msgs, ". ")
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"data": a, "message": msg, "messages": msgs})
	return nil
}

func (h *Handler) delete(r *http.Request) (httpx.Answer, error) {
	n, err := h.svc.Delete(r.Context(), chi.URLParam(r, "id"))
	return httpx.Answer{Message: "Assortment Deleted", Data: map[string]int{"deleted": n}}, err
}

type idsBody struct {
	IDs []string `json:"ids"`
}

func (h *Handler) archive(archived bool) func(*http.Request, idsBody) (httpx.Answer, error) {
	return func(r *http.Request, body idsBody) (httpx.Answer, error) {
		n, err := h.svc.Archive(r.Context(), body.IDs, archived)
		if archived {
			return httpx.Answer{Message: fmt.Sprintf("%d Assortment(s) Archived", n), Data: map[string]int{"archived": n}}, err
		}
		return httpx.Answer{Message: fmt.Sprintf("%d Assortment(s) Unarchived", n), Data: map[string]int{"unarchived": n}}, err
	}
}

func (h *Handler) cloneMany(r *http.Request, req CloneRequest) (httpx.Answer, error) {
	res, err := h.svc.Clone(r.Context(), req)
	return httpx.Answer{Message: MsgDuplicated, Data: res}, err
}

func (h *Handler) merge(r *http.Request, body idsBody) (httpx.Answer, error) {
	n, err := h.svc.Merge(r.Context(), chi.URLParam(r, "id"), body.IDs)
	return httpx.Answer{Message: fmt.Sprintf("%d Item(s) added to assortment", n), Data: map[string]int{"added": n}}, err
}

func (h *Handler) batch(r *http.Request, req BatchRequest) (httpx.Answer, error) {
	res, err := h.svc.Batch(r.Context(), chi.URLParam(r, "id"), &req)
	if err != nil {
		return httpx.Answer{}, err
	}
	msg := "All changes saved."
	if len(res.Messages) > 0 {
		msg = strings.Join(res.Messages, ". ")
	}
	return httpx.Answer{Message: msg, Data: res}, nil
}

func (h *Handler) lock(r *http.Request) (*LockAnswer, error) {
	return h.svc.EditLock(r.Context(), chi.URLParam(r, "id"), chi.URLParam(r, "action"))
}

// rows streams a page of an assortment's rows as NDJSON: {"totalCount":N,"totalCountCapped":b}
// (capped as the catalog search counts, for dynamic assortments), the rows, then
// {"done":true,"count":n}.
func (h *Handler) rows(w http.ResponseWriter, r *http.Request) error {
	var req RowsRequest
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	total, rows, err := h.svc.Rows(r.Context(), req)
	if err != nil {
		return err
	}
	b := make([]byte, 0, 64+len(rows)*1400)
	b = fmt.Appendf(b, "{\"totalCount\":%d,\"totalCountCapped\":%t}\n", total.Count, total.Capped)
	for i := range rows {
		if b, err = rows[i].AppendJSON(b); err != nil {
			return err
		}
		b = append(b, '\n')
	}
	b = fmt.Appendf(b, "{\"done\":true,\"count\":%d}\n", len(rows))
	w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(b)
	return nil
}

// exportRows writes the detail grid of the assortment {id} as the user sees it in a format.
func (h *Handler) exportRows(format string) httpx.HandlerFunc {
	return grid.ServeExportAs(format, h.svc.ExportRows, "id")
}

func (h *Handler) collections(r *http.Request) ([]Collection, error) {
	q := r.URL.Query()
	return h.svc.Collections(r.Context(), chi.URLParam(r, "collectionType"), CollectionQuery{LinkageModel: q.Get("linkageModel"), LinkageID: q.Get("linkageId"), Name: q.Get("name")})
}

func (h *Handler) queryCollections(r *http.Request, q CollectionQuery) ([]Collection, error) {
	return h.svc.Collections(r.Context(), chi.URLParam(r, "collectionType"), q)
}

func (h *Handler) createCollection(r *http.Request, req CollectionCreate) (httpx.Answer, error) {
	c, err := h.svc.CreateCollection(r.Context(), chi.URLParam(r, "collectionType"), req)
	return httpx.Answer{Message: "Collection Created", Data: c}, err
}

func (h *Handler) batchCollection(r *http.Request, req CollectionBatch) (httpx.Answer, error) {
	res, err := h.svc.BatchCollection(r.Context(), chi.URLParam(r, "collectionType"), chi.URLParam(r, "collectionId"), &req)
	if err != nil {
		return httpx.Answer{}, err
	}
	return httpx.Answer{Message: res.Message, Data: res}, nil
}
