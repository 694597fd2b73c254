package assortments

import (
	"its/core/grid"
)

// rowGrid declares the detail grid of a static assortment for core/grid: the editable fields of
// spec §3.1 with their §5.1 cell rules. core/grid checks every written cell and applies batches
// against row versions; the module adds what the grid cannot know (per-assortment labels, the
// pricing links, propagation to a style's colours, catalog checks on new rows). Reads join the
// catalog and are the module's own (rows.go).
var rowGrid = grid.MustNew(grid.Grid{
	Name:        "assortmentProducts",
	Table:       "assortment_products",
	IDType:      "bigint",
	DefaultSort: []grid.Sort{{Field: "sort"}},
	MaxBatch:    5000,
	Columns: []grid.Column{
		{Field: "style", Header: "Style", Type: grid.Text, Column: "style", Edit: grid.NewRows, Validators: []string{"noSpaces"}, Required: true},
		{Field: "color", Header: "Color", Type: grid.Text, Column: "color", Edit: grid.NewRows, Validators: []string{"noSpaces"}, Required: true},
		{Field: "productId", Header: "Style/Color", Type: grid.Text, Column: "product_id", Hidden: true},
		{Field: "sort", Header: "Sort", Type: grid.Integer, Column: "sort"},
		{Field: "isNew", Header: "New", Type: grid.Boolean, Column: "is_new", Hidden: true},
		{Field: "thumbnail", Header: "Thumbnail", Type: grid.Text, Column: "thumbnail", Edit: grid.Always, NoFilter: true, NoSort: true},
		{Field: "printImage", Header: "Print Image", Type: grid.Text, Column: "print_image", Edit: grid.Always, NoFilter: true, NoSort: true, Hidden: true},
		{Field: "cost", Header: "Cost", Type: grid.Number, Column: "cost", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "netCost", Header: "Net Cost", Type: grid.Number, Column: "net_cost", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "suggestedRetail", Header: "Suggested Retail", Type: grid.Number, Column: "suggested_retail", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "discountPercent", Header: "Discount %", Type: grid.Number, Column: "discount_percent", Edit: grid.Always, Validators: []string{"discount"}},
		{Field: "discountAmount", Header: "Discount Amount", Type: grid.Number, Column: "discount_amount", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "label", Header: "Label", Type: grid.Text, Column: "label", Edit: grid.Always},
		{Field: "quantity", Header: "Quantity", Type: grid.Integer, Column: "quantity", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "quantityOnHand", Header: "On Hand", Type: grid.Integer, Column: "quantity_on_hand", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "styleNote", Header: "Style Note", Type: grid.Text, Column: "style_note", Edit: grid.Always},
		{Field: "colorNote", Header: "Color Note", Type: grid.Text, Column: "color_note", Edit: grid.Always},
		{Field: "collectionStyleNote", Header: "Collection Style Note", Type: grid.Text, Column: "collection_style_note", Edit: grid.Always},
		{Field: "collectionColorNote", Header: "Collection Color Note", Type: grid.Text, Column: "collection_color_note", Edit: grid.Always},
		{Field: "pillar", Header: "Pillar", Type: grid.List, Column: "pillar", Edit: grid.Always, Validators: []string{"list"}, Options: Pillars},
		{Field: "storeType", Header: "Store Type", Type: grid.List, Column: "store_type", Edit: grid.Always, Validators: []string{"list"}, Options: StoreTypes},
		{Field: "starred", Header: "Starred", Type: grid.Boolean, Column: "starred", Edit: grid.Always},
		{Field: "selected", Header: "Selected", Type: grid.Boolean, Column: "selected", Edit: grid.Always},
		{Field: "displayGroup", Header: "Display Group", Type: grid.Text, Column: "display_group", Hidden: true},
	},
})

// propagated are the fields whose edit goes to every colour of the style (spec §5.1).
var propagated = map[string]string{"styleNote": "style_note", "collectionStyleNote": "collection_style_note", "pillar": "pillar"}
