package products

import (
	"fmt"

	"its/core/grid"
)

// exportGrid is the catalog grid priced at location (a checked code), or at none ("").
func exportGrid(location string) (*grid.Grid, error) {
	exportGridsMu.Lock()
	defer exportGridsMu.Unlock()
	if g := exportGrids[location]; g != nil {
		return g, nil
	}
	join := "FALSE"
	if location != "" {
		if !locationCode.MatchString(location) {
			return nil, fmt.Errorf("products: bad location code %q", location)
		}
		join = "pl.code = '" + location + "'"
	}
	g, err := grid.New(grid.Grid{
		Name: catalogGrid,
		Table: "products p LEFT JOIN product_locations pl ON pl.product_id = p.id AND " + join +
			" LEFT JOIN locations ploc ON ploc.code = pl.code LEFT JOIN currencies pcur ON pcur.currency_code = ploc.currency_code",
		IDColumn: "p.id", IDType: "text", VersionColumn: "1",
		Columns:     exportColumns(),
		DefaultSort: []grid.Sort{{Field: "style"}, {Field: "color"}},
	})
	if err != nil {
		return nil, err
	}
	exportGrids[location] = g
	return g, nil
}
