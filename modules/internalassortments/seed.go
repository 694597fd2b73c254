package internalassortments

import (
	"context"
	"fmt"
	"html"
	"image"
	"image/color"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/imaging"
	"its/core/registry"
	"its/core/storage"
	"its/modules/assortments"
	"its/modules/seasons"
)

// demoOwner is the demo account the internal assortments are made by (an admin editor with
// internal assortments).
const demoOwner = "adminEditor@example.com"

// demoYears are the demo seasons' years (modules/seasons): the live one has a men's and a
// women's assortment of each variant in every season, the others a men's one.
var demoYears = []int{2025, 2026, 2027}

const demoLiveYear = 2026

// demoLocation is the pricing location of a demo assortment of a region.
var demoLocation = map[string]string{RegionDomestic: "US", RegionInternational: "CA"}

// demoAssortments are the demo internal assortments: every variant (channel x region) of every
// demo season, footwear of a gender, grouped by pillar into display groups.
func demoAssortments() []assortments.DemoAssortment {
	var out []assortments.DemoAssortment
	k := 0
	for _, year := range demoYears {
		genders := []string{GenderMens}
		if year == demoLiveYear {
			genders = []string{GenderMens, GenderWomens}
		}
		for _, season := range seasons.Seasons {
			for _, channel := range Channels {
				for _, region := range Regions {
					for _, gender := range genders {
						k++
						out = append(out, assortments.DemoAssortment{
							Title:   fmt.Sprintf("%s %s %s%02d", gender, channel, season, year%100),
							OrgType: OrgType, Channel: channel, Region: region, Season: season, Year: year, Gender: gender,
							ProductType: ProductTypeFootwear, Location: demoLocation[region], Rows: 24,
							Where: fmt.Sprintf(`p.product_type = 'Footwear' AND p.gender = '%s' AND p.pillar <> '' AND p.style_numeric %% 5 = %d`,
								gender, k%5),
							GroupBy: assortments.GroupByPillar,
						})
					}
				}
			}
		}
	}
	return out
}

// pillarStories are the demo display groups' custom content texts, by pillar (the group's title).
var pillarStories = map[string]string{
	"Performance": "Lighter, faster, built for race day: responsive foams and engineered uppers lead the line.",
	"Lifestyle":   "Heritage silhouettes in new materials, the everyday pairs a store builds its wall around.",
	"Comfort":     "All-day cushioning and easy fits for the customer who stands, walks and travels.",
	"Work":        "Safety toes, slip resistance and waterproof leathers for the job site.",
	"Kids":        "Easy on, easy off, and tough enough for the playground.",
	"Outdoor":     "Trail-ready grip and weather protection from the trailhead to the summit.",
}

// pillarColors are the two colours of a pillar's demo banner.
var pillarColors = map[string][2]color.RGBA{
	"Performance": {{198, 40, 40, 255}, {255, 143, 0, 255}},
	"Lifestyle":   {{69, 39, 160, 255}, {236, 64, 122, 255}},
	"Comfort":     {{0, 121, 107, 255}, {129, 199, 132, 255}},
	"Work":        {{93, 64, 55, 255}, {255, 179, 0, 255}},
	"Kids":        {{2, 136, 209, 255}, {255, 213, 79, 255}},
	"Outdoor":     {{46, 125, 50, 255}, {121, 85, 72, 255}},
}

// groupContent answers the demo custom content of a display group of an assortment of season
// and year: the pillar's story as html and, for the live year, a banner (drawn once per pillar
// and season, through banners).
func groupContent(season string, year int, banners map[string]image.Image) func(title string) *assortments.DemoContent {
	return func(title string) *assortments.DemoContent {
		story, ok := pillarStories[title]
		if !ok {
			return nil
		}
		c := &assortments.DemoContent{HTML: fmt.Sprintf("<h3>%s · %s %d</h3><p>%s</p><ul><li>Key story of the season</li><li>Lead with the hero colour in the window</li></ul>",
			html.EscapeString(title), season, year, html.EscapeString(story))}
		if year != demoLiveYear {
			return c
		}
		key := title + season
		if banners[key] == nil {
			col := pillarColors[title]
			banners[key] = imaging.Banner(960, 320, col[0], col[1], year+len(title), 48, []imaging.BannerLine{
				{Text: strings.ToUpper(title), Scale: 7, Top: 70},
				{Text: fmt.Sprintf("%s %d KEY STORY", season, year), Scale: 3, Top: 200},
			})
		}
		c.Image = banners[key]
		return c
	}
}

// seeder loads the demo internal assortments, their display groups' custom content in blobs.
func seeder(blobs storage.Store) func(context.Context, pgx.Tx, registry.SeedEnv) error {
	return func(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
		start := time.Now()
		var owner string
		if err := tx.QueryRow(ctx, `SELECT id::text FROM users WHERE lower(email) = lower($1)`, demoOwner).Scan(&owner); err != nil {
			return fmt.Errorf("demo internal assortments: %w", err)
		}
		clock := time.Date(2025, 11, 3, 12, 0, 0, 0, time.UTC)
		list := demoAssortments()
		banners := map[string]image.Image{}
		for _, e := range list {
			clock = clock.Add(-3 * time.Hour)
			id, err := assortments.SeedDemo(ctx, tx, owner, e, clock)
			if err != nil {
				return fmt.Errorf("demo internal assortment %q: %w", e.Title, err)
			}
			if err := assortments.SeedGroupContent(ctx, tx, blobs, id, groupContent(e.Season, e.Year, banners)); err != nil {
				return fmt.Errorf("demo internal assortment %q: custom content: %w", e.Title, err)
			}
		}
		env.Log.Info("demo internal assortments created", "assortments", len(list), "ms", time.Since(start).Milliseconds())
		return nil
	}
}
