package internalassortments

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/modules/actions"
	"its/modules/assortments"
	"its/modules/products"
	"its/modules/seasons"
)

// OrgType is the organisation type of internal assortments.
const OrgType = "internal"

// MsgExists answers a name already used in the season, year, region and gender (product spec
// §5.3; the two spaces are the spec's).
const MsgExists = "This assortment already exists.  Please create a unique one."

// Rules are the internal assortments' rules (assortments.OrgRules): who sees and edits one
// (internalAssortments.view and .edit narrowed by its channel, region and productType), its
// variant (channel, region, season, year, gender, productType, the location of a domestic
// wholesale one), its name unique per season, year, region and gender, the state always
// published, and the hidden columns.
type Rules struct {
	authz *authz.Engine
	store *Store
}

var _ assortments.OrgRules = (*Rules)(nil)

// NewRules gives the rules.
func NewRules(az *authz.Engine, store *Store) *Rules { return &Rules{authz: az, store: store} }

// Resource is what the policies see of an internal assortment.
func Resource(channel, region, productType string) map[string]any {
	return map[string]any{"channel": channel, "region": region, "productType": productType}
}

// OrgType is "internal".
func (r *Rules) OrgType() string { return OrgType }

// Visible: internalAssortments.view on the assortment's channel, region and productType.
func (r *Rules) Visible(ctx context.Context, u *identity.User, a *assortments.Assortment) bool {
	ok, err := r.authz.Allowed(ctx, u, actions.InternalAssortmentsView, Resource(a.Channel, a.Region, a.ProductType))
	return err == nil && ok
}

// MayEdit: internalAssortments.edit on the assortment's channel, region and productType.
func (r *Rules) MayEdit(ctx context.Context, a *assortments.Assortment) error {
	return registry.Require(ctx, r.authz, actions.InternalAssortmentsEdit, Resource(a.Channel, a.Region, a.ProductType))
}

// State: internal assortments are published (product spec §4.1).
func (r *Rules) State() string { return assortments.StatePublished }

// DefaultGroupBy: internal assortments are grouped by pillar until their editor picks another
// (product spec §3.2).
func (r *Rules) DefaultGroupBy() string { return assortments.GroupByPillar }

// Hidden: initialMarkup always, suggestedRetail for the US (product spec §5.3).
func (r *Rules) Hidden(a *assortments.Assortment) []string {
	if strings.EqualFold(a.LocationID, products.DefaultLocation) {
		return []string{"initialMarkup", "suggestedRetail"}
	}
	return []string{"initialMarkup"}
}

// Check keeps a stored internal assortment a valid variant with a unique name.
func (r *Rules) Check(ctx context.Context, tx pgx.Tx, a *assortments.Assortment) error {
	if bad := checkVariant(variant{Channel: a.Channel, Region: a.Region, Season: a.Season, Year: a.Year, Gender: a.Gender,
		ProductType: a.ProductType, LocationID: a.LocationID}); len(bad) > 0 {
		return httpx.Invalid(bad...)
	}
	taken, err := r.store.nameTaken(ctx, tx, a)
	if err != nil {
		return err
	}
	if taken {
		return httpx.Invalid(httpx.FieldError{Field: "title", Rule: "unique", Message: MsgExists})
	}
	return nil
}

// variant is what makes an internal assortment one of the four variants of a season.
type variant struct {
	Channel, Region, Season string
	Year                    *int
	Gender, ProductType     string
	LocationID              string
}

func oneOf(field, v string, allowed []string, bad *[]httpx.FieldError) {
	if !slices.Contains(allowed, v) {
		*bad = append(*bad, httpx.FieldError{Field: field, Rule: "oneOf", Message: fmt.Sprintf("%s must be one of %s", field, strings.Join(allowed, ", "))})
	}
}

// checkVariant answers what is wrong with v: channel Wholesale or Retail, region Domestic or
// International, a season code and year, a gender, a product type, and a location for a
// domestic wholesale assortment.
func checkVariant(v variant) []httpx.FieldError {
	var bad []httpx.FieldError
	oneOf("channel", v.Channel, Channels, &bad)
	oneOf("region", v.Region, Regions, &bad)
	oneOf("season", v.Season, seasons.Seasons, &bad)
	oneOf("gender", v.Gender, Genders, &bad)
	oneOf("productType", v.ProductType, ProductTypes, &bad)
	if v.Year == nil {
		bad = append(bad, httpx.FieldError{Field: "year", Rule: "required", Message: "year is required"})
	}
	if v.Channel == ChannelWholesale && v.Region == RegionDomestic && strings.TrimSpace(v.LocationID) == "" {
		bad = append(bad, httpx.FieldError{Field: "locationId", Rule: "required", Message: "A domestic wholesale assortment needs its location"})
	}
	return bad
}

// canonical answers v with the manifest's spelling when it is one of allowed (any case).
func canonical(v string, allowed []string) string {
	v = strings.TrimSpace(v)
	for _, a := range allowed {
		if strings.EqualFold(a, v) {
			return a
		}
	}
	return v
}
