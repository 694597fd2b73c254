package internalassortments

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/httpx"
	"its/core/identity"
	"its/modules/actions"
	"its/modules/assortments"
	"its/modules/products"
	"its/modules/seasons"
)

// Service holds the internal assortments' calls of their own: the table of contents, the
// product options and the creation (also from a catalog query); the rest is the assortment
// manager's service scoped to orgType internal (Assortments).
type Service struct {
	db      *pgxpool.Pool
	store   *Store
	rules   *Rules
	authz   *authz.Engine
	catalog products.Catalog
	seasons seasons.Reader
	log     *slog.Logger
	// Assortments is the assortment manager's service for internal assortments.
	Assortments assortments.Assortments

	mu    sync.Mutex
	cache map[string]cached
	gen   atomic.Int64 // bumped by every write: older cached answers are not used
	ttl   time.Duration
}

type cached struct {
	at  time.Time
	gen int64
	toc *TableOfContents
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB      *pgxpool.Pool
	Store   *Store
	Rules   *Rules
	Authz   *authz.Engine
	Catalog products.Catalog
	Orgs    assortments.Orgs
	Seasons seasons.Reader
	Log     *slog.Logger
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, rules: p.Rules, authz: p.Authz, catalog: p.Catalog, seasons: p.Seasons, log: p.Log,
		Assortments: p.Orgs.Service(p.Rules), cache: map[string]cached{}, ttl: DiscoverTTL}
}

// maxCached bounds the table of contents cache; past it the cache starts again empty.
const maxCached = 2000

// Changed drops the cached tables of contents (after any write to an internal assortment).
func (s *Service) Changed() { s.gen.Add(1) }

// DiscoverRequest is the body of POST /api/internalAssortments/discover.
type DiscoverRequest struct {
	Channel    string `json:"channel"`
	Region     string `json:"region"`
	Season     string `json:"season"`
	Year       int    `json:"year"`
	Gender     string `json:"gender"`
	LocationID string `json:"locationId"`
	// Editable keeps only the assortments the caller may edit (the internal dropdown).
	Editable bool `json:"editable"`
	// SeasonsOnly answers the seasons with their counts and the genders, no assortment (the
	// list page's season picker: the list itself is read in blocks by Query).
	SeasonsOnly bool `json:"seasonsOnly"`
	// Force answers from the database, not the cache.
	Force bool `json:"force"`
}

// TableOfContents answers discover: the channel's seasons with how many internal assortments
// of the request's region the caller sees in each, and the assortments the request selects.
type TableOfContents struct {
	Channel            string    `json:"channel"`
	Seasons            []Season  `json:"seasons"`
	Genders            []string  `json:"genders"`
	Assortments        []Entry   `json:"assortments"`
	PublishedStateOnly bool      `json:"publishedStateOnly"`
	At                 time.Time `json:"at"`
}

// Discover answers the table of contents, from the cache when the same caller asked the same
// within DiscoverTTL and nothing was written since (unless Force).
func (s *Service) Discover(ctx context.Context, req DiscoverRequest) (*TableOfContents, error) {
	var bad []httpx.FieldError
	req.Channel = canonical(req.Channel, Channels)
	oneOf("channel", req.Channel, Channels, &bad)
	if req.Region != "" {
		req.Region = canonical(req.Region, Regions)
		oneOf("region", req.Region, Regions, &bad)
	}
	if req.Season != "" {
		req.Season = strings.ToUpper(strings.TrimSpace(req.Season))
		oneOf("season", req.Season, seasons.Seasons, &bad)
	}
	if req.Gender != "" {
		req.Gender = canonical(req.Gender, Genders)
		oneOf("gender", req.Gender, Genders, &bad)
	}
	if req.Year != 0 && (req.Year < 2000 || req.Year > 2100) {
		bad = append(bad, httpx.FieldError{Field: "year", Rule: "range", Message: "year must be between 2000 and 2100"})
	}
	req.LocationID = strings.ToUpper(strings.TrimSpace(req.LocationID))
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	u := identity.FromContext(ctx)
	force := req.Force
	req.Force = false
	body, _ := json.Marshal(req)
	key := u.ID + "\x00" + string(body)
	gen := s.gen.Load()
	if !force {
		s.mu.Lock()
		c, ok := s.cache[key]
		s.mu.Unlock()
		if ok && c.gen == gen && time.Since(c.at) < s.ttl {
			return c.toc, nil
		}
	}
	toc, err := s.discover(ctx, u, req)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if len(s.cache) >= maxCached {
		s.cache = map[string]cached{}
	}
	s.cache[key] = cached{at: toc.At, gen: gen, toc: toc}
	s.mu.Unlock()
	return toc, nil
}

// discover reads the table of contents: the entries of the channel (and region and location)
// filtered by the policy, asked once per channel, region and product type among them.
func (s *Service) discover(ctx context.Context, u *identity.User, req DiscoverRequest) (*TableOfContents, error) {
	all, err := s.store.entries(ctx, tocFilter{channel: req.Channel, region: req.Region, locationID: req.LocationID})
	if err != nil {
		return nil, err
	}
	list, err := s.seasons.List(ctx, seasons.ListRequest{Channel: req.Channel})
	if err != nil {
		return nil, err
	}
	type combo struct{ channel, region, productType string }
	index := map[combo]int{}
	var checks []authz.Check
	for _, e := range all {
		c := combo{e.Channel, e.Region, e.ProductType}
		if _, ok := index[c]; !ok {
			index[c] = len(checks)
			res := Resource(c.channel, c.region, c.productType)
			checks = append(checks, authz.Check{Action: actions.InternalAssortmentsView, Resource: res},
				authz.Check{Action: actions.InternalAssortmentsEdit, Resource: res})
		}
	}
	checks = append(checks, authz.Check{Action: actions.InternalAssortmentsPublishedStateOnly})
	ok, err := s.authz.AllowedMany(ctx, u, checks)
	if err != nil {
		return nil, err
	}
	toc := &TableOfContents{Channel: req.Channel, Seasons: []Season{}, Genders: []string{}, Assortments: []Entry{},
		PublishedStateOnly: ok[len(ok)-1], At: time.Now()}
	count := map[string]int{}
	genders := map[string]bool{}
	for _, e := range all {
		i := index[combo{e.Channel, e.Region, e.ProductType}]
		if !ok[i] {
			continue
		}
		e.Editable = ok[i+1]
		if req.Editable && !e.Editable {
			continue
		}
		count[fmt.Sprintf("%s%d", e.Season, e.Year)]++
		if (req.Season != "" && e.Season != req.Season) || (req.Year != 0 && e.Year != req.Year) {
			continue
		}
		genders[e.Gender] = true
		if req.Gender != "" && e.Gender != req.Gender || req.SeasonsOnly {
			continue
		}
		toc.Assortments = append(toc.Assortments, e)
	}
	for _, x := range list {
		toc.Seasons = append(toc.Seasons, Season{ID: x.ID, Season: x.Season, Year: x.Year, Channel: x.Channel, State: x.State,
			Preview: x.PreviewURL, Count: count[fmt.Sprintf("%s%d", x.Season, x.Year)]})
	}
	for _, g := range Genders {
		if genders[g] {
			toc.Genders = append(toc.Genders, g)
		}
	}
	return toc, nil
}

// OptionsRequest is the body of POST /api/internalAssortments/products/options.
type OptionsRequest struct {
	ProductType string `json:"productType"`
}

// Options answers the values the internal product query offers for a product type.
func (s *Service) Options(ctx context.Context, req OptionsRequest) (*Options, error) {
	pt := canonical(req.ProductType, ProductTypes)
	if pt == ProductTypeAll {
		pt = ""
	} else if pt != "" {
		var bad []httpx.FieldError
		if oneOf("productType", pt, ProductTypes, &bad); len(bad) > 0 {
			return nil, httpx.Invalid(bad...)
		}
	}
	return s.store.options(ctx, pt)
}

// normalize spells the variant of an assortment to create as the manifest does and refuses an
// incomplete one before anything is written.
func normalize(req *assortments.CreateRequest) error {
	req.OrgType = OrgType
	req.Channel = canonical(req.Channel, Channels)
	req.Region = canonical(req.Region, Regions)
	req.Gender = canonical(req.Gender, Genders)
	req.ProductType = canonical(req.ProductType, ProductTypes)
	if req.ProductType == "" {
		req.ProductType = ProductTypeAll
	}
	req.Season = strings.ToUpper(strings.TrimSpace(req.Season))
	req.LocationID = strings.ToUpper(strings.TrimSpace(req.LocationID))
	if req.ParentID != "" {
		return httpx.Invalid(httpx.FieldError{Field: "parentId", Rule: "folder", Message: "An internal assortment is not kept in folders"})
	}
	if req.Type != "" && req.Type != "item" {
		return httpx.Invalid(httpx.FieldError{Field: "type", Rule: "oneOf", Message: "type must be item"})
	}
	if req.Method == assortments.MethodDynamic {
		return httpx.Invalid(httpx.FieldError{Field: "method", Rule: "oneOf", Message: "An internal assortment is static"})
	}
	if bad := checkVariant(variant{Channel: req.Channel, Region: req.Region, Season: req.Season, Year: req.Year, Gender: req.Gender,
		ProductType: req.ProductType, LocationID: req.LocationID}); len(bad) > 0 {
		return httpx.Invalid(bad...)
	}
	if req.LocationID == "" && req.Region == RegionDomestic {
		req.LocationID = products.DefaultLocation
	}
	return nil
}

// Create makes an internal assortment (state published).
func (s *Service) Create(ctx context.Context, req assortments.CreateRequest) (*assortments.Assortment, string, error) {
	if err := normalize(&req); err != nil {
		return nil, "", err
	}
	a, msg, err := s.Assortments.Create(ctx, req)
	if err == nil {
		s.Changed()
	}
	return a, msg, err
}

// QueryCreateRequest is the body of POST /api/internalAssortments/products/query/createAssortment:
// the assortment to create and the catalog query whose products it takes.
type QueryCreateRequest struct {
	Assortment assortments.CreateRequest `json:"assortment"`
	Query      *products.Query           `json:"query"`
}

// CreateFromQuery makes an internal assortment holding the products of a catalog query (in the
// query's order), at most MaxQueryProducts of them.
func (s *Service) CreateFromQuery(ctx context.Context, req QueryCreateRequest) (*assortments.Assortment, string, error) {
	if req.Query == nil {
		return nil, "", httpx.Invalid(httpx.FieldError{Field: "query", Rule: "required", Message: "The products come from a query"})
	}
	if len(req.Assortment.Products) > 0 {
		return nil, "", httpx.Invalid(httpx.FieldError{Field: "assortment.products", Rule: "query", Message: "The products come from the query"})
	}
	if err := normalize(&req.Assortment); err != nil {
		return nil, "", err
	}
	q := *req.Query
	q.LocationID = req.Assortment.LocationID
	if q.LocationID == "" {
		q.LocationID = products.DefaultLocation
	}
	q.Skip, q.Limit = 0, 0
	if err := q.Normalize(); err != nil {
		return nil, "", err
	}
	if q.Text == "" && len(q.Conditions) == 0 && q.Tree == nil {
		return nil, "", httpx.Invalid(httpx.FieldError{Field: "query", Rule: "required", Message: "The query needs at least one filter"})
	}
	n, err := s.catalog.Count(ctx, s.db, &q)
	if err != nil {
		return nil, "", err
	}
	switch {
	case n == 0:
		return nil, "", httpx.Invalid(httpx.FieldError{Field: "query", Rule: "empty", Message: "The query finds no products"})
	case n > MaxQueryProducts:
		return nil, "", httpx.Invalid(httpx.FieldError{Field: "query", Rule: "max",
			Message: fmt.Sprintf("The query finds %d products; an assortment takes at most %d: narrow the query", n, MaxQueryProducts)})
	}
	pairs := make([]products.Pair, 0, n)
	for q.Skip = 0; q.Skip < n; q.Skip += products.MaxLimit {
		q.Limit = products.MaxLimit
		page, err := s.catalog.PageRows(ctx, s.db, &q, false)
		if err != nil {
			return nil, "", err
		}
		for _, p := range page {
			pairs = append(pairs, products.Pair{Style: p.Style, Color: p.Color})
		}
		if len(page) < products.MaxLimit {
			break
		}
	}
	req.Assortment.Products, req.Assortment.Source = pairs, "search"
	return s.Create(ctx, req.Assortment)
}
