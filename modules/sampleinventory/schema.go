package sampleinventory

import (
	"strings"

	"its/core/grid"
)

// The two libraries and the route meta manageType that names each.
const (
	Production = "Production"
	Sales      = "Sales"
)

// Option sets of the list cells.
var (
	Divisions  = []string{"Footwear", "Apparel", "POP"}
	Sides      = []string{"L", "R", "Pair"}
	Statuses   = []string{"Available", "Checked Out", "In Transit", "On Hold", "Damaged", "Deleted"}
	Genders    = []string{"Mens", "Womens", "Kids", "Unisex"}
	Regions    = []string{"Northeast", "Southeast", "Central", "West", "International"}
	Directions = []string{"Left", "Right"}
	// ManualActions are what a user may record by hand in a sample's tracking history.
	ManualActions = []string{"Note", "Count Verified", "Checked Out", "Returned", "Sent to Photo Shoot"}
)

// Tracking actions the server records.
const (
	actionCreated    = "Created"
	actionUpdated    = "Updated"
	actionDeleted    = "Deleted"
	actionRestored   = "Restored"
	actionToSales    = "Transferred to Sales"
	actionFromProd   = "Transferred from Production"
	statusDeleted    = "Deleted"
	msgMissingValue  = "Sample Missing Value"
	msgDuplicate     = "Duplicate Sample"
	identityIndex    = "sample_inventory_identity_uq"
	manageTypePrefix = "SampleInventory"
)

// required lists the notblank fields of each library (spec §5.5; quantity is totalQty).
var required = map[string][]string{
	Production: {"division", "style", "color", "status", "side", "totalQty", "bin"},
	Sales:      {"division", "style", "color", "status", "side", "totalQty", "region", "aisle", "direction", "level"},
}

// identityFields make a sample unique within its library (spec §5.5).
var identityFields = map[string][]string{
	Production: {"style", "color", "size", "side", "status", "moldNum", "moldDate", "bin"},
	Sales:      {"style", "color", "size", "side", "status", "moldNum", "moldDate", "bin", "region", "aisle", "direction", "level"},
}

func isRequired(library, field string) bool {
	for _, f := range required[library] {
		if f == field {
			return true
		}
	}
	return false
}

// columns declares a library's grid; required cells are also non-clearable.
func columns(library string) []grid.Column {
	req := func(c grid.Column) grid.Column {
		if isRequired(library, c.Field) {
			c.Required = true
			c.Validators = append(c.Validators, "nonClearable")
		}
		return c
	}
	cols := []grid.Column{
		{Field: "library", Header: "Library", Type: grid.Text, Column: "library", Hidden: true, Width: 110},
		req(grid.Column{Field: "division", Header: "Division", Type: grid.List, Column: "division", Edit: grid.Always, Validators: []string{"list"}, Options: Divisions, Width: 110}),
		req(grid.Column{Field: "style", Header: "Style", Type: grid.Text, Column: "style", Edit: grid.NewRows, Validators: []string{"alphanumericNoBlank"}, Width: 100}),
		req(grid.Column{Field: "color", Header: "Color", Type: grid.Text, Column: "color", Edit: grid.NewRows, Validators: []string{"noSpaces"}, Width: 100}),
		req(grid.Column{Field: "size", Header: "Size", Type: grid.Text, Column: "size", Edit: grid.Always, Validators: []string{"noSpaces"}, Width: 70}),
		req(grid.Column{Field: "side", Header: "Side", Type: grid.List, Column: "side", Edit: grid.Always, Validators: []string{"list"}, Options: Sides, Width: 70}),
		req(grid.Column{Field: "status", Header: "Status", Type: grid.List, Column: "status", Edit: grid.Always, Validators: []string{"list"}, Options: Statuses, Width: 120}),
		req(grid.Column{Field: "gender", Header: "Gender", Type: grid.List, Column: "gender", Edit: grid.Always, Validators: []string{"list"}, Options: Genders, Width: 90}),
		req(grid.Column{Field: "moldNum", Header: "Mold #", Type: grid.Text, Column: "mold_num", Edit: grid.Always, Validators: []string{"alphanumeric"}, Width: 90}),
		req(grid.Column{Field: "moldDate", Header: "Mold Date", Type: grid.Date, Column: "mold_date", Edit: grid.Always, Validators: []string{"date"}, Width: 110}),
		req(grid.Column{Field: "bin", Header: "Bin", Type: grid.Text, Column: "bin", Edit: grid.Always, Validators: []string{"noSpaces"}, Width: 90}),
		req(grid.Column{Field: "totalQty", Header: "Total Qty", Type: grid.Integer, Column: "total_qty", Edit: grid.Always, Validators: []string{"numeric"}, Width: 90}),
		{Field: "onHandQty", Header: "On Hand Qty", Type: grid.Integer, Column: "on_hand_qty", Width: 100},
	}
	if library == Sales {
		cols = append(cols,
			req(grid.Column{Field: "region", Header: "Region", Type: grid.List, Column: "region", Edit: grid.Always, Validators: []string{"list"}, Options: Regions, Width: 120}),
			req(grid.Column{Field: "aisle", Header: "Aisle", Type: grid.Text, Column: "aisle", Edit: grid.Always, Validators: []string{"alphanumeric"}, Width: 70}),
			req(grid.Column{Field: "direction", Header: "Direction", Type: grid.List, Column: "direction", Edit: grid.Always, Validators: []string{"list"}, Options: Directions, Width: 90}),
			req(grid.Column{Field: "level", Header: "Level", Type: grid.Text, Column: "level", Edit: grid.Always, Validators: []string{"alphanumeric"}, Width: 70}),
			req(grid.Column{Field: "shelf", Header: "Shelf", Type: grid.Text, Column: "shelf", Edit: grid.Always, Validators: []string{"alphanumeric"}, Width: 70}),
			req(grid.Column{Field: "newBin", Header: "New Bin", Type: grid.Text, Column: "new_bin", Edit: grid.Always, Validators: []string{"noSpaces"}, Width: 90}),
		)
	}
	return append(cols,
		grid.Column{Field: "trackingAction", Header: "Tracking Action", Type: grid.Text, Column: "tracking_action", Width: 150},
		grid.Column{Field: "createdByUser", Header: "Created By", Type: grid.Text, Column: "created_by_user", Width: 140},
		grid.Column{Field: "createdDate", Header: "Created", Type: grid.DateTime, Column: "created_at", Width: 160},
		grid.Column{Field: "modifiedDate", Header: "Modified", Type: grid.DateTime, Column: "updated_at", Width: 160},
	)
}

// grids holds the declaration of each library's grid; they are read-only after start.
var grids = map[string]*grid.Grid{
	Production: newGrid(Production),
	Sales:      newGrid(Sales),
}

func newGrid(library string) *grid.Grid {
	return grid.MustNew(grid.Grid{
		Name:         "sampleInventory." + library,
		Table:        "sample_inventory",
		Columns:      columns(library),
		DefaultSort:  []grid.Sort{{Field: "style"}, {Field: "color"}, {Field: "size"}, {Field: "side"}},
		DeleteColumn: "status",
		DeleteValue:  statusDeleted,
		PageSize:     100,
		MaxLimit:     1000,
		MaxBatch:     5000,
	})
}

// libraryOf reads a route's {subtype}, {library} or {manageType}: Production, Sales, any casing,
// or the route meta manageType (SampleInventoryProduction, SampleInventorySales).
func libraryOf(s string) (string, bool) {
	s = strings.TrimPrefix(strings.ToLower(s), strings.ToLower(manageTypePrefix))
	switch s {
	case "production":
		return Production, true
	case "sales":
		return Sales, true
	}
	return "", false
}
