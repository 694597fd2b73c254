package admin

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"its/core/audit"
	"its/core/grid"
	"its/core/httpx"
)

// exportHeaders are the export's column headers when the client sends none (?headers=, seven
// texts separated by "|": time, actor, e-mail, action, object type, object, details).
var exportHeaders = []string{"Time (UTC)", "Actor", "E-mail", "Action", "Object type", "Object", "Details"}

// auditFilter reads the listing's filters from the query: actor, kind, from, to (dates
// 2006-01-02 or RFC 3339; to is exclusive, a date meaning the end of that day), text, limit.
func auditFilter(q url.Values) (audit.Filter, error) {
	f := audit.Filter{Actor: strings.TrimSpace(q.Get("actor")), Kind: strings.TrimSpace(q.Get("kind")), Text: strings.TrimSpace(q.Get("text")), Limit: 200}
	var errs []httpx.FieldError
	for _, p := range []struct {
		name string
		dst  *time.Time
	}{{"from", &f.From}, {"to", &f.To}} {
		s := q.Get(p.name)
		if s == "" {
			continue
		}
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			*p.dst = t
		} else if t, err := time.Parse(time.DateOnly, s); err == nil {
			if p.name == "to" {
				t = t.AddDate(0, 0, 1)
			}
			*p.dst = t
		} else {
			errs = append(errs, httpx.FieldError{Field: p.name, Rule: "date", Message: p.name + " must be a date (2006-01-02) or a time (RFC 3339)"})
		}
	}
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > 1000 {
			errs = append(errs, httpx.FieldError{Field: "limit", Rule: "range", Message: "limit must be 1 to 1000"})
		}
		f.Limit = n
	}
	if len(errs) > 0 {
		return f, httpx.Invalid(errs...)
	}
	return f, nil
}

func (h *Handler) auditList(r *http.Request) ([]*audit.Entry, error) {
	f, err := auditFilter(r.URL.Query())
	if err != nil {
		return nil, err
	}
	return h.audit.List(r.Context(), f)
}

// auditExport streams the filtered entries (at most audit.MaxExportRows) as an .xlsx workbook.
func (h *Handler) auditExport(w http.ResponseWriter, r *http.Request) error {
	f, err := auditFilter(r.URL.Query())
	if err != nil {
		return err
	}
	headers := exportHeaders
	if s := r.URL.Query().Get("headers"); s != "" {
		if headers = strings.Split(s, "|"); len(headers) != len(exportHeaders) {
			return httpx.Invalid(httpx.FieldError{Field: "headers", Rule: "count", Message: "headers must be seven texts separated by |"})
		}
	}
	// Every row is in the workbook before its first byte goes out: until then a failure is
	// still an error envelope.
	return h.audit.Export(r.Context(), &download{w: w, name: grid.ExportFileName(r.URL.Query().Get("fileName"), "audit-log")}, f, headers)
}

// download sets the workbook's headers on its first write.
type download struct {
	w       http.ResponseWriter
	name    string
	started bool
}

func (d *download) Write(p []byte) (int, error) {
	if !d.started {
		d.started = true
		d.w.Header().Set("Content-Type", grid.XLSXType)
		d.w.Header().Set("Content-Disposition", `attachment; filename="`+d.name+`"`)
	}
	return d.w.Write(p)
}
