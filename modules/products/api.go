package products

// This file is the products module's contract: what another module may use of it (checked by
// modules/boundary_test.go). Everything else of the package is the module's own.

import (
	"context"
	"encoding/json"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/shopspring/decimal"

	"its/core/grid"
	"its/core/num"
)

// Catalog is what another module may read of the catalog (the assortment manager does): style/
// colour validation and catalog rows, by id or by search. The rows it joins to its own come from
// the views of 0203_products_catalog_views.sql, their columns listed in 0205 (catalog_products
// p, catalog_details d, catalog_locations pl, catalog_version), never from the tables behind
// them.
type Catalog interface {
	// Validate checks style/colour pairs against the catalog (spec §5.1).
	Validate(ctx context.Context, q Querier, rows []Pair) (ValidationResult, error)
	// ByIDs loads products by id with their pricing in location loc.
	ByIDs(ctx context.Context, q Querier, ids []string, loc string, withColors bool) ([]Product, error)
	// Facts reads the few facts a check of many rows needs of products by id (unknown ids are
	// left out), calling each for every product found.
	Facts(ctx context.Context, q Querier, ids []string, loc string, each func(Facts)) error
	// Page answers one page of a search and its total.
	Page(ctx context.Context, q Querier, query *Query, onlyLocation bool) (Total, []Product, error)
	// PageRows answers one page of a search without counting.
	PageRows(ctx context.Context, q Querier, query *Query, onlyLocation bool) ([]Product, error)
	// Count counts a search's matches.
	Count(ctx context.Context, q Querier, query *Query) (int, error)
}

// Reader is what another module may ask of the products service: catalog rows with their
// pricing, style/colour validation, the pricing locations and product images.
type Reader interface {
	// Fetch loads products by ids or styles with their pricing in a location.
	Fetch(ctx context.Context, req FetchRequest) ([]Product, error)
	// Validate checks style/colour pairs against the catalog (spec §5.1).
	Validate(ctx context.Context, q Querier, rows []Pair) (ValidationResult, error)
	// Locations are the pricing locations the user may see.
	Locations(ctx context.Context) ([]LocationInfo, error)
	// ImagePNG renders a product's image of a kind as PNG.
	ImagePNG(ctx context.Context, id, kind string) ([]byte, error)
}

// NewReader gives the products service as the Reader other modules use.
func NewReader(s *Service) Reader { return s }

// catalog serves Catalog from the module's service (rules) and store (SQL).
type catalog struct {
	*Store
	svc *Service
}

func (c catalog) Validate(ctx context.Context, q Querier, rows []Pair) (ValidationResult, error) {
	return c.svc.Validate(ctx, q, rows)
}

// NewCatalog gives the catalog other modules read.
func NewCatalog(store *Store, svc *Service) Catalog { return catalog{Store: store, svc: svc} }

// Product is one style/colour row of the catalog (spec §3.1), with its derived values.
type Product struct {
	ID                  string     `json:"id"`
	Style               string     `json:"style"`
	Color               string     `json:"color"`
	StyleNumeric        int64      `json:"styleNumeric"`
	Name                string     `json:"name"`
	Image               string     `json:"image"`
	Thumbnail           string     `json:"thumbnail"`
	PrintImage          string     `json:"printImage"`
	Description         string     `json:"description,omitempty"`
	Features            []string   `json:"features"`
	NRF                 string     `json:"nrf,omitempty"`
	Vegan               bool       `json:"vegan"`
	ColorDescription    string     `json:"colorDescription"`
	Division            string     `json:"division"`
	Gender              string     `json:"gender"`
	SizeScale           string     `json:"sizeScale,omitempty"`
	Outsole             string     `json:"outsole,omitempty"`
	Upper               string     `json:"upper,omitempty"`
	SeasonCodes         []string   `json:"seasonCodes"`
	Season              string     `json:"season"`
	Year                int        `json:"year"`
	Region              string     `json:"region"`
	Channel             string     `json:"channel"`
	KeyInitiative       string     `json:"keyInitiative"`
	KeyInitiativeLabel  string     `json:"keyInitiativeLabel"`
	ProductType         string     `json:"productType"`
	FirstCost           *float64   `json:"firstCost"`
	Cost                *float64   `json:"cost"`
	NetCost             *float64   `json:"netCost"`
	SuggestedRetail     *float64   `json:"suggestedRetail"`
	DiscountPercent     *float64   `json:"discountPercent"`
	DiscountAmount      *float64   `json:"discountAmount"`
	InitialMarkup       *float64   `json:"initialMarkup"`
	Label               string     `json:"label"`
	Quantity            int        `json:"quantity"`
	QuantityOnHand      int        `json:"quantityOnHand"`
	StyleQuantity       int        `json:"styleQuantity"`
	StyleQuantityOnHand int        `json:"styleQuantityOnHand"`
	ColorPercent        *float64   `json:"colorPercent"`
	Percentage          *float64   `json:"percentage"`
	SellThru            *float64   `json:"sellThru"`
	StyleSellThru       *float64   `json:"styleSellThru"`
	BoxCategory         string     `json:"boxCategory,omitempty"`
	DutyCode            string     `json:"dutyCode,omitempty"`
	Units               *int       `json:"units,omitempty"`
	Capacity            *float64   `json:"capacity,omitempty"`
	CapacityUnit        string     `json:"capacityUnit,omitempty"`
	Dimensions          string     `json:"dimensions,omitempty"`
	MetricDimensions    string     `json:"metricDimensions,omitempty"`
	ExpirationDate      *Date      `json:"expirationDate,omitempty"`
	PopCategory         string     `json:"popCategory,omitempty"`
	PopType             string     `json:"popType,omitempty"`
	PopGender           string     `json:"popGender,omitempty"`
	Relationships       []string   `json:"relationships,omitempty"`
	Usage               string     `json:"usage,omitempty"`
	Materials           string     `json:"materials,omitempty"`
	StyleNote           string     `json:"styleNote"`
	ColorNote           string     `json:"colorNote"`
	CollectionStyleNote string     `json:"collectionStyleNote"`
	CollectionColorNote string     `json:"collectionColorNote"`
	Pillar              string     `json:"pillar"`
	LifeCycle           string     `json:"lifeCycle"`
	DueDate             *Date      `json:"dueDate"`
	Samples             int        `json:"samples"`
	RushSamples         int        `json:"rushSamples"`
	FocusStyle          bool       `json:"focusStyle"`
	StoreType           string     `json:"storeType"`
	UsaDc               bool       `json:"usaDc"`
	BoughtStatus        string     `json:"boughtStatus"`
	NewColor            bool       `json:"newColor"`
	Carryover           bool       `json:"carryover"`
	AvailabilityDate    *Date      `json:"availabilityDate"`
	InSampleOrders      bool       `json:"inSampleOrders"`
	InWholesaleOrders   bool       `json:"inWholesaleOrders"`
	Categories          Categories `json:"categories"`
	ECommerce           ECommerce  `json:"eCommerce"`
	Components          Components `json:"components"`
	Colors              []Color    `json:"colors,omitempty"`
	Locations           []Location `json:"locations"`
	CreatedDate         time.Time  `json:"createdDate"`
	UpdatedDate         time.Time  `json:"updatedDate"`
	ModifiedDate        time.Time  `json:"modifiedDate"`
}

// Location is the product's pricing and availability in one pricing location.
type Location struct {
	Code              string   `json:"code"`
	CurrencySymbol    string   `json:"currencySymbol"`
	DecimalPlaces     int      `json:"decimalPlaces"`
	LineStatus        string   `json:"lineStatus"`
	SizeRange         string   `json:"sizeRange"`
	WholesalePrice    *float64 `json:"wholesalePrice"`
	OriginalCost      *float64 `json:"originalCost"`
	SuggestedRetail   *float64 `json:"suggestedRetail"`
	MarkupPercent     *float64 `json:"markupPercent"`
	StatusDate        *Date    `json:"statusDate"`
	LastProdDate      *Date    `json:"lastProdDate"`
	StyleLastProdDate *Date    `json:"styleLastProdDate"`
	AddDate           *Date    `json:"addDate"`
	FirstAvailDate    *Date    `json:"firstAvailDate"`
	TotalInventory    int      `json:"totalInventory"`
	// Availability is [{size, inventory, date, upc}], passed through as stored.
	Availability json.RawMessage `json:"availability"`
}

// LocationInfo is a pricing location with its currency.
type LocationInfo struct {
	Code           string `json:"code"`
	Name           string `json:"name"`
	Region         string `json:"region"`
	CurrencyCode   string `json:"currencyCode"`
	CurrencySymbol string `json:"currencySymbol"`
	DecimalPlaces  int    `json:"decimalPlaces"`
}

// Date is a calendar day written YYYY-MM-DD (the spec's date pattern).
type Date struct{ time.Time }

// ID joins style and colour into the style_color id.
func ID(style, color string) string { return style + "_" + color }

// ImagePath is the URL of a rendered product image: kind is thumbnail, image or print.
func ImagePath(style, color, kind string) string {
	return "/api/products/images/" + ID(style, color) + "/" + kind + ".png"
}

// NetCostPlaces is NetCost rounded to places decimals (a location's currency).
func NetCostPlaces(cost, discountAmount *float64, places int) *float64 {
	if cost == nil {
		return nil
	}
	n := num.Dec(*cost)
	if discountAmount != nil {
		n = n.Sub(num.Dec(*discountAmount))
	}
	if n.IsNegative() {
		return nil
	}
	v := num.Float(n, places)
	return &v
}

// SellThru is quantity / (quantity + on hand), in percent; nothing when both are zero.
func SellThru(quantity, onHand int) *float64 {
	if quantity+onHand <= 0 {
		return nil
	}
	v := num.Quo(decimal.NewFromInt(int64(quantity)*100), decimal.NewFromInt(int64(quantity+onHand)), 2)
	return &v
}

// MarkupPercent is (suggested retail - net cost) / suggested retail, in percent; nothing without
// a non-zero suggested retail or a net cost.
func MarkupPercent(suggestedRetail, netCost *float64) *float64 {
	if suggestedRetail == nil || *suggestedRetail == 0 || netCost == nil {
		return nil
	}
	sr := num.Dec(*suggestedRetail)
	v := num.Quo(sr.Sub(num.Dec(*netCost)).Shift(2), sr, 2)
	return &v
}

// MaxLimit is the most rows one product query answers (spec §9: product search query limit).
const MaxLimit = 1000

// Query is a product search: free text, search conditions (field -> accepted values; values of
// one field are OR-ed, fields AND-ed), a sort, the pricing location and paging. Dynamic
// assortments save it as their query.
type Query struct {
	Text       string           `json:"text,omitempty"`
	Conditions map[string][]any `json:"conditions,omitempty"`
	// Tree is the filter builder's condition tree (docs/grid.md §3.7), AND-ed with the rest.
	Tree       *grid.Where `json:"where,omitempty"`
	Sort       SortSpec    `json:"sort,omitempty"`
	LocationID string      `json:"locationId,omitempty"`
	Skip       int         `json:"skip,omitempty"`
	Limit      int         `json:"limit,omitempty"`

	whereCond sq.Sqlizer // Tree compiled by Normalize
	// whereJoinedCond is Tree for a statement that joined the product's row in the location
	// (see locJoined).
	whereJoinedCond sq.Sqlizer
}

// SortKey is one sort key; Order is 1 (ascending) or -1 (descending).
type SortKey struct {
	Key   string
	Order int
}

// SortSpec is an ordered sort, written as an object {"styleNumeric": 1, "color": -1} like the
// saved queries of the spec; key order is significant and kept.
type SortSpec []SortKey

// MapSort is the spec's sort mapping for dynamic assortments (§5.3): grid fields become catalog
// sort keys (style -> styleNumeric, cost -> locations.wholesalePrice, suggestedRetail ->
// locations.suggestedRetail), ascending 1 and descending -1.
func MapSort(field string, descending bool) SortKey {
	key := field
	switch field {
	case "style":
		key = "styleNumeric"
	case "cost":
		key = "locations.wholesalePrice"
	case "suggestedRetail":
		key = "locations.suggestedRetail"
	}
	o := 1
	if descending {
		o = -1
	}
	return SortKey{Key: key, Order: o}
}

// DefaultLocation prices a query that names none.
const DefaultLocation = "US"

// FetchRequest names products to load: ids (style_color) and/or style/colour pairs and/or
// whole styles.
type FetchRequest struct {
	IDs        []string `json:"ids,omitempty"`
	Products   []Pair   `json:"products,omitempty"`
	Styles     []string `json:"styles,omitempty"`
	LocationID string   `json:"locationId,omitempty"`
	Colors     bool     `json:"colors,omitempty"`
}

// ValidationResult is the answer of validate: success with no errors when every row is good
// (and when there are no rows at all, spec §5.3).
type ValidationResult struct {
	Success bool              `json:"success"`
	Errors  []ValidationError `json:"errors"`
}

// NoDataMessage is the spec's message for an unknown style/colour (§8).
const NoDataMessage = "No style/color data found"

// Total is the count of a search: exact when Capped is false; when more than CountCap products
// match, Capped is true and Count is the planner's estimate (never below CountCap+1).
type Total struct {
	Count  int
	Capped bool
}

// Querier is what the store reads through: a pool or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Facts are what a check of many import rows reads of a catalog product: far less than a
// Product, so a 100,000-row file does not read 100,000 whole products.
type Facts struct {
	ID, ProductType, Region string
	// Located says the product has a price in the location asked for (in any when none was).
	Located bool
	// LineStatus is the product's line status in that location ("" when not located).
	LineStatus string
	// Cost and SuggestedRetail are the location's wholesale price and suggested retail (the
	// product's own when not located); DiscountPercent is the catalog discount; DecimalPlaces
	// are the location currency's (2 when not located). A new assortment row starts from these.
	Cost, SuggestedRetail, DiscountPercent *float64
	DecimalPlaces                          int
}

// Pair is a style and colour.
type Pair struct {
	Style string `json:"style"`
	Color string `json:"color"`
}
