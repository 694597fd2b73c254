// Package seasons is the seasons of internal assortments. So far it owns the season cover
// upload; its pages, API and manifest come with the seasons screens.
package seasons

import (
	"go.uber.org/fx"

	"its/core/storage"
	"its/core/uploads"
)

// UploadCover is the usage type of a season's cover image.
const UploadCover = "seasonCover"

// coverUsage files a season's cover, always as sourceFile.jpg in the season's folder
// seasons/{year}/{season}/{channel}/, for those who manage seasons.
func coverUsage() uploads.Usage {
	folder := []string{"year", "season", "channel"}
	return uploads.Usage{
		Type:       UploadCover,
		Extensions: []string{".jpg", ".jpeg"},
		Params:     folder,
		Check: func(r *uploads.Request) error {
			for _, name := range folder {
				if _, err := storage.Segment(r.Params[name]); err != nil {
					return uploads.Field(name, "required", name+" is required for season cover uploads (letters and digits)")
				}
			}
			return nil
		},
		Action: func(*uploads.Request) (string, map[string]any) { return "seasons.manage", nil },
		Key: func(r *uploads.Request, _ string) (string, error) {
			return storage.Key("seasons", r.Params["year"], r.Params["season"], r.Params["channel"], "sourceFile.jpg")
		},
	}
}

// Module wires the seasons module.
var Module = fx.Module("seasons", uploads.AsUsage(coverUsage))
