package documents

import (
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/assortments"
)

// Handler is the documents module's HTTP side.
type Handler struct{ svc *Service }

// NewHandler gives the handler.
func NewHandler(svc *Service) *Handler { return &Handler{svc: svc} }

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	const base = "/api/assortment-documents"
	r.Handle("GET", base, actions.DocumentsView, httpx.Get(h.list))
	r.Handle("POST", base, actions.DocumentsEdit, httpx.Body(h.save))
	r.Handle("POST", base+"/pdf", actions.DocumentsView, h.export(FileTypePdf))
	r.Handle("POST", base+"/xlsx", actions.DocumentsView, h.export(FileTypeXlsx))
	r.Handle("POST", base+"/preview", actions.DocumentsView, h.preview)
	r.Handle("POST", base+"/share/email/{fileType}", actions.DocumentsEdit, httpx.Body(h.share), registry.NoResource())
	r.Handle("DELETE", base+"/shared/{fileId}", actions.DocumentsEdit, httpx.Get(h.revoke), registry.NoResource())
	r.Handle("GET", base+"/{id}", actions.DocumentsView, httpx.Get(h.get), registry.NoResource())
	r.Handle("DELETE", base+"/{id}", actions.DocumentsEdit, httpx.Get(h.delete), registry.NoResource())
	r.Handle("POST", base+"/{id}/send", actions.DocumentsEdit, httpx.Get(h.send), registry.NoResource())
	r.Handle("GET", base+"/{fileType}/shared/{documentId}/{accessCode}/{filename}", actions.DocumentsDownload, h.download("shared"), registry.NoResource())
	r.Handle("GET", base+"/{fileType}/scheduled/{documentId}/{timeStamp}/{filename}", actions.DocumentsDownload, h.download("scheduled"), registry.NoResource())
	const templates = "/api/document-templates"
	r.Handle("GET", templates, actions.DocumentsView, httpx.Get(h.templates), registry.NoResource())
	r.Handle("POST", templates, actions.DocumentsEdit, httpx.Body(h.saveTemplate), registry.NoResource())
	r.Handle("PATCH", templates+"/{id}", actions.DocumentsEdit, httpx.Body(h.saveTemplate), registry.NoResource())
	r.Handle("DELETE", templates+"/{id}", actions.DocumentsEdit, httpx.Get(h.deleteTemplate), registry.NoResource())
	r.Handle("GET", "/api/products/tearsheet/{productType}/{style}/{color}/{locationCode}", actions.DocumentsTearsheet, h.tearsheet, registry.NoResource())
	for path, variant := range map[string]string{"": PackageDocument, "/spreadsheet": PackageSpreadsheet, "/division": PackageDivision, "/assortment": PackageImages} {
		r.Handle("POST", "/api/packages/download"+path, actions.DocumentsPackage, httpx.Body(h.pack(variant, false)))
	}
	for path, variant := range map[string]string{"": PackageDocument, "/spreadsheet": PackageSpreadsheet, "/division": PackageDivision} {
		r.Handle("POST", "/api/packages/mail"+path, actions.DocumentsMailPackage, httpx.Body(h.pack(variant, true)))
	}
	r.Handle("GET", "/api/assortments/zip/images/{small}/{heroOnly}/{id}", actions.DocumentsPackage, h.ZipImages(assortments.OrgRegular), registry.NoResource())
	// Internal assortments: read through their own service (narrowed by channel, region and
	// productType: one the caller may not see is a 404).
	r.Handle("GET", "/api/internalAssortments/zip/images/{small}/{heroOnly}/{id}", actions.DocumentsInternalPackage, h.ZipImages(OrgInternal), registry.NoResource())
}

// ZipImages queues the zip of the images of an assortment of orgType (regular or internal) for
// the download queue: {small} and {heroOnly} are true or false.
func (h *Handler) ZipImages(orgType string) httpx.HandlerFunc {
	return httpx.Get(func(r *http.Request) (httpx.Answer, error) {
		var bad []httpx.FieldError
		flag := func(name string) bool {
			v, err := strconv.ParseBool(chi.URLParam(r, name))
			if err != nil {
				bad = append(bad, httpx.FieldError{Field: name, Rule: "boolean", Message: name + " is true or false"})
			}
			return v
		}
		small, heroOnly := flag("small"), flag("heroOnly")
		if len(bad) > 0 {
			return httpx.Answer{}, httpx.Invalid(bad...)
		}
		return queued(h.svc.QueueImages(r.Context(), orgType, chi.URLParam(r, "id"), small, heroOnly))
	})
}

// queued answers a download-queue job that was just queued (202).
func queued(id int64, name string, err error) (httpx.Answer, error) {
	return httpx.Answer{Status: http.StatusAccepted, Data: map[string]any{"jobId": strconv.FormatInt(id, 10), "status": "pending", "filename": name}}, err
}

// tearsheet answers a catalog product's tear sheet as PDF.
func (h *Handler) tearsheet(w http.ResponseWriter, r *http.Request) error {
	file, err := h.svc.ProductTearsheet(r.Context(), chi.URLParam(r, "productType"), chi.URLParam(r, "style"), chi.URLParam(r, "color"),
		chi.URLParam(r, "locationCode"), r.URL.Query().Get("print") == "true")
	if err != nil {
		return err
	}
	writeFile(w, file.Filename, file.ContentType, int64(len(file.Data)), func(w io.Writer) error { _, err := w.Write(file.Data); return err })
	return nil
}

// pack queues a package (the document payload as JSON) and answers the download queue's job.
func (h *Handler) pack(variant string, mail bool) func(*http.Request, Request) (httpx.Answer, error) {
	return func(r *http.Request, req Request) (httpx.Answer, error) {
		a, err := queued(h.svc.QueuePackage(r.Context(), variant, mail, &req))
		if mail {
			a.Message = MsgPackageMailed
		}
		return a, err
	}
}

func (h *Handler) list(r *http.Request) ([]*Document, error) {
	return h.svc.List(r.Context(), r.URL.Query().Get("assortmentId"))
}

func (h *Handler) templates(r *http.Request) ([]*Template, error) {
	return h.svc.Templates(r.Context())
}

// saveTemplate creates a template (POST) or changes the one of the path (PATCH).
func (h *Handler) saveTemplate(r *http.Request, req TemplateRequest) (httpx.Answer, error) {
	t, err := h.svc.SaveTemplate(r.Context(), chi.URLParam(r, "id"), &req)
	return httpx.Answer{Message: MsgTemplateSaved, Data: t}, err
}

func (h *Handler) deleteTemplate(r *http.Request) (httpx.Answer, error) {
	return httpx.Answer{Message: MsgTemplateDeleted, Data: map[string]any{"deleted": true}}, h.svc.DeleteTemplate(r.Context(), chi.URLParam(r, "id"))
}

func (h *Handler) get(r *http.Request) (*Document, error) {
	return h.svc.Get(r.Context(), chi.URLParam(r, "id"))
}

func (h *Handler) save(r *http.Request, req Request) (httpx.Answer, error) {
	d, msg, err := h.svc.Save(r.Context(), &req)
	return httpx.Answer{Message: msg, Data: d}, err
}

func (h *Handler) delete(r *http.Request) (httpx.Answer, error) {
	msg, err := h.svc.Delete(r.Context(), chi.URLParam(r, "id"))
	return httpx.Answer{Message: msg, Data: map[string]any{"deleted": true}}, err
}

// export answers the file, or with queue: true (the UI's download queue) the job.
func (h *Handler) export(fileType string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req Request
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		if req.Queue {
			id, name, err := h.svc.Queue(r.Context(), fileType, &req)
			if err != nil {
				return err
			}
			httpx.JSON(w, http.StatusAccepted, map[string]any{"data": map[string]any{"jobId": strconv.FormatInt(id, 10), "status": "pending", "filename": name}})
			return nil
		}
		file, err := h.svc.Render(r.Context(), &req, fileType, nil)
		if err != nil {
			return err
		}
		writeFile(w, file.Filename, file.ContentType, int64(len(file.Data)), func(w io.Writer) error { _, err := w.Write(file.Data); return err })
		return nil
	}
}

func (h *Handler) preview(w http.ResponseWriter, r *http.Request) error {
	var req Request
	if err := httpx.Decode(r, &req); err != nil {
		return err
	}
	pageNo := 1
	if p := r.URL.Query().Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil {
			return httpx.Invalid(httpx.FieldError{Field: "page", Rule: "integer", Message: "page must be 1, 2 or 3"})
		}
		pageNo = n
	}
	png, err := h.svc.Preview(r.Context(), &req, pageNo)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(png)
	return nil
}

func (h *Handler) share(r *http.Request, req Request) (httpx.Answer, error) {
	res, err := h.svc.Share(r.Context(), chi.URLParam(r, "fileType"), &req)
	return httpx.Answer{Message: MsgShared, Data: res}, err
}

func (h *Handler) revoke(r *http.Request) (httpx.Answer, error) {
	return httpx.Answer{Message: MsgRevoked, Data: map[string]any{"revoked": true}}, h.svc.Revoke(r.Context(), chi.URLParam(r, "fileId"))
}

func (h *Handler) send(r *http.Request) (httpx.Answer, error) {
	id, err := h.svc.SendNow(r.Context(), chi.URLParam(r, "id"))
	return httpx.Answer{Status: http.StatusAccepted, Data: map[string]any{"jobId": strconv.FormatInt(id, 10), "status": "pending"}}, err
}

// download serves a shared or scheduled file to whoever holds its link.
func (h *Handler) download(kind string) httpx.HandlerFunc {
	secret := "accessCode"
	if kind == "scheduled" {
		secret = "timeStamp"
	}
	return func(w http.ResponseWriter, r *http.Request) error {
		f, err := h.svc.Download(r.Context(), kind, chi.URLParam(r, "fileType"), chi.URLParam(r, "documentId"),
			chi.URLParam(r, secret), chi.URLParam(r, "filename"))
		if err != nil {
			return err
		}
		rc, info, err := h.svc.blobs.Get(r.Context(), f.key)
		if err != nil {
			return err
		}
		defer rc.Close()
		w.Header().Set("Cache-Control", "private, no-store")
		writeFile(w, f.filename, contentTypes[f.fileType], info.Size, func(w io.Writer) error { _, err := io.Copy(w, rc); return err })
		return nil
	}
}

// writeFile answers a file as an attachment of its real type.
func writeFile(w http.ResponseWriter, filename, contentType string, size int64, body func(io.Writer) error) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": filename}))
	if size > 0 {
		w.Header().Set("Content-Length", fmt.Sprint(size))
	}
	_ = body(w)
}
