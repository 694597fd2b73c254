package grid

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"its/core/httpx"
)

// The read side of the grid protocol is answered alike by every module: these handlers decode
// the call, take the grid's name from the URL parameter param and hand both to the module.

// ServeSchema answers the schema of the grid named by param.
func ServeSchema[S any](schema func(name string) (S, error), param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		s, err := schema(chi.URLParam(r, param))
		if err != nil {
			return err
		}
		httpx.Data(w, s)
		return nil
	}
}

// ServeQuery answers one page of the grid named by param for the Query in the body.
func ServeQuery(page func(ctx context.Context, name string, q Query) (*Page, error), param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var q Query
		if err := httpx.Decode(r, &q); err != nil {
			return err
		}
		p, err := page(r.Context(), chi.URLParam(r, param), q)
		if err != nil {
			return err
		}
		httpx.Data(w, p)
		return nil
	}
}

// ServeStream streams the rows of the grid named by param; an empty body streams every row.
func ServeStream(stream func(ctx context.Context, w http.ResponseWriter, name string, q Query) error, param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var q Query
		if r.ContentLength != 0 {
			if err := httpx.Decode(r, &q); err != nil {
				return err
			}
		}
		return stream(r.Context(), w, chi.URLParam(r, param), q)
	}
}

// ServeExport writes the workbook of the grid named by param for the ExportRequest in the body.
func ServeExport(export func(ctx context.Context, w http.ResponseWriter, name string, req ExportRequest) error, param string) httpx.HandlerFunc {
	return ServeExportAs(FormatXLSX, export, param)
}

// ServeExportAs is ServeExport in a format (FormatXLSX or FormatCSV): the route decides it.
func ServeExportAs(format string, export func(ctx context.Context, w http.ResponseWriter, name string, req ExportRequest) error, param string) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req ExportRequest
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		req.Format = format
		return export(r.Context(), w, chi.URLParam(r, param), req)
	}
}
