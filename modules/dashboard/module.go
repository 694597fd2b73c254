// Package dashboard is the logged-in home: its remote shows announcements and quick links; the
// Go side serves the announcements ("charts" in the API): published ones to everyone, and their
// editing, publishing and one-page PDF to the advertising editors.
package dashboard

import (
	_ "embed"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/httpx"
	"its/core/pdf"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/libraries"
)

//go:embed module.yaml
var manifest []byte

// Announcement is a chart of the API.
type Announcement struct {
	ID        string     `json:"_id"`
	Title     string     `json:"title"`
	Body      string     `json:"body"`
	Link      string     `json:"link"`
	Published bool       `json:"published"`
	StartDate *time.Time `json:"startDate"`
	EndDate   *time.Time `json:"endDate"`
	Modified  time.Time  `json:"modifiedDate"`
	AssetID   string     `json:"assetId,omitempty"`
}

// ModuleParams wire the dashboard.
type ModuleParams struct {
	fx.In
	DB  *pgxpool.Pool
	PDF *pdf.Renderer
	// Assets are the libraries' advertising assets an announcement may be made from.
	Assets libraries.Assets
}

func newModule(p ModuleParams) registry.Module {
	s := &Store{db: p.DB}
	ann := &announcements{db: p.DB, store: s, pdf: p.PDF, assets: p.Assets}
	return registry.Module{
		File:     "modules/dashboard/module.yaml",
		Manifest: manifest,
		Routes: func(r registry.Router) {
			r.Handle("GET", "/api/charts", actions.AnnouncementsView, httpx.Get(func(req *http.Request) ([]Announcement, error) {
				published := true
				switch req.URL.Query().Get("published") {
				case "", "true":
				case "false":
					// Every announcement, drafts and expired ones included (allDrafts).
					published = false
				default:
					return nil, httpx.Invalid(httpx.FieldError{Field: "published", Rule: "boolean", Message: "published must be true or false"})
				}
				return s.List(req.Context(), published)
			}), allDrafts)
			ann.routes(r)
		},
		Seed: seed,
	}
}

// Module wires the dashboard.
var Module = fx.Module("dashboard", registry.AsModule(newModule))

// allDrafts is the chart list's second question: every announcement, drafts and expired ones
// included (?published=false), is for their editors.
var allDrafts = registry.AlsoBy(func(r *http.Request) ([]authz.Check, error) {
	if r.URL.Query().Get("published") != "false" {
		return nil, nil
	}
	return []authz.Check{{Action: actions.AnnouncementsManage}}, nil
})
