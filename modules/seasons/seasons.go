// Package seasons is the seasons of internal assortments (Manage Seasons): a season of a channel
// with its season sets, its state (Live, Preparation, Archived) and a cover image uploaded to
// seasons/{year}/{season}/{channel}/sourceFile.jpg, whose preview.jpg a job draws beside it.
package seasons

import (
	"context"
	_ "embed"
	"strconv"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/jobs"
	"its/core/live"
	"its/core/registry"
	"its/core/storage"
	"its/core/uploads"
	"its/modules/actions"
)

//go:embed module.yaml
var manifest []byte

// UploadCover is the usage type of a season's cover image.
const UploadCover = "seasonCover"

// The cover's file names in the season's folder (platform spec: upload paths).
const (
	coverFile   = "sourceFile.jpg"
	previewFile = "preview.jpg"
)

// SeasonSet is one key initiative of a season: what its internal assortments are made for.
type SeasonSet struct {
	ID          string `json:"_id"`
	ShortName   string `json:"shortName"`
	ProductType string `json:"productType"`
	Region      string `json:"region"`
	OrgType     string `json:"orgType"`
	Method      string `json:"method"`
}

// folder is the season's blob folder, seasons/{year}/{season}/{channel}.
func folder(year int, season, channel string) []string {
	return []string{"seasons", strconv.Itoa(year), season, channel}
}

// coverUsage files a season's cover, always as sourceFile.jpg in the season's folder
// seasons/{year}/{season}/{channel}/, for those who manage seasons. The season of that folder,
// if it exists yet, records the cover, and a job draws its preview.
func coverUsage(s *Service) uploads.Usage {
	params := []string{"year", "season", "channel"}
	return uploads.Usage{
		Type:       UploadCover,
		Extensions: []string{".jpg", ".jpeg"},
		Params:     params,
		Check: func(r *uploads.Request) error {
			for _, name := range params {
				if _, err := storage.Segment(r.Params[name]); err != nil {
					return uploads.Field(name, "required", name+" is required for season cover uploads (letters and digits)")
				}
			}
			return nil
		},
		Action: func(*uploads.Request) (string, map[string]any) { return actions.SeasonsManage, nil },
		Key: func(r *uploads.Request, _ string) (string, error) {
			return storage.Key("seasons", r.Params["year"], r.Params["season"], r.Params["channel"], coverFile)
		},
		Completed: func(ctx context.Context, tx pgx.Tx, u *uploads.Upload) (any, error) {
			return s.coverUploaded(ctx, tx, u.Params["year"], u.Params["season"], u.Params["channel"], u.Key)
		},
	}
}

// Module wires the seasons module.
var Module = fx.Module("seasons",
	fx.Provide(NewStore, NewService, NewHandler, fx.Private), // other modules get Reader (api.go)
	fx.Provide(NewReader),
	live.AsTopic(liveTopic),
	registry.AsModule(func(h *Handler, s *Service) registry.Module {
		return registry.Module{File: "modules/seasons/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: s.seed, SeedOrder: 30}
	}),
	uploads.AsUsage(coverUsage),
	jobs.AsRegistration(func(s *Service) jobs.Registration { return s.registration() }),
)
