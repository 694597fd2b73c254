package assortments

// This file is the assortment manager's contract: what another module may use of it (checked by
// modules/boundary_test.go), besides the names of names_gen.go. Everything else of the package is
// the module's own.

import (
	"context"
	"encoding/json"
	"image"
	"io"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	liverows "its/core/live"
	"its/core/num"
	"its/core/storage"
	"its/modules/products"
)

// Assortments is what another module may ask of the assortment manager's service, or of the
// service scoped to an organisation type (Orgs): create an assortment, stream one with its rows,
// add catalog rows to one, and note its next scheduled document.
type Assortments interface {
	Create(ctx context.Context, req CreateRequest) (*Assortment, string, error)
	Stream(ctx context.Context, id string, withRows bool, head func(*Assortment) error, each func(*Row) error) error
	ImportTarget(ctx context.Context, id string, pairs []products.Pair) (*ImportTarget, error)
	Import(ctx context.Context, id string, next ImportSource) (*BatchResult, error)
	MarkScheduled(ctx context.Context, id string, next *time.Time) error
}

// Orgs scopes the assortment manager to an organisation type other than regular (the internal
// assortments): its service and its HTTP handlers under the type's rules.
type Orgs interface {
	Service(rules OrgRules) Assortments
	Handlers(rules OrgRules) OrgHandlers
	// LiveTopic is the live topic of the type's assortments (<orgType>Assortment:<id>).
	LiveTopic(rules OrgRules) liverows.Topic
}

// NewAssortments gives the assortment manager's service as other modules use it.
func NewAssortments(s *Service) Assortments { return s }

// NewOrgs gives the assortment manager scoped to organisation types.
func NewOrgs(s *Service, h *Handler) Orgs { return orgs{svc: s, h: h} }

type orgs struct {
	svc *Service
	h   *Handler
}

func (o orgs) Service(rules OrgRules) Assortments  { return o.svc.For(rules) }
func (o orgs) Handlers(rules OrgRules) OrgHandlers { return o.h.For(rules) }
func (o orgs) LiveTopic(rules OrgRules) liverows.Topic {
	return liveTopic(o.svc.For(rules))
}

// SeedGroupContent gives the display groups of a demo assortment their custom content: content
// answers it for a group's title (nil leaves the group without). The html is sanitised as an
// editor's would be.
func SeedGroupContent(ctx context.Context, tx pgx.Tx, blobs storage.Store, assortmentID string, content func(title string) *DemoContent) error {
	return seedGroupContent(ctx, tx, blobs, assortmentID, content)
}

// AddProduct is a style/colour to add; IsNew marks a row typed into the grid, whose style and
// colour may still be renamed in this editing session. Values are initial cell values.
type AddProduct struct {
	TempID string         `json:"tempId"`
	Style  string         `json:"style"`
	Color  string         `json:"color"`
	IsNew  bool           `json:"isNew"`
	Values map[string]any `json:"values"`
}

// BatchResult is the answer of a batch.
type BatchResult struct {
	Added         int               `json:"added"`
	Deleted       int               `json:"deleted"`
	Updated       int               `json:"updated"`
	Renamed       int               `json:"renamed"`
	Sorted        int               `json:"sorted"`
	AlertsCleared int               `json:"alertsCleared"`
	Messages      []string          `json:"messages"`
	Rows          []Row             `json:"rows"`
	DeletedIDs    []string          `json:"deletedIds"`
	TempIDs       map[string]string `json:"tempIds"`
	Assortment    *Assortment       `json:"assortment"`
}

// Group-by and auto-sort fields (spec §3.4 "Group-by and autosort options").
const (
	GroupByNone          = "none"
	GroupByGender        = "gender"
	GroupByDivision      = "division"
	GroupByDivisionGroup = "divisionGroup"
	GroupByPillar        = "pillar"
	GroupByOutsole       = "outsole"
	GroupByUpper         = "upper"
	GroupByStyle         = "style"
	// SortStyleNumeric sorts styles by their number (numerically: 9 before 10).
	SortStyleNumeric = "styleNumeric"
)

// ImportTarget is what an Excel import validates its rows against: the assortment, which the
// caller may edit, which of the given style/colours it already holds (by product id), and which
// another assortment of its season, year and region holds (InSeason).
type ImportTarget struct {
	Assortment *Assortment
	Present    map[string]bool
	InSeason   map[string]bool
}

// Assortment is an assortment or folder (spec §3.2).
type Assortment struct {
	ID        string   `json:"_id"`
	Type      string   `json:"type"`
	Hierarchy []string `json:"hierarchy"`
	Title     string   `json:"title"`
	SubTitle  string   `json:"subTitle"`
	Logo      string   `json:"logo"`
	Thumbnail string   `json:"thumbnail"`
	// LogoURL and ThumbnailURL are links to show the pictures (only on the answer of one assortment).
	LogoURL            string          `json:"logoUrl,omitempty"`
	ThumbnailURL       string          `json:"thumbnailUrl,omitempty"`
	Method             string          `json:"method"`
	OrgType            string          `json:"orgType"`
	Channel            string          `json:"channel"`
	Region             string          `json:"region"`
	Season             string          `json:"season"`
	Year               *int            `json:"year"`
	Gender             string          `json:"gender"`
	ProductType        string          `json:"productType"`
	LocationID         string          `json:"locationId"`
	Status             string          `json:"status"`
	State              string          `json:"state"`
	Starred            bool            `json:"starred"`
	Archived           bool            `json:"archived"`
	Labels             []Label         `json:"labels"`
	Query              *products.Query `json:"query"`
	CollectionsQueryID string          `json:"collectionsQueryId"`
	Titles             json.RawMessage `json:"titles"`
	CustomContent      json.RawMessage `json:"customContent"`
	UISettings         json.RawMessage `json:"uiSettings"`
	DecimalsPlaces     int             `json:"decimalsPlaces"`
	CarryoverDate      *products.Date  `json:"carryoverDate"`
	LastSyncDate       *time.Time      `json:"lastSyncDate"`
	ScheduledDate      *time.Time      `json:"scheduledDate"`
	Version            int64           `json:"version"`
	CreatedDate        time.Time       `json:"createdDate"`
	ModifiedDate       time.Time       `json:"modifiedDate"`
	Owner              Owner           `json:"owner"`
	ProductCount       int             `json:"productCount"`
	AlertCount         int             `json:"alertCount"`
	Alerts             []Alert         `json:"alerts,omitempty"`
	Lock               *Lock           `json:"lock,omitempty"`
	// countStale: a dynamic assortment whose ProductCount is missing or older than the catalog.
	countStale bool
}

// OrgRules are the rules of an organisation type other than regular (internal assortments,
// modules/internalassortments): who sees and edits an assortment of that type, what a write
// must keep true, and which row fields it hides. The assortment store, rows, batches, locks and
// group sort stay here; Service.For and Handler.For give a service and handlers scoped to the
// type, which answer 404 for an assortment of any other type.
type OrgRules interface {
	// OrgType is the value of the assortment's orgType column these rules govern.
	OrgType() string
	// Visible reports whether the caller may read a (instead of "their own, or a manager").
	Visible(ctx context.Context, u *identity.User, a *Assortment) bool
	// MayEdit refuses a write on a (with its values after the write) the caller may not make.
	MayEdit(ctx context.Context, a *Assortment) error
	// Check runs in the write's transaction after a create or a property change, on the stored
	// assortment; an error undoes the write.
	Check(ctx context.Context, tx pgx.Tx, a *Assortment) error
	// State is the state every assortment of the type is in ("" when it may change).
	State() string
	// Hidden are the row fields the type hides from a: left out of its rows, refused in a batch.
	Hidden(a *Assortment) []string
	// DefaultGroupBy is the group-by of an assortment of the type that has not chosen one (one
	// of GroupByFields; spec §3.2). A type whose default is not none starts grouped.
	DefaultGroupBy() string
}

// OrgRegular is the organisation type of the assortment manager's own assortments.
const OrgRegular = "regular"

// Scoped is the service of an organisation type other than regular, offered to the modules
// that read assortments of any type (the documents' zip of images) through the fx group
// "assortments.scoped" (ProvideScoped), so they need not know the module that owns the type.
type Scoped struct {
	OrgType string
	Service Assortments
}

// ProvideScoped adds ctor's Scoped to the group "assortments.scoped".
func ProvideScoped(ctor any) fx.Option {
	return fx.Provide(fx.Annotate(ctor, fx.ResultTags(`group:"assortments.scoped"`)))
}

// OrgHandlers are the assortment calls another organisation type's module mounts under its own
// paths and actions (PATCH /api/internalAssortments/{id} and the like); each reads the same
// request and answers the same body as the assortments route of that name.
type OrgHandlers struct {
	Create, Get, Patch, Delete, Merge, Batch, Lock, Rows, GroupSort, GroupSortBatch httpx.HandlerFunc
	// ExportXLSX and ExportCSV write the detail grid of the assortment {id} (hidden fields refused).
	ExportXLSX, ExportCSV httpx.HandlerFunc
}

// Pricing is a row's linked prices (spec §5.1): net cost is cost minus the discount amount, and
// the discount is both a percentage of cost and an amount.
type Pricing struct {
	Cost            *float64
	NetCost         *float64
	DiscountPercent *float64
	DiscountAmount  *float64
	SuggestedRetail *float64
}

// PricingFields are the fields whose edit runs the pricing rules, in the order they apply when
// one update carries several. The browser's provisional pricing reads the same file.
var PricingFields = func() []string {
	var f []string
	if err := json.Unmarshal(pricingFieldsJSON, &f); err != nil {
		panic("pricing_fields.json: " + err.Error())
	}
	return f
}()

// PricingError is a pricing edit the rules refuse.
type PricingError struct {
	Field   string
	Rule    string
	Message string
}

// CatalogPricing is the pricing a new row starts with from the catalog: a cost, a suggested
// retail and the catalog's discount percentage applied to that cost (in decimals places).
func CatalogPricing(cost, suggestedRetail, discountPercent *float64, decimals int) Pricing {
	pr := Pricing{Cost: cost, SuggestedRetail: suggestedRetail, DiscountPercent: discountPercent}
	if pr.Cost != nil && pr.DiscountPercent != nil {
		pr.DiscountAmount = f64(num.Float(num.Dec(*pr.Cost).Mul(num.Dec(*pr.DiscountPercent)).Shift(-2), decimals))
	}
	pr.NetCost = pr.net(decimals)
	return pr
}

// Row is one style/colour of an assortment as its detail grid shows it: the assortment's own
// values, the catalog's description and the pricing location of the assortment (spec §3.2).
type Row struct {
	ID                  string
	Version             int64
	Style               string
	Color               string
	StyleNumeric        int64
	Sort                int
	IsNew               bool
	Name                string
	ProductType         string
	Gender              string
	Division            string
	ColorDescription    string
	Season              string
	Year                int
	Carryover           bool
	NewColor            bool
	SizeScale           string
	Thumbnail           *string
	PrintImage          *string
	Cost                *float64
	NetCost             *float64
	SuggestedRetail     *float64
	DiscountPercent     *float64
	DiscountAmount      *float64
	Label               *string
	Quantity            *int64
	QuantityOnHand      *int64
	StyleNote           *string
	ColorNote           *string
	CollectionStyleNote *string
	CollectionColorNote *string
	Pillar              *string
	StoreType           *string
	Starred             bool
	Selected            bool
	DisplayGroup        *string
	Dimensions          string
	MetricDimensions    string
	Capacity            *float64
	CapacityUnit        string
	Location            *products.Location
	// Derived after reading.
	InitialMarkup       *float64
	SellThru            *float64
	StyleQuantity       int64
	StyleQuantityOnHand int64
	StyleSellThru       *float64
	Alerts              []Alert
}

// DemoAssortment is a demo assortment another module seeds through SeedDemo (the internal
// assortments of modules/internalassortments): a static one takes Rows catalog rows matching
// Where (trusted SQL on the catalog alias p) and GroupBy makes its display groups.
type DemoAssortment = demoEntry

// SeedDemo inserts a demo assortment of owner at the root, last modified at modified, and
// answers its id.
func SeedDemo(ctx context.Context, tx pgx.Tx, owner string, e DemoAssortment, modified time.Time) (string, error) {
	return seedEntry(ctx, tx, owner, e, nil, modified)
}

// DemoContent is the custom content demo data gives a display group: its html and, when
// Image is set, a picture stored as the group's source file with its preview beside it, where
// an upload would have put them.
type DemoContent struct {
	HTML  string
	Image image.Image
}

// CreateRequest is the body of POST /api/assortments.
type CreateRequest struct {
	Type               string          `json:"type"`
	ParentID           string          `json:"parentId"`
	Title              string          `json:"title"`
	SubTitle           string          `json:"subTitle"`
	Logo               string          `json:"logo"`
	Thumbnail          string          `json:"thumbnail"`
	Method             string          `json:"method"`
	OrgType            string          `json:"orgType"`
	Channel            string          `json:"channel"`
	Region             string          `json:"region"`
	Season             string          `json:"season"`
	Year               *int            `json:"year"`
	Gender             string          `json:"gender"`
	ProductType        string          `json:"productType"`
	LocationID         string          `json:"locationId"`
	Starred            bool            `json:"starred"`
	Labels             []Label         `json:"labels"`
	Query              *products.Query `json:"query"`
	CollectionsQueryID string          `json:"collectionsQueryId"`
	Titles             json.RawMessage `json:"titles"`
	CustomContent      json.RawMessage `json:"customContent"`
	UISettings         json.RawMessage `json:"uiSettings"`
	CarryoverDate      *products.Date  `json:"carryoverDate"`
	Products           []products.Pair `json:"products"`
	Source             string          `json:"source"`
}

// ListGrid is the assortment list on the grid protocol (docs/grid.md: blocks, groups, summary,
// export), for a module that lists assortments of its own organisation type: its scope is a
// condition on the list's alias a (org_type, type, channel, region, product_type).
func ListGrid() *grid.Grid { return listGrid }

// ImportSource gives an import's rows piece by piece (see Import); target answers, for a
// piece's pairs, the assortment and which of them it and its season's assortments hold.
type ImportSource func(target func(pairs []products.Pair) (*ImportTarget, error)) ([]AddProduct, error)

// ImportAll is the source of rows already held: all of adds at once.
func ImportAll(adds []AddProduct) ImportSource {
	done := false
	return func(func([]products.Pair) (*ImportTarget, error)) ([]AddProduct, error) {
		if done {
			return nil, io.EOF
		}
		done = true
		return adds, nil
	}
}
