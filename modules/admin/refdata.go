package admin

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/authz"
	"its/core/grid"
	"its/core/live"
	"its/core/registry"
	"its/modules/actions"
)

// The reference data admins keep, each a grid on the grid protocol behind its own action:
// currencies and locations (the core's pricing tables), territories with their business
// entities (what a user's userTBEs name) and division groups.

// Genders are the genders a division group gathers (the catalog's genders).
var Genders = []string{"Mens", "Womens", "Boys", "Girls", "Kids", "Unisex"}

// constraintErrors name, per constraint of a reference table, the cell to blame and the message.
var constraintErrors = grid.MapConstraints(map[string]grid.Constraint{
	"currencies_pkey":                           {Field: "currencyCode", Message: "This currency code already exists"},
	"currencies_currency_code_check":            {Field: "currencyCode", Message: "Currency Code must be three capital letters (ISO 4217)"},
	"currencies_decimal_places_check":           {Field: "decimalPlaces", Message: "Decimal Places must be from 0 to 4"},
	"locations_pkey":                            {Field: "code", Message: "This location code already exists"},
	"locations_code_check":                      {Field: "code", Message: "Location Code must be 2 to 10 capital letters or digits"},
	"locations_currency_code_fkey":              {Field: "currencyCode", Message: "This currency is used by a location: change the location first"},
	"territories_territory_business_entity_key": {Field: "businessEntity", Message: "This territory and business entity already exist"},
	"division_groups_division_group_key":        {Field: "divisionGroup", Message: "This division group already exists"},
})

// refData builds the four grids; options that come from another table (a location's
// currencies, a territory's locations) are read at each call.
type refData struct {
	store                                              *Store
	currencies, locations, territories, divisionGroups *grid.Table
}

func newRefData(db *pgxpool.Pool, store *Store, log *slog.Logger) *refData {
	rd := &refData{store: store}
	table := func(action, model, file string, key []string, build func(ctx context.Context) (*grid.Grid, error)) *grid.Table {
		t := &grid.Table{Build: build, MapError: constraintErrors, AuditAction: action, ModelType: model, FileName: file, Key: key, DB: db, Log: log}
		return live.OnTable(t, TopicRefdata+":"+refDataTopics[action])
	}
	currencies := grid.MustNew(grid.Grid{
		Name: "referenceData.currencies", Table: "currencies",
		Columns: []grid.Column{
			{Field: "currencyCode", Header: "Currency Code", Type: grid.Text, Column: "currency_code", Edit: grid.NewRows, Required: true, Validators: []string{"alphanumericNoBlank", "nonClearable"}, Width: 140},
			{Field: "currencySymbol", Header: "Currency Symbol", Type: grid.Text, Column: "currency_symbol", Edit: grid.Always, Required: true, Validators: []string{"nonClearable"}, Width: 150},
			{Field: "decimalPlaces", Header: "Decimal Places", Type: grid.Integer, Column: "decimal_places", Edit: grid.Always, Required: true, Validators: []string{"nonClearable"}, Width: 140},
		},
		DefaultSort: []grid.Sort{{Field: "currencyCode"}},
		MaxBatch:    1000,
	})
	rd.currencies = table(actions.AdminCurrencies, "Currency", "currencies", []string{"currencyCode"}, func(context.Context) (*grid.Grid, error) { return currencies, nil })
	rd.locations = table(actions.AdminLocations, "Location", "locations", []string{"code"}, func(ctx context.Context) (*grid.Grid, error) {
		codes, err := store.CurrencyCodes(ctx)
		if err != nil {
			return nil, err
		}
		return grid.New(grid.Grid{
			Name: "referenceData.locations", Table: "locations",
			Columns: []grid.Column{
				{Field: "code", Header: "Location Code", Type: grid.Text, Column: "code", Edit: grid.NewRows, Required: true, Validators: []string{"alphanumericNoBlank", "nonClearable"}, Width: 140},
				grid.TextColumn("name", "Name", "name", true, 220),
				{Field: "currencyCode", Header: "Currency", Type: grid.List, Column: "currency_code", Edit: grid.Always, Required: true, Validators: []string{"list", "nonClearable"}, Options: nonEmpty(codes), Width: 120},
				{Field: "region", Header: "Region", Type: grid.List, Column: "region", Edit: grid.Always, Required: true, Validators: []string{"list", "nonClearable"}, Options: Regions[1:] /* without All */, Width: 150},
			},
			DefaultSort: []grid.Sort{{Field: "code"}},
			MaxBatch:    1000,
		})
	})
	rd.territories = table(actions.AdminTerritories, "Territory", "territories", []string{"territory", "businessEntity"}, func(ctx context.Context) (*grid.Grid, error) {
		codes, err := store.LocationCodes(ctx)
		if err != nil {
			return nil, err
		}
		return grid.New(grid.Grid{
			Name: "referenceData.territories", Table: "territories",
			Columns: []grid.Column{
				grid.TextColumn("territory", "Territory", "territory", true, 160),
				grid.TextColumn("businessEntity", "Business Entity", "business_entity", true, 170),
				{Field: "locations", Header: "Locations", Type: grid.MultiSelect, Column: "locations", Edit: grid.Always, Validators: []string{"multiSelect"}, Options: nonEmpty(codes), Width: 220},
				grid.TextColumn("description", "Description", "description", false, 280),
			},
			DefaultSort: []grid.Sort{{Field: "territory"}, {Field: "businessEntity"}},
			MaxBatch:    1000,
		})
	})
	divisionGroups := grid.MustNew(grid.Grid{
		Name: "referenceData.divisionGroups", Table: "division_groups",
		Columns: []grid.Column{
			grid.TextColumn("divisionGroup", "Division Group", "division_group", true, 180),
			{Field: "genders", Header: "Genders", Type: grid.MultiSelect, Column: "genders", Edit: grid.Always, Validators: []string{"multiSelect"}, Options: Genders, Width: 260},
			{Field: "sort", Header: "Sort", Type: grid.Integer, Column: "sort", Edit: grid.Always, Width: 100},
		},
		DefaultSort: []grid.Sort{{Field: "sort"}, {Field: "divisionGroup"}},
		MaxBatch:    1000,
	})
	rd.divisionGroups = table(actions.AdminDivisionGroups, "DivisionGroup", "division_groups", []string{"divisionGroup"}, func(context.Context) (*grid.Grid, error) { return divisionGroups, nil })
	return rd
}

// nonEmpty keeps a list column declarable while its options table is empty (a fresh database
// before the seed): no value is then valid but the grid still opens.
func nonEmpty(options []string) []string {
	if len(options) == 0 {
		return []string{""}
	}
	return options
}

// refDataTopics are the grids' topic keys by the action of their routes.
var refDataTopics = map[string]string{
	actions.AdminCurrencies: "currencies", actions.AdminLocations: "locations",
	actions.AdminTerritories: "territories", actions.AdminDivisionGroups: "divisionGroups",
}

// refDataTopic lets a user follow a reference-data grid exactly when its routes let them read
// it: the grid's own action (a grid they may not open is a 404). Every row and field of such a
// grid is theirs to read.
func refDataTopic(az *authz.Engine) live.Topic {
	byKey := map[string]string{}
	for action, key := range refDataTopics {
		byKey[key] = action
	}
	return live.ActionTopic(TopicRefdata, "Topic", az, live.Fixed(byKey))
}

// routes mounts each grid under /api/admin/data/<name>.
func (rd *refData) routes(r registry.Router, opts ...registry.RouteOption) {
	rd.currencies.Mount(r, "/api/admin/data/currencies", actions.AdminCurrencies, opts...)
	rd.locations.Mount(r, "/api/admin/data/locations", actions.AdminLocations, opts...)
	rd.territories.Mount(r, "/api/admin/data/territories", actions.AdminTerritories, opts...)
	rd.divisionGroups.Mount(r, "/api/admin/data/divisionGroups", actions.AdminDivisionGroups, opts...)
}
