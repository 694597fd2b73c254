package internalassortments

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/registry"
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

// seed loads the demo internal assortments.
func seed(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
	start := time.Now()
	var owner string
	if err := tx.QueryRow(ctx, `SELECT id::text FROM users WHERE lower(email) = lower($1)`, demoOwner).Scan(&owner); err != nil {
		return fmt.Errorf("demo internal assortments: %w", err)
	}
	clock := time.Date(2025, 11, 3, 12, 0, 0, 0, time.UTC)
	list := demoAssortments()
	for _, e := range list {
		clock = clock.Add(-3 * time.Hour)
		if _, err := assortments.SeedDemo(ctx, tx, owner, e, clock); err != nil {
			return fmt.Errorf("demo internal assortment %q: %w", e.Title, err)
		}
	}
	env.Log.Info("demo internal assortments created", "assortments", len(list), "ms", time.Since(start).Milliseconds())
	return nil
}
