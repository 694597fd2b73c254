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

// Divisions are the division data sets of a filter bar (spec §2.6: apparel, footwear, POP), held
// by the assets' divisionId (product documents).
var Divisions = []string{"Apparel", "Footwear", "POP"}

// DataSets are the data sets a filter bar asks for: a region, a division; "" is every one.
type DataSets struct {
	Region   string
	Division string
}

// dataSet is one kind of data set: its query parameter, the filter field of the assets that hold
// it and the values it takes. A library whose bar has no such field has no such data set.
type dataSet struct {
	param, field string
	values       []string
}

var dataSets = []dataSet{{"region", "region", Regions}, {"division", "divisionId", Divisions}}

// pick reads the data set's value (any casing) for libraryType; "" is every value.
func (d dataSet) pick(libraryType, value string) (string, error) {
	value = strings.TrimSpace(value)
	if value == "" {
		return "", nil
	}
	if !slices.Contains(filterFields[libraryType], d.field) {
		return "", invalid(d.param, "notApplicable", libraryType+" assets have no "+d.param)
	}
	for _, v := range d.values {
		if strings.EqualFold(v, value) {
			return v, nil
		}
	}
	return "", invalid(d.param, "oneOf", d.param+" must be one of "+strings.Join(d.values, ", "))
}

// FilterOptions answers, for each filter of the library's filter bar (spec §2.6), the distinct
// values its Published assets hold, with their counts, in the bar's order of fields and
// alphabetical order of values. Every filter field is present (an empty list when no asset has
// a value). With a region or division data set the values are those of that region's or
// division's assets (the region or division filter itself still offers every value).
func (s *Service) FilterOptions(ctx context.Context, libraryType string, sets DataSets) (map[string][]FilterValue, error) {
	if err := checkLibraryType(libraryType, "libraryType"); err != nil {
		return nil, err
	}
	picked := map[string]string{} // filter field of a picked data set -> its value
	for i, raw := range []string{sets.Region, sets.Division} {
		v, err := dataSets[i].pick(libraryType, raw)
		if err != nil {
			return nil, err
		}
		if v != "" {
			picked[dataSets[i].field] = v
		}
	}
	fields := filterFields[libraryType]
	out := make(map[string][]FilterValue, len(fields))
	for _, f := range fields {
		out[f] = []FilterValue{}
	}
	err := s.store.filterValues(ctx, libraryType, picked, fields, func(n int, v FilterValue) {
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
	err := db.InTxWith(ctx, s.db, db.Snapshot, func(tx pgx.Tx) error {
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
