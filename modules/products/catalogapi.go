package products

import "context"

// Catalog is what another module may read of the catalog (the assortment manager does): style/
// colour validation and catalog rows, by id or by search. The rows it joins to its own come from
// the views of 0203_products_catalog_views.sql (catalog_products p, catalog_details d,
// catalog_locations pl, catalog_version), never from the tables behind them.
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
