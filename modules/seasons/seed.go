package seasons

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/imaging"
	"its/core/registry"
	"its/core/storage"
)

// seasonNames are the words a cover prints for a season code.
var seasonNames = map[string]string{SeasonSP: "SPRING", SeasonSU: "SUMMER", SeasonFA: "FALL", SeasonHO: "HOLIDAY"}

// seasonColors are the demo covers' two colours per season code.
var seasonColors = map[string][2]color.RGBA{
	SeasonSP: {{46, 125, 50, 255}, {174, 213, 129, 255}},
	SeasonSU: {{239, 108, 0, 255}, {255, 213, 79, 255}},
	SeasonFA: {{121, 85, 72, 255}, {230, 81, 0, 255}},
	SeasonHO: {{21, 101, 192, 255}, {183, 28, 28, 255}},
}

// demoYears are the three demo years: the first archived, the second live, the third in preparation.
var demoYears = []int{2025, 2026, 2027}

// demoSets are the season sets of a demo season of a channel.
func demoSets(channel string) []SeasonSet {
	prefix := map[string]string{ChannelWholesale: "WHS", ChannelRetail: "RTL"}[channel]
	return []SeasonSet{
		{ShortName: prefix + "-DOM-FW", ProductType: "Footwear", Region: "Domestic", OrgType: OrgTypeInternal, Method: "static"},
		{ShortName: prefix + "-DOM-AP", ProductType: "Apparel", Region: "Domestic", OrgType: OrgTypeInternal, Method: "static"},
		{ShortName: prefix + "-INT", ProductType: "All", Region: "International", OrgType: OrgTypeInternal, Method: "dynamic"},
	}
}

// seed adds the demo seasons: every season code of three years in both channels, each with its
// season sets and a drawn cover with its preview.
func (s *Service) seed(ctx context.Context, tx pgx.Tx, _ registry.SeedEnv) error {
	for i, year := range demoYears {
		state := []string{StateArchived, StateLive, StatePreparation}[i]
		for _, code := range Seasons {
			for _, channel := range Channels {
				n := &Season{Season: code, Year: year, Channel: channel, State: state, SeasonSets: demoSets(channel)}
				dir := folder(year, code, channel)
				cover, err := demoCover(code, year, channel)
				if err != nil {
					return err
				}
				prev, err := imaging.Scale(cover, PreviewSize)
				if err != nil {
					return err
				}
				var src bytes.Buffer
				if err := jpeg.Encode(&src, cover, &jpeg.Options{Quality: 85}); err != nil {
					return err
				}
				for _, f := range []struct {
					name string
					body []byte
					dst  *string
				}{{coverFile, src.Bytes(), &n.SourceFile}, {previewFile, prev, &n.PreviewJpg}} {
					key, err := storage.Key(append(dir, f.name)...)
					if err != nil {
						return err
					}
					if err := s.blobs.Put(ctx, key, bytes.NewReader(f.body), int64(len(f.body)), "image/jpeg"); err != nil {
						return err
					}
					*f.dst = key
				}
				id, err := s.store.Insert(ctx, tx, n)
				if err != nil {
					return fmt.Errorf("demo season %s %d %s: %w", code, year, channel, err)
				}
				if state == StateLive {
					if _, err := tx.Exec(ctx, `UPDATE assortment_seasons SET season_set_id = (SELECT id FROM assortment_season_sets
						WHERE season_id = $1 ORDER BY position LIMIT 1) WHERE id = $1`, id); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// demoCover draws a season's cover: a diagonal blend of the season's colours, light bands and
// the season, year and channel in large letters.
func demoCover(code string, year int, channel string) (image.Image, error) {
	const w, h = 1200, 675
	c := seasonColors[code]
	return imaging.Banner(w, h, c[0], c[1], year, 80, []imaging.BannerLine{
		{Text: seasonNames[code] + " " + fmt.Sprint(year), Scale: 8, Top: h/2 - 14*8 - 10},
		{Text: strings.ToUpper(channel), Scale: 5, Top: h/2 + 30},
	}), nil
}
