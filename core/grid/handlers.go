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
	return httpx.Get(func(r *http.Request) (S, error) { return schema(chi.URLParam(r, param)) })
}

// ServeQuery answers one page of the grid named by param for the Query in the body.
func ServeQuery(page func(ctx context.Context, name string, q Query) (*Page, error), param string) httpx.HandlerFunc {
	return ServeBody(page, param)
}

// ServeBody decodes the body as an R (unknown keys are a 400), hands it to answer with the
// grid's name from the URL parameter param, and sends the answer as {"data": ...}.
func ServeBody[R, A any](answer func(ctx context.Context, name string, req R) (A, error), param string) httpx.HandlerFunc {
	return httpx.Body(func(r *http.Request, req R) (A, error) { return answer(r.Context(), chi.URLParam(r, param), req) })
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

// ServeSummary answers the footer figures (a SummaryRequest in the body, docs/grid.md §7.1) of
// the grid named by param.
func ServeSummary(summary func(ctx context.Context, name string, req SummaryRequest) (*Summary, error), param string) httpx.HandlerFunc {
	return ServeBody(summary, param)
}
