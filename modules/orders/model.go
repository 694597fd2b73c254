package orders

import (
	"strings"
	"time"

	"its/core/grid"
)

// Order types (spec §3.6) and the route's {orderType} spellings that name them.
const (
	TypeSample    = "SAMPLE"
	TypePromo     = "PROMO"
	TypeWholesale = "WHOLESALE"
)

// Statuses of orders and lines (spec §4.3). PENDING is also the wholesale draft.
const (
	StatusDraft            = "DRAFT"
	StatusPending          = "PENDING"
	StatusApproved         = "APPROVED"
	StatusDenied           = "DENIED"
	StatusSubmitted        = "SUBMITTED"
	StatusInProgress       = "IN PROGRESS"
	StatusUnapproved       = "UNAPPROVED ORDER"
	StatusCanceled         = "CANCELED"
	StatusCompleted        = "COMPLETED"
	StatusArchived         = "ARCHIVED"
	StatusInactive         = "INACTIVE"
	StatusRequiresApprover = "REQUIRES APPROVER"
	StatusRequiresSenior   = "REQUIRES SENIOR"
	StatusReviewComplete   = "REVIEW COMPLETE"
	StatusProcessed        = "PROCESSED"
	StatusFinalized        = "FINALIZED"
)

// SizePreferences are the values of a line's size preference. The statuses of orders, lines and
// a promo order's review are the manifest's enumerations (names_gen.go: OrderStatuses,
// LineStatuses, ApprovalStatuses), which the catalogs word in every language.
var SizePreferences = []string{"Preferred", "Required"}

// Business constants (platform spec §9).
const (
	// AvailabilityWindow is the default span of an order's availability dates from today.
	AvailabilityWindow = 45 * 24 * time.Hour
	// ListPageSize is a list view's default page; MaxListPage its largest.
	ListPageSize = 100
	MaxListPage  = 1000
	// MaxQuantity is the largest sample or promo quantity (choices 1 to 9).
	MaxQuantity = 9
)

// Notification types of the drawer.
const (
	notifySample = "SampleOrderNotification"
	notifyPromo  = "PromoOrderNotification"
)

// Message ids of the drawer's notifications (the shell's catalogs word them; each has a .title
// and a .body and names the values the note passes).
const (
	msgPromoSubmitted  = "notifications.message.promoSubmitted"
	msgPromoApproved   = "notifications.message.promoApproved"
	msgPromoReviewed   = "notifications.message.promoReviewed"
	msgSampleSubmitted = "notifications.message.sampleSubmitted"
	msgSampleCompleted = "notifications.message.sampleCompleted"
)

// Messages the server answers (platform spec §8 where the spec words them).
const (
	MsgCountMismatch = "Error: Request count doesn't match response count."
	MsgOrderChanged  = "This order was changed by someone else since you loaded it."
	// The success toasts of platform spec §8.
	MsgDuplicated = "Order Duplicated"
	MsgDeleted    = "Order Deleted"
)

// typeOf reads a route's {orderType}: sample(s), promo(s), wholesale or wof, any casing.
func typeOf(s string) (string, bool) {
	switch strings.ToLower(s) {
	case "sample", "samples", "sampleorder":
		return TypeSample, true
	case "promo", "promos", "promoorder":
		return TypePromo, true
	case "wholesale", "wof", "wholesaleorder":
		return TypeWholesale, true
	}
	return "", false
}

// RegionCode maps a region to the code of the style lookups: Europe is EU, anything else US
// (platform spec §9).
func RegionCode(region string) string {
	if strings.EqualFold(strings.TrimSpace(region), "Europe") || strings.EqualFold(strings.TrimSpace(region), "EU") {
		return "EU"
	}
	return "US"
}

// views are the list views of each type (product spec §2.1, §2.5) by every spelling a route
// uses, and the statuses each lists.
type view struct {
	name     string
	statuses []string
	// lastYear bounds the list to orders created within the last year (spec §4.3).
	lastYear bool
}

var archivedStatuses = []string{StatusCompleted, StatusCanceled, StatusArchived, StatusInactive, StatusUnapproved}

func viewOf(orderType, subtype string) (view, bool) {
	s := strings.ToLower(subtype)
	switch orderType {
	case TypeSample:
		switch s {
		case "active", "active-orders":
			return view{name: "active", statuses: []string{StatusDraft, StatusSubmitted, StatusInProgress}}, true
		case "archived", "archived-orders":
			return view{name: "archived", statuses: archivedStatuses, lastYear: true}, true
		case "styles", "sample-styles":
			return view{name: "styles", statuses: []string{StatusSubmitted, StatusInProgress}}, true
		}
	case TypePromo:
		switch s {
		case "needs-review":
			return view{name: "needs-review", statuses: []string{StatusDraft, StatusRequiresApprover, StatusRequiresSenior}}, true
		case "reviewed":
			return view{name: "reviewed", statuses: []string{StatusReviewComplete, StatusProcessed, StatusFinalized}, lastYear: true}, true
		case "archived":
			return view{name: "archived", statuses: archivedStatuses, lastYear: true}, true
		}
	case TypeWholesale:
		switch s {
		case "active", "draft":
			return view{name: "active", statuses: []string{StatusPending, StatusSubmitted, StatusInProgress}}, true
		case "archived":
			return view{name: "archived", statuses: archivedStatuses, lastYear: true}, true
		}
	}
	return view{}, false
}

// lineGrid declares an order line for core/grid: the cells a batch may write and their rules.
// Status is written only through the batch's status list (the "pending" view of the grid), never
// through updateProducts.
var lineGrid = grid.MustNew(grid.Grid{
	Name:  "orders.lines",
	Table: "order_lines",
	Columns: []grid.Column{
		{Field: "style", Header: "Style", Type: grid.Text, Column: "style", Edit: grid.NewRows, Validators: []string{"alphanumericNoBlank"}, Required: true},
		{Field: "color", Header: "Color", Type: grid.Text, Column: "color", Edit: grid.NewRows, Validators: []string{"noSpaces"}, Required: true},
		{Field: "productType", Header: "Product Type", Type: grid.Text, Column: "product_type"},
		{Field: "division", Header: "Division", Type: grid.Text, Column: "division"},
		{Field: "gender", Header: "Gender", Type: grid.Text, Column: "gender"},
		{Field: "status", Header: "Status", Type: grid.List, Column: "status", Edit: grid.Pending, Validators: []string{"list"}, Options: LineStatuses},
		{Field: "size", Header: "Size", Type: grid.Text, Column: "size", Edit: grid.Always, Validators: []string{"noSpaces"}},
		{Field: "sizePreference", Header: "Size Preference", Type: grid.List, Column: "size_preference", Edit: grid.Always, Validators: []string{"list"}, Options: SizePreferences},
		{Field: "side", Header: "Side", Type: grid.Text, Column: "side", Edit: grid.Always},
		{Field: "source", Header: "Source", Type: grid.Text, Column: "source", Edit: grid.Always},
		{Field: "quantity", Header: "Quantity", Type: grid.Integer, Column: "quantity", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "shipper", Header: "Shipper", Type: grid.Text, Column: "shipper", Edit: grid.Always},
		{Field: "tracking", Header: "Tracking", Type: grid.Text, Column: "tracking", Edit: grid.Always},
		{Field: "trackingUrl", Header: "Tracking URL", Type: grid.Text, Column: "tracking_url", Edit: grid.Always},
		{Field: "returnType", Header: "Return Type", Type: grid.Text, Column: "return_type", Edit: grid.Always},
		{Field: "promoCode", Header: "Promo Code", Type: grid.Text, Column: "promo_code", Edit: grid.Always, Validators: []string{"promoCode"}},
		{Field: "term", Header: "Term", Type: grid.Text, Column: "term", Edit: grid.Always},
		{Field: "packCode", Header: "Pack Code", Type: grid.Text, Column: "pack_code", Edit: grid.Always},
		{Field: "sizes", Header: "Sizes", Type: grid.Text, Column: "sizes", Edit: grid.Always, NoFilter: true, NoSort: true},
		{Field: "unitPrice", Header: "Unit Price", Type: grid.Number, Column: "unit_price", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "discount", Header: "Discount", Type: grid.Number, Column: "discount", Edit: grid.Always, Validators: []string{"discount"}},
		// A discount given as an amount off each unit; the server derives the other of the two, and
		// records who gave the discount and when.
		{Field: "discountAmount", Header: "Discount Amount", Type: grid.Number, Column: "discount_amount", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "discountBy", Header: "Discount By", Type: grid.Text, Column: "discount_by"},
		{Field: "discountDate", Header: "Discount Date", Type: grid.DateTime, Column: "discount_at"},
		{Field: "startDate", Header: "Start Date", Type: grid.Date, Column: "start_date", Edit: grid.Always, Validators: []string{"date"}},
		{Field: "endDate", Header: "End Date", Type: grid.Date, Column: "end_date", Edit: grid.Always, Validators: []string{"date"}},
		{Field: "daysOut", Header: "Days Out", Type: grid.Integer, Column: "days_out", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "stores", Header: "Stores", Type: grid.Text, Column: "stores", Edit: grid.Always},
		{Field: "createdDate", Header: "Created", Type: grid.DateTime, Column: "created_at"},
		{Field: "modifiedDate", Header: "Modified", Type: grid.DateTime, Column: "modified_at"},
	},
	DefaultSort: []grid.Sort{{Field: "createdDate"}},
	MaxBatch:    2000,
})
