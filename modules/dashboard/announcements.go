package dashboard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/httpx"
	"its/core/pdf"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/libraries"
)

// date is a calendar day in the API: "2026-03-01" (a full timestamp is accepted and cut to its
// day); null clears it.
type date struct {
	Set   bool
	Value *time.Time
}

func (d *date) UnmarshalJSON(b []byte) error {
	d.Set = true
	if string(b) == "null" {
		d.Value = nil
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	for _, layout := range []string{time.DateOnly, time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
			d.Value = &day
			return nil
		}
	}
	return fmt.Errorf("%q is not a date (YYYY-MM-DD)", s)
}

// announcementInput is the body of a create or a PATCH: only the fields present change.
type announcementInput struct {
	Title        *string    `json:"title"`
	Body         *string    `json:"body"`
	Link         *string    `json:"link"`
	Published    *bool      `json:"published"`
	StartDate    date       `json:"startDate"`
	EndDate      date       `json:"endDate"`
	ModifiedDate *time.Time `json:"modifiedDate"`
	AssetID      *string    `json:"assetId"`
}

// apply merges the input into a and checks the result.
func (in announcementInput) apply(a *Announcement) error {
	if in.Title != nil {
		a.Title = strings.TrimSpace(*in.Title)
	}
	if in.Body != nil {
		a.Body = strings.TrimSpace(*in.Body)
	}
	if in.Link != nil {
		a.Link = strings.TrimSpace(*in.Link)
	}
	if in.Published != nil {
		a.Published = *in.Published
	}
	if in.StartDate.Set {
		a.StartDate = in.StartDate.Value
	}
	if in.EndDate.Set {
		a.EndDate = in.EndDate.Value
	}
	var errs []httpx.FieldError
	switch n := utf8.RuneCountInString(a.Title); {
	case n == 0:
		errs = append(errs, httpx.FieldError{Field: "title", Rule: "required", Message: "Title is required"})
	case n > 200:
		errs = append(errs, httpx.FieldError{Field: "title", Rule: "maxLength", Message: "Title must be at most 200 characters"})
	}
	if utf8.RuneCountInString(a.Body) > 10000 {
		errs = append(errs, httpx.FieldError{Field: "body", Rule: "maxLength", Message: "Body must be at most 10000 characters"})
	}
	if a.Link != "" && !safeLink(a.Link) {
		errs = append(errs, httpx.FieldError{Field: "link", Rule: "url", Message: "Link must be a path (/...) or an http(s) URL"})
	}
	if a.StartDate != nil && a.EndDate != nil && a.EndDate.Before(*a.StartDate) {
		errs = append(errs, httpx.FieldError{Field: "endDate", Rule: "afterStart", Message: "End date must not be before the start date"})
	}
	if len(errs) > 0 {
		return httpx.Invalid(errs...)
	}
	return nil
}

// announcements is the editors' side of the announcements.
type announcements struct {
	db     *pgxpool.Pool
	store  *Store
	pdf    *pdf.Renderer
	assets libraries.Assets
}

func (s *announcements) create(ctx context.Context, in announcementInput) (Announcement, error) {
	var out Announcement
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var a Announcement
		if in.AssetID != nil && *in.AssetID != "" {
			// An announcement made from an advertising asset starts from its name and points at it.
			var name string
			err := pgx.ErrNoRows
			if httpx.IsUUID(*in.AssetID) {
				name, err = s.assets.AdvertisingAssetName(ctx, *in.AssetID)
			}
			if errors.Is(err, pgx.ErrNoRows) {
				return httpx.Invalid(httpx.FieldError{Field: "assetId", Rule: "exists", Message: "No advertising asset " + *in.AssetID})
			}
			if err != nil {
				return err
			}
			a.Title, a.AssetID = name, *in.AssetID
			a.Link = "/advertising/libraries?asset=" + *in.AssetID
		}
		if err := in.apply(&a); err != nil {
			return err
		}
		var err error
		out, err = s.store.insert(ctx, tx, a)
		return err
	})
	return out, err
}

func (s *announcements) update(ctx context.Context, id string, in announcementInput) (Announcement, error) {
	if in.AssetID != nil {
		return Announcement{}, httpx.Invalid(httpx.FieldError{Field: "assetId", Rule: "readOnly", Message: "assetId is set only when the announcement is created"})
	}
	var out Announcement
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		a, err := s.store.Get(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.NotFound("Announcement")
		}
		if err != nil {
			return err
		}
		// A client that says which version it edited loses to a newer save instead of overwriting it.
		if in.ModifiedDate != nil && !in.ModifiedDate.Equal(a.Modified) {
			return httpx.Conflict("This announcement was changed by someone else. Reload it and try again.", map[string]string{"errorType": "userLock"})
		}
		if err := in.apply(&a); err != nil {
			return err
		}
		out, err = s.store.update(ctx, tx, id, a)
		return err
	})
	return out, err
}

func (s *announcements) delete(ctx context.Context, id string) error {
	if !httpx.IsUUID(id) {
		return httpx.NotFound("Announcement")
	}
	n, err := s.store.delete(ctx, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return httpx.NotFound("Announcement")
	}
	return nil
}

var announcementPage = template.Must(template.New("announcement").Parse(`<!doctype html>
<html><head><meta charset="utf-8"><title>{{.Title}}</title><style>
@page { size: Letter; margin: 0.6in }
body { font-family: "Noto Sans", "Noto Sans CJK JP", sans-serif; color: #1f1f24; margin: 0 }
header { border-bottom: 4px solid #c8102e; padding-bottom: 12px; margin-bottom: 24px }
header .brand { font-size: 11pt; letter-spacing: .2em; text-transform: uppercase; color: #6b6b74 }
h1 { font-size: 26pt; margin: 6px 0 0 }
.dates { font-size: 10pt; color: #6b6b74; margin-top: 8px }
.body { font-size: 13pt; line-height: 1.5; white-space: pre-wrap; max-height: 7.4in; overflow: hidden }
.link { margin-top: 24px; font-size: 11pt; color: #1d4f91 }
</style></head><body>
<header><div class="brand">ITS · Announcement</div><h1>{{.Title}}</h1>
{{if or .StartDate .EndDate}}<div class="dates">{{with .StartDate}}From {{.Format "January 2, 2006"}}{{end}}{{with .EndDate}} until {{.Format "January 2, 2006"}}{{end}}</div>{{end}}
</header>
<div class="body">{{.Body}}</div>
{{if .Link}}<div class="link">{{.Link}}</div>{{end}}
</body></html>`))

// renderPDF prints the announcement on one Letter page.
func (s *announcements) renderPDF(ctx context.Context, a Announcement) ([]byte, error) {
	var html bytes.Buffer
	if err := announcementPage.Execute(&html, a); err != nil {
		return nil, err
	}
	return s.pdf.RenderHTML(ctx, html.String(), pdf.Options{PreferCSSPageSize: true, PageRanges: "1"})
}

func (s *announcements) download(ctx context.Context, id string) (Announcement, []byte, error) {
	var a Announcement
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		a, err = s.store.Get(ctx, tx, id)
		if errors.Is(err, pgx.ErrNoRows) {
			return httpx.NotFound("Announcement")
		}
		return err
	})
	if err != nil {
		return a, nil, err
	}
	b, err := s.renderPDF(ctx, a)
	return a, b, err
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// routes are the editors' announcement routes.
func (s *announcements) routes(r registry.Router) {
	r.Handle("PATCH", "/api/charts/{_id}", actions.AnnouncementsManage, httpx.Body(func(req *http.Request, in announcementInput) (Announcement, error) {
		return s.update(req.Context(), chi.URLParam(req, "_id"), in)
	}))
	r.Handle("DELETE", "/api/charts/{_id}", actions.AnnouncementsManage, httpx.Get(func(req *http.Request) (map[string]string, error) {
		id := chi.URLParam(req, "_id")
		return map[string]string{"_id": id}, s.delete(req.Context(), id)
	}))
	r.Handle("POST", "/api/assets/AdvertisingAsset/announcement", actions.AnnouncementsManage, httpx.Body(func(req *http.Request, in announcementInput) (httpx.Answer, error) {
		if in.ModifiedDate != nil {
			return httpx.Answer{}, httpx.Invalid(httpx.FieldError{Field: "modifiedDate", Rule: "readOnly", Message: "modifiedDate is set by the server"})
		}
		a, err := s.create(req.Context(), in)
		return httpx.Answer{Status: http.StatusCreated, Data: a}, err
	}))
	r.Handle("POST", "/api/assets/AdvertisingAsset/announcement/download/pdf", actions.AnnouncementsManage, func(w http.ResponseWriter, req *http.Request) error {
		var in struct {
			ID string `json:"_id"`
		}
		if err := httpx.Decode(req, &in); err != nil {
			return err
		}
		if in.ID == "" {
			return httpx.Invalid(httpx.FieldError{Field: "_id", Rule: "required", Message: "_id is required"})
		}
		a, b, err := s.download(req.Context(), in.ID)
		if err != nil {
			return err
		}
		name := strings.Trim(unsafeName.ReplaceAllString(a.Title, "_"), "_")
		if name == "" {
			name = "announcement"
		}
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.pdf"`, name))
		w.Header().Set("Cache-Control", "no-store")
		_, err = w.Write(b)
		return err
	})
}

// safeLink accepts a path of ITS (/...) or an absolute http(s) URL with a host. A path must not
// start with // or /\: browsers read both as a link to another host.
func safeLink(link string) bool {
	if strings.HasPrefix(link, "/") {
		return !strings.HasPrefix(link, "//") && !strings.HasPrefix(link, "/\\")
	}
	u, err := url.Parse(link)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && strings.HasPrefix(link, u.Scheme+"://")
}
