package products

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Handler is the products module's HTTP side.
type Handler struct {
	svc   *Service
	store *Store
	log   *slog.Logger
}

// NewHandler gives the handler.
func NewHandler(svc *Service, store *Store, log *slog.Logger) *Handler {
	return &Handler{svc: svc, store: store, log: log}
}

// Routes registers the module's routes (each listed in module.yaml).
func (h *Handler) Routes(r registry.Router) {
	r.Handle("GET", "/api/products", actions.ProductsView, h.page)
	r.Handle("POST", "/api/products/query", actions.ProductsView, h.stream)
	r.Handle("POST", "/api/products/fetch", actions.ProductsView, httpx.Body(h.fetch))
	r.Handle("POST", "/api/products/validate", actions.ProductsView, httpx.Body(h.validate))
	r.Handle("POST", "/api/products/autocomplete/styles/{text}", actions.ProductsView, httpx.MaybeBody(h.styles))
	r.Handle("POST", "/api/products/autocomplete/styles/{text}/{popColors}", actions.ProductsView, httpx.MaybeBody(h.styles))
	r.Handle("POST", "/api/products/autocomplete/colors/{text}", actions.ProductsView, httpx.MaybeBody(h.colors))
	r.Handle("POST", "/api/products/autocomplete/colors/{text}/{popColors}", actions.ProductsView, httpx.MaybeBody(h.colors))
	r.Handle("GET", "/api/products/locations", actions.ProductsView, httpx.Get(h.locations))
	r.Handle("GET", "/api/products/images/{id}/{file}", actions.ProductsView, h.image)
	r.Handle("POST", "/api/products/summary", actions.ProductsView, grid.ServeBody(func(ctx context.Context, _ string, req SummaryRequest) (*grid.Summary, error) {
		return h.svc.Summary(ctx, req)
	}, ""))
	r.Handle("POST", "/api/products/groups", actions.ProductsView, grid.ServeBody(func(ctx context.Context, _ string, req GroupsRequest) (*Groups, error) {
		return h.svc.Groups(ctx, req)
	}, ""))
	r.Handle("POST", "/api/products/export/xlsx", actions.ProductsView, h.export(grid.FormatXLSX))
	r.Handle("POST", "/api/products/export/csv", actions.ProductsView, h.export(grid.FormatCSV))
}

// stream answers a product query as NDJSON: {"totalCount":N,"totalCountCapped":false} (exact up
// to CountCap, an estimate flagged capped beyond), one product per line, then
// {"done":true,"count":n} (the framing of core/grid streams). The limit defaults to the query
// limit of 1000; rows carry the query's pricing location (fetch gives every location).
func (h *Handler) stream(w http.ResponseWriter, r *http.Request) error {
	var q Query
	if err := httpx.Decode(r, &q); err != nil {
		return err
	}
	if q.Limit == 0 {
		q.Limit = MaxLimit
	}
	var (
		buf     bytes.Buffer
		enc     = json.NewEncoder(&buf)
		line    []byte
		started bool
		n       int
	)
	rc := http.NewResponseController(w)
	flush := func() error {
		if _, err := w.Write(buf.Bytes()); err != nil {
			return err
		}
		buf.Reset()
		if err := rc.Flush(); err != nil && err != http.ErrNotSupported {
			return err
		}
		return nil
	}
	err := h.svc.Search(r.Context(), q, true, func(total Total) error {
		w.Header().Set("Content-Type", "application/x-ndjson; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
		started = true
		fmt.Fprintf(&buf, "{\"totalCount\":%d,\"totalCountCapped\":%t}\n", total.Count, total.Capped)
		return flush()
	}, func(p *Product) error {
		var err error
		if line, err = p.AppendJSON(line[:0]); err != nil {
			return err
		}
		buf.Write(line)
		n++
		// The first rows go at once so the grid can draw; then in chunks.
		if n == 1 || n == 20 || buf.Len() > 64<<10 {
			return flush()
		}
		return nil
	})
	if err != nil && !started {
		return err
	}
	if err != nil {
		if r.Context().Err() != nil {
			return nil
		}
		h.log.Error("product stream failed", "requestId", httpx.RequestID(r.Context()), "error", err)
		buf.WriteString(`{"error":{"message":"Unexpected Server Error","messageCode":"ITS_ERR_INTERNAL"}}` + "\n")
		_ = flush()
		return nil
	}
	_ = enc.Encode(map[string]any{"done": true, "count": n})
	_ = flush()
	return nil
}

// export writes the product library's view as a file in format.
func (h *Handler) export(format string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req ExportRequest
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		req.Format = format
		return h.svc.Export(r.Context(), w, req)
	}
}

// page is the cached GET: ?query=<json>&select=a,b&cursor=... The answer may be kept by the
// browser for an hour and revalidated with its ETag.
func (h *Handler) page(w http.ResponseWriter, r *http.Request) error {
	v := r.URL.Query()
	page, err := h.svc.PageOf(r.Context(), v.Get("query"), v.Get("select"), v.Get("cursor"))
	if err != nil {
		return err
	}
	body, err := json.Marshal(map[string]any{"data": page})
	if err != nil {
		return err
	}
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Header().Set("ETag", etag)
	w.Header().Set("Vary", "Cookie")
	if match := r.Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(append(body, '\n'))
	return nil
}

func (h *Handler) fetch(r *http.Request, req FetchRequest) ([]Product, error) {
	list, err := h.svc.Fetch(r.Context(), req)
	if err == nil && len(list) == 0 {
		return nil, &httpx.Error{Status: http.StatusNotFound, Code: "ITS_ERR_NOT_FOUND", Message: NoDataMessage}
	}
	return list, err
}

func (h *Handler) validate(r *http.Request, req validateBody) (ValidationResult, error) {
	if len(req.Products) > 5000 {
		return ValidationResult{}, httpx.Invalid(httpx.FieldError{Field: "products", Rule: "max", Message: "At most 5000 products per request"})
	}
	return h.svc.Validate(r.Context(), h.svc.db, req.Products)
}

type validateBody struct {
	Products []Pair `json:"products"`
}

// autocompleteBody is the optional body of the autocomplete calls.
type autocompleteBody struct {
	Style string `json:"style,omitempty"`
}

func (h *Handler) styles(r *http.Request, _ autocompleteBody) ([]StyleSuggestion, error) {
	text := chi.URLParam(r, "text")
	if strings.TrimSpace(text) == "" {
		return []StyleSuggestion{}, nil
	}
	return h.store.AutocompleteStyles(r.Context(), text, popColorsFor(r.Context(), chi.URLParam(r, "popColors")), AutocompleteLimit)
}

func (h *Handler) colors(r *http.Request, body autocompleteBody) ([]ColorSuggestion, error) {
	text := chi.URLParam(r, "text")
	// "style_colorPrefix" reads as a colour search within the style.
	style := body.Style
	if s, c, ok := strings.Cut(text, "_"); ok && style == "" {
		style, text = s, c
	}
	if strings.TrimSpace(text) == "" && style == "" {
		return []ColorSuggestion{}, nil
	}
	return h.store.AutocompleteColors(r.Context(), text, style, popColorsFor(r.Context(), chi.URLParam(r, "popColors")), AutocompleteLimit)
}

func (h *Handler) locations(r *http.Request) ([]LocationInfo, error) {
	return h.svc.Locations(r.Context())
}

// image renders a product image; its URL names the style/colour and never changes meaning, so
// browsers keep it for a year.
func (h *Handler) image(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "id")
	kind, angle, ok := imageFile(chi.URLParam(r, "file"))
	if !ok {
		return httpx.NotFound("Image")
	}
	_, color, valid := SplitID(id)
	if !valid {
		return httpx.NotFound("Image")
	}
	facts, found, err := h.store.imageFactsOf(r.Context(), id)
	if err != nil {
		return err
	}
	if !found {
		return httpx.NotFound("Product")
	}
	etag := `"` + id + "-" + kind + "-" + angle + `"`
	w.Header().Set("Cache-Control", "private, max-age=31536000, immutable")
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	var buf bytes.Buffer
	if err := RenderAngle(&buf, kind, angle, facts.ProductType, facts.Type, color); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "image/png")
	_, _ = w.Write(buf.Bytes())
	return nil
}
