package assortments

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"its/core/grid"
	"its/core/httpx"
	"its/modules/products"
)

// detailGrid declares the detail grid's columns for its export and its schema call (detailSchema):
// the editable ones of rowGrid with the catalog's read-only values the rows carry beside them.
// Its rows are computed in Go (rows.go: pricing, markup, sell-through, alerts), so it is an
// InGo grid that only grid.ExportRows reads.
var detailGrid = grid.MustNew(grid.Grid{
	Name:        "assortmentDetail",
	InGo:        true,
	DefaultSort: []grid.Sort{{Field: "sort"}},
	Columns: append(detailEditable(),
		grid.Column{Field: "name", Header: "Name", Type: grid.Text},
		grid.Column{Field: "colorDescription", Header: "Color Description", Type: grid.Text},
		grid.Column{Field: "division", Header: "Division", Type: grid.Text},
		grid.Column{Field: "gender", Header: "Gender", Type: grid.Text},
		grid.Column{Field: "productType", Header: "Product Type", Type: grid.Text},
		grid.Column{Field: "season", Header: "Season", Type: grid.Text},
		grid.Column{Field: "year", Header: "Year", Type: grid.Integer},
		grid.Column{Field: "sizeScale", Header: "Size Scale", Type: grid.Text},
		grid.Column{Field: "initialMarkup", Header: "Initial Markup %", Type: grid.Number},
		grid.Column{Field: "sellThru", Header: "Sell Thru %", Type: grid.Number},
		grid.Column{Field: "styleSellThru", Header: "Style Sell Thru %", Type: grid.Number},
		grid.Column{Field: "styleQuantity", Header: "Style Quantity", Type: grid.Integer},
		grid.Column{Field: "styleQuantityOnHand", Header: "Style On Hand", Type: grid.Integer},
		grid.Column{Field: "lineStatus", Header: "Line Status", Type: grid.Text},
		grid.Column{Field: "totalInventory", Header: "Total Inventory", Type: grid.Integer},
		grid.Column{Field: "alerts", Header: "Alerts", Type: grid.Text, NoSort: true},
	),
})

// detailSchema is what the detail grid's schema call answers: rowGrid's columns with their rules
// (the ones a batch writes), then the catalog's read-only values the rows carry (detailGrid's own
// columns, read-only), so the browser types none of them and only orders and sizes them.
func detailSchema() grid.Schema {
	s := rowGrid.Schema()
	own := make(map[string]bool, len(s.Columns))
	for _, c := range s.Columns {
		own[c.Field] = true
	}
	for _, c := range detailGrid.Schema().Columns {
		if !own[c.Field] {
			s.Columns = append(s.Columns, c)
		}
	}
	return s
}

// detailEditable are rowGrid's columns as the export reads them: the label is the assortment's
// own list, so plain text here.
func detailEditable() []grid.Column {
	out := make([]grid.Column, 0, len(rowGrid.Columns))
	for _, c := range rowGrid.Columns {
		c.Column, c.Expr, c.Edit, c.Validators, c.Required = "", "", grid.ReadOnly, nil, false
		out = append(out, c)
	}
	return out
}

// Value is the row's value of a detail grid field (detailGrid), as the grid shows it.
func (r *Row) Value(field string) any {
	switch field {
	case "style":
		return r.Style
	case "color":
		return r.Color
	case "productId":
		return products.ID(r.Style, r.Color)
	case "sort":
		return r.Sort
	case "isNew":
		return r.IsNew
	case "thumbnail":
		return r.image(r.Thumbnail, "thumbnail")
	case "printImage":
		return r.image(r.PrintImage, "print")
	case "cost":
		return r.Cost
	case "netCost":
		return r.NetCost
	case "suggestedRetail":
		return r.SuggestedRetail
	case "discountPercent":
		return r.DiscountPercent
	case "discountAmount":
		return r.DiscountAmount
	case "label":
		return r.Label
	case "quantity":
		return r.Quantity
	case "quantityOnHand":
		return r.QuantityOnHand
	case "styleNote":
		return r.StyleNote
	case "colorNote":
		return r.ColorNote
	case "collectionStyleNote":
		return r.CollectionStyleNote
	case "collectionColorNote":
		return r.CollectionColorNote
	case "pillar":
		return r.Pillar
	case "storeType":
		return r.StoreType
	case "starred":
		return r.Starred
	case "selected":
		return r.Selected
	case "displayGroup":
		return r.DisplayGroup
	case "name":
		return r.Name
	case "colorDescription":
		return r.ColorDescription
	case "division":
		return r.Division
	case "gender":
		return r.Gender
	case "productType":
		return r.ProductType
	case "season":
		return r.Season
	case "year":
		return r.Year
	case "sizeScale":
		return r.SizeScale
	case "initialMarkup":
		return r.InitialMarkup
	case "sellThru":
		return r.SellThru
	case "styleSellThru":
		return r.StyleSellThru
	case "styleQuantity":
		return r.StyleQuantity
	case "styleQuantityOnHand":
		return r.StyleQuantityOnHand
	case "lineStatus":
		if r.Location == nil {
			return nil
		}
		return r.Location.LineStatus
	case "totalInventory":
		if r.Location == nil {
			return nil
		}
		return r.Location.TotalInventory
	case "alerts":
		msgs := make([]string, 0, len(r.Alerts))
		for _, a := range r.Alerts {
			msgs = append(msgs, a.Message)
		}
		return strings.Join(msgs, "; ")
	}
	return nil
}

// image is the row's own image, else the catalog's.
func (r *Row) image(own *string, kind string) string {
	if own != nil && *own != "" {
		return *own
	}
	return products.ImagePath(r.Style, r.Color, kind)
}

// ExportRows writes an assortment's detail grid as the user sees it (the request's columns in
// their order, the filter tree evaluated as the grid does, sort and grouping) to an .xlsx or
// .csv download: the rows the grid holds (static: all of them; dynamic: the first page of its
// query), with the fields the organisation type hides neither shown nor usable to filter, sort
// or group (a 400 naming them).
func (s *Service) ExportRows(ctx context.Context, w http.ResponseWriter, id string, req grid.ExportRequest) error {
	var a *Assortment
	var rows []Row
	err := s.Stream(ctx, id, true, func(h *Assortment) error {
		a = h
		if h.Type == "folder" {
			return httpx.Invalid(httpx.FieldError{Field: "id", Rule: "folder", Message: "A folder has no products"})
		}
		if s.org == nil {
			return nil
		}
		var bad []httpx.FieldError
		for _, f := range s.org.Hidden(h) {
			if req.Refers(f) {
				bad = append(bad, httpx.FieldError{Field: f, Rule: "hidden", Message: fmt.Sprintf("%s is not a column of this assortment", f)})
			}
		}
		if len(bad) > 0 {
			return httpx.Invalid(bad...)
		}
		return nil
	}, func(r *Row) error {
		rows = append(rows, *r) // the stream reuses its row
		return nil
	})
	if err != nil {
		return err
	}
	feed := func(yield func(grid.Record) bool) {
		for i := range rows {
			if !yield(&rows[i]) {
				return
			}
		}
	}
	name := grid.ExportFileNameAs(req.FileName, fmt.Sprintf("%s_%s", a.Title, time.Now().Format("2006-01-02")), req.Format)
	return detailGrid.ExportRows(ctx, w, req, feed, name)
}
