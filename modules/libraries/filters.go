package libraries

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/identity"
)

// How many tiles and recent assets a landing page shows.
const (
	landingTiles  = 12
	landingRecent = 6
)

// FilterValue is one option of a filter bar dropdown: a value published assets use and how many.
type FilterValue struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// Regions are the region data sets of a filter bar (spec §2.6: domestic, europe, international).
var Regions = []string{"Domestic", "Europe", "International"}

// dataSetRegion reads a bar's region data set (any casing) for a library whose assets hold a
// region; "" is every region.
func dataSetRegion(libraryType, region string) (string, error) {
	if region == "" {
		return "", nil
	}
	if !slices.Contains(filterFields[libraryType], "region") {
		return "", invalid("region", "notApplicable", libraryType+" assets have no region")
	}
	for _, r := range Regions {
		if strings.EqualFold(r, strings.TrimSpace(region)) {
			return r, nil
		}
	}
	return "", invalid("region", "oneOf", "region must be one of "+strings.Join(Regions, ", "))
}

// FilterOptions answers, for each filter of the library's filter bar (spec §2.6), the distinct
// values its Published assets hold, with their counts, in the bar's order of fields and
// alphabetical order of values. Every filter field is present (an empty list when no asset has
// a value). With a region data set the values are those of that region's assets (the region
// filter itself still offers every region).
func (s *Service) FilterOptions(ctx context.Context, libraryType, region string) (map[string][]FilterValue, error) {
	if err := checkLibraryType(libraryType, "libraryType"); err != nil {
		return nil, err
	}
	region, err := dataSetRegion(libraryType, region)
	if err != nil {
		return nil, err
	}
	fields := filterFields[libraryType]
	out := make(map[string][]FilterValue, len(fields))
	for _, f := range fields {
		out[f] = []FilterValue{}
	}
	err = s.store.filterValues(ctx, libraryType, region, fields, func(n int, v FilterValue) {
		out[fields[n]] = append(out[fields[n]], v)
	})
	return out, err
}

// Landing answers a library's landing page from all its Published assets: their number, the
// landing facet's most used values (the most assets first, ties by value) each with a sample
// picture, and the most recently modified assets, in GET /api/assets's shape with signed URLs.
func (s *Service) Landing(ctx context.Context, libraryType string) (*Landing, error) {
	if err := checkLibraryType(libraryType, "libraryType"); err != nil {
		return nil, err
	}
	facet := landingFacet[libraryType]
	col, ok := column(facet) // the whitelist: column names come from model.go only
	if !ok {
		return nil, fmt.Errorf("libraries: landing facet %q of %s has no column", facet, libraryType)
	}
	var out *Landing
	err := pgx.BeginTxFunc(ctx, s.db, db.Snapshot, func(tx pgx.Tx) error {
		var err error
		out, err = s.store.Landing(ctx, tx, LandingQuery{
			LibraryType: libraryType, Column: col, Tiles: landingTiles, Recent: landingRecent, UserID: identity.FromContext(ctx).ID,
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	out.Facet = facet
	assets := slices.Clone(out.Recent)
	for _, t := range out.Tiles {
		if t.Sample != nil && !slices.Contains(assets, t.Sample) {
			assets = append(assets, t.Sample)
		}
	}
	return out, s.sign(ctx, assets)
}
