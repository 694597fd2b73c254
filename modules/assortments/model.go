package assortments

import (
	"encoding/json"
	"time"

	"its/modules/products"
)

// The assortment enumerations (spec §3.2: Channels, Regions, ProductTypes, Methods, States,
// StoreTypes, Pillars, Views), the edit lock's LockTTL and the toasts MsgCreated,
// MsgFolderCreated, MsgDuplicated and MsgRowsChanged are generated from module.yaml and the
// remote's en-US catalog into names_gen.go, so the browser reads the same lists and words.

// Messages of the spec's catalogue (platform spec §8).
const (
	MsgDiscountRange  = "Discount Percentage must be between 0-100"
	MsgMarkupNeedsSR  = "A markup edit needs a non-zero suggested retail"
	MsgDynamicRows    = "The products of a dynamic assortment come from its filters: change the filters instead"
	MsgFoldersNoRows  = "Folders cannot be edited"
	MsgNewRowsOnly    = "Style and color can only be edited on new rows"
	MsgNoStyleColor   = products.NoDataMessage
	MsgAlreadyInThere = "This style/color is already in the assortment"
)

// Label is a named colour an assortment offers for its rows.
type Label struct {
	Name  string `json:"name"`
	Color string `json:"color"`
}

// Owner is who an assortment belongs to.
type Owner struct {
	ID       string `json:"id"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
}

// ParentID is the folder the entry sits in ("" at the root).
func (a *Assortment) ParentID() string {
	if len(a.Hierarchy) == 0 {
		return ""
	}
	return a.Hierarchy[len(a.Hierarchy)-1]
}

// Resource is what the policies see of the assortment.
func (a *Assortment) Resource() map[string]any {
	return map[string]any{"channel": a.Channel, "region": a.Region, "productType": a.ProductType}
}

// Alert types: stable keys the browser words in the user's language from Params.
const (
	// AlertDiscontinued: the style/colour is discontinued (line status D) in Params["location"].
	AlertDiscontinued = "discontinued"
)

// Alert is a notice on one style/colour of an assortment: a stable Type with its Params for the
// browser to word (react-intl), and the English Message as the fallback.
type Alert struct {
	Style       string          `json:"style"`
	Color       string          `json:"color"`
	Type        string          `json:"type"`
	Params      json.RawMessage `json:"params"`
	Message     string          `json:"message"`
	CreatedDate time.Time       `json:"createdDate"`
}

// Lock is the edit lock of an assortment.
type Lock struct {
	User      Owner     `json:"user"`
	ExpiresAt time.Time `json:"expiresAt"`
	Mine      bool      `json:"mine"`
}
