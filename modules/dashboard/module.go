// Package dashboard is the logged-in home: its remote shows announcements and quick links; the
// Go side serves the announcements ("charts" in the API): published ones to everyone, and their
// editing, publishing and one-page PDF to the advertising editors.
package dashboard

import (
	"context"
	_ "embed"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/httpx"
	"its/core/pdf"
	"its/core/registry"
	"its/modules/actions"
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

// Store reads announcements.
type Store struct{ db *pgxpool.Pool }

// List returns announcements, only published ones live today when published is true.
func (s *Store) List(ctx context.Context, published bool) ([]Announcement, error) {
	rows, err := s.db.Query(ctx, selectAnnouncement+`
		WHERE NOT $1 OR (published AND (start_date IS NULL OR start_date <= current_date) AND (end_date IS NULL OR end_date >= current_date))
		ORDER BY modified_at DESC LIMIT 50`, published)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Announcement, error) { return scanAnnouncement(r) })
}

// ModuleParams wire the dashboard.
type ModuleParams struct {
	fx.In
	DB    *pgxpool.Pool
	Authz *authz.Engine
	PDF   *pdf.Renderer
}

func newModule(p ModuleParams) registry.Module {
	s := &Store{db: p.DB}
	ann := &announcements{db: p.DB, store: s, pdf: p.PDF}
	return registry.Module{
		File:     "modules/dashboard/module.yaml",
		Manifest: manifest,
		Routes: func(r registry.Router) {
			r.Handle("GET", "/api/charts", actions.AnnouncementsView, func(w http.ResponseWriter, req *http.Request) error {
				published := true
				switch req.URL.Query().Get("published") {
				case "", "true":
				case "false":
					// Every announcement, drafts and expired ones included, is for their editors.
					if err := registry.Require(req.Context(), p.Authz, actions.AnnouncementsManage, nil); err != nil {
						return err
					}
					published = false
				default:
					return httpx.Invalid(httpx.FieldError{Field: "published", Rule: "boolean", Message: "published must be true or false"})
				}
				list, err := s.List(req.Context(), published)
				if err != nil {
					return err
				}
				httpx.Data(w, list)
				return nil
			})
			ann.routes(r)
		},
		Seed: seed,
	}
}

func seed(ctx context.Context, tx pgx.Tx, _ registry.SeedEnv) error {
	items := []struct{ title, body, link string }{
		{"Spring '26 line sheets are live", "Line sheets and price sheets for Spring '26 footwear and apparel are published. Build your assortments now.", "/product/assortments"},
		{"Global conference: Spring '26 microsite", "Category videos, ads and general sessions for the Spring '26 global conference are online.", "/global/conference/spring26"},
		{"Sample inventory count", "The quarterly sample inventory count for Production and Sales closes on Friday. Please update bins and quantities.", "/product/libraries/samples/production"},
		{"New advertising assets", "Fresh marketing images and logos for the Work and Performance pillars are in the advertising library.", "/advertising/libraries"},
	}
	for i, it := range items {
		if _, err := tx.Exec(ctx, `INSERT INTO announcements (title, body, link, published, start_date, modified_at)
			VALUES ($1, $2, $3, true, current_date - 7, now() - make_interval(hours => $4))`, it.title, it.body, it.link, i); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, `INSERT INTO announcements (title, body, published) VALUES ('Draft: Fall 26 kickoff', 'Not published yet.', false)`)
	return err
}

// Module wires the dashboard.
var Module = fx.Module("dashboard", registry.AsModule(newModule))
