package imports

import (
	"context"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"

	"its/modules/assortments"
	"its/modules/products"
)

// catalogChunk bounds the catalog reads of a validation.
const catalogChunk = 2000

func (s *Service) assortmentColumns() []Column {
	return assortmentColumns(assortments.Pillars, assortments.StoreTypes)
}

// AssortmentColumns answers step 2 for an assortment the caller may edit.
func (s *Service) AssortmentColumns(ctx context.Context, id, importID string) (*Columns, error) {
	if _, err := s.assortments.ImportTarget(ctx, id, nil); err != nil {
		return nil, err
	}
	return s.columns(ctx, importID, s.assortmentColumns())
}

// AssortmentRows answers step 3 from the file: its rows cleaned and validated for the
// assortment, piece by piece, kept on disk until the answer is sent. Nothing is written.
func (s *Service) AssortmentRows(ctx context.Context, id, importID string, m Mapping, subtype string) (*Result, error) {
	sp, err := newSpool()
	if err != nil {
		return nil, err
	}
	res, err := s.assortmentRows(ctx, id, importID, m, subtype, sp.write)
	if err != nil {
		sp.discard()
		return nil, err
	}
	res.spool = sp
	return res, nil
}

// heldAssortmentRows is the rows step with its rows held in the result.
func (s *Service) heldAssortmentRows(ctx context.Context, id, importID string, m Mapping, subtype string) (*Result, error) {
	var rows []Row
	res, err := s.assortmentRows(ctx, id, importID, m, subtype, func(piece []Row) error {
		rows = append(rows, piece...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Rows = rows
	if res.Rows == nil {
		res.Rows = []Row{}
	}
	return res, nil
}

// assortmentRows reads the file's rows through the mapping and checks them for assortment id
// piece by piece, handing each piece to each; it answers the counts.
func (s *Service) assortmentRows(ctx context.Context, id, importID string, m Mapping, subtype string, each func([]Row) error) (*Result, error) {
	cols := s.assortmentColumns()
	if err := checkMapping(m, cols); err != nil {
		return nil, err
	}
	rd, done, err := s.open(ctx, importID)
	if err != nil {
		return nil, err
	}
	defer done()
	res := &Result{}
	var t tally
	src, err := openRows(rd, m, "style")
	if errors.Is(err, io.EOF) {
		t.set(res)
		return res, nil
	}
	if err != nil {
		return nil, err
	}
	c := s.newAssortmentCheck(subtype, true)
	target := func(pairs []products.Pair) (*assortments.ImportTarget, error) {
		return s.assortments.ImportTarget(ctx, id, pairs)
	}
	for {
		rows, err := src.next(pieceRows)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := c.check(ctx, rows, target); err != nil {
			return nil, err
		}
		for i := range rows {
			t.add(&rows[i])
		}
		if err := each(rows); err != nil {
			return nil, err
		}
	}
	t.set(res)
	res.Dropped = src.dropped
	return res, nil
}

// AssortmentValidate revalidates rows edited in the import grid. Nothing is written.
func (s *Service) AssortmentValidate(ctx context.Context, id string, rows []Row, subtype string) (*Result, error) {
	return s.validateAssortment(ctx, id, rows, subtype, false)
}

// validateAssortment checks rows for assortment id all at once (see assortmentCheck).
func (s *Service) validateAssortment(ctx context.Context, id string, rows []Row, subtype string, fromFile bool) (*Result, error) {
	c := s.newAssortmentCheck(subtype, fromFile)
	err := c.check(ctx, rows, func(pairs []products.Pair) (*assortments.ImportTarget, error) {
		return s.assortments.ImportTarget(ctx, id, pairs)
	})
	if err != nil {
		return nil, err
	}
	res := &Result{Rows: rows}
	summarise(res)
	return res, nil
}

// assortmentCheck validates rows for an assortment (spec §5.4), all at once or piece by piece
// in file order: cells, the net cost derived, duplicates by style/colour (critical when
// importing, duplicateSoft warnings when downloading), the catalog (stylecolor), the product type
// (import only), the assortment's region (notAllowed) and location (locationId), rows already in
// it (already) or in another assortment of its season, year and region (inAssortment), a line
// status other than the assortment's status (status), and edited rows (changed). The pricing
// values the import will take from the catalog for the row's blank cells are shown as filled.
// What a piece needs of the pieces before it is which products they held (seen).
type assortmentCheck struct {
	s        *Service
	subtype  string
	fromFile bool
	cols     []Column
	seen     map[string]bool
}

func (s *Service) newAssortmentCheck(subtype string, fromFile bool) *assortmentCheck {
	if subtype != SubtypeBulkDownloader {
		subtype = SubtypeImport
	}
	return &assortmentCheck{s: s, subtype: subtype, fromFile: fromFile, cols: s.assortmentColumns(), seen: map[string]bool{}}
}

// check validates rows in place; target answers the assortment and which of the pairs it and
// the other assortments of its season hold.
func (c *assortmentCheck) check(ctx context.Context, rows []Row, target func([]products.Pair) (*assortments.ImportTarget, error)) error {
	subtype, fromFile, cols, seen := c.subtype, c.fromFile, c.cols, c.seen
	pairs := make([]products.Pair, 0, len(rows))
	for i := range rows {
		r := &rows[i]
		if !fromFile {
			normalise(r, cols)
		}
		for _, f := range []string{"style", "color"} {
			r.set(f, upper(r.Values.Get(f)))
			if fromFile {
				// Codes are compared in upper case: a file's lower-case code is not an edit.
				r.asInFile(f)
			}
		}
		pairs = append(pairs, products.Pair{Style: r.Values.Get("style"), Color: r.Values.Get("color")})
	}
	t, err := target(pairs)
	if err != nil {
		return err
	}
	a := t.Assortment
	decimals := a.DecimalsPlaces
	if decimals <= 0 {
		decimals = 2
	}
	labels := map[string]string{}
	for _, l := range a.Labels {
		labels[strings.ToLower(l.Name)] = l.Name
	}
	found, err := c.s.products(ctx, pairs, a.LocationID)
	if err != nil {
		return err
	}
	for i := range rows {
		r := &rows[i]
		checkCells(r, cols)
		if l := r.Values.Get("label"); l != "" {
			if name, ok := labels[strings.ToLower(l)]; ok {
				r.set("label", name)
			} else {
				r.add("label", ErrorTypeUnknown, SeverityCritical, "'"+l+"' is not a label of this assortment")
			}
		}
		deriveNetCost(r, decimals)
		if fromFile && r.Orig("netCost") == "" && r.Values.Get("netCost") != "" {
			r.asInFile("netCost")
		}
		if r.Changed {
			r.add("style", ErrorTypeChanged, SeverityWarning, MsgChanged)
		}
		style, color := r.Values.Get("style"), r.Values.Get("color")
		if style == "" || color == "" {
			r.add("color", ErrorTypeStylecolor, SeverityCritical, MsgStyleColor)
			continue
		}
		pid := products.ID(style, color)
		if seen[pid] {
			if subtype == SubtypeBulkDownloader {
				r.add("style", ErrorTypeDuplicateSoft, SeverityWarning, MsgDuplicate)
			} else {
				r.add("style", ErrorTypeDuplicate, SeverityCritical, MsgDuplicate)
			}
			continue
		}
		seen[pid] = true
		p, ok := found[pid]
		if !ok {
			r.add("style", ErrorTypeStylecolor, SeverityCritical, MsgStyleColor)
			continue
		}
		if t.Present[pid] {
			r.add("style", ErrorTypeAlready, SeverityCritical, MsgAlready)
		}
		if t.InSeason[pid] {
			r.add("style", ErrorTypeInAssortment, SeverityWarning, MsgInAssortment)
		}
		if subtype == SubtypeImport && a.ProductType != "" && a.ProductType != "All" && !strings.EqualFold(a.ProductType, p.ProductType) {
			r.add("style", ErrorTypeProductType, SeverityCritical, MsgProductType)
		}
		if a.Region != "" && a.Region != "All" && p.Region != "" && !strings.EqualFold(a.Region, p.Region) {
			r.add("style", ErrorTypeNotAllowed, SeverityWarning, MsgNotAllowed)
		}
		if a.LocationID != "" && !p.Available {
			r.add("style", ErrorTypeLocationId, SeverityWarning, MsgLocationID)
		}
		// The assortment's status is the line status its products have in its location.
		if a.Status != "" && p.Available && !strings.EqualFold(a.Status, p.LineStatus) {
			r.add("style", ErrorTypeStatus, SeverityWarning, MsgStatus)
		}
		fillFromCatalog(r, p, a.DecimalsPlaces)
	}
	return nil
}

// catalogInfo is what the validation reads of a catalog product; only this is kept, so a large
// file does not hold its whole catalog rows.
type catalogInfo struct {
	ProductType, Region, LineStatus string
	// Available says the product has a price in the assortment's location.
	Available bool
	// The catalog pricing a new row starts with.
	Cost, SuggestedRetail, DiscountPercent *float64
	Decimals                               int
}

// products reads the catalog's products of pairs (by product id), with their availability in
// location loc.
func (s *Service) products(ctx context.Context, pairs []products.Pair, loc string) (map[string]catalogInfo, error) {
	ids := make([]string, 0, len(pairs))
	for _, p := range pairs {
		if p.Style != "" && p.Color != "" {
			ids = append(ids, products.ID(p.Style, p.Color))
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	out := make(map[string]catalogInfo, len(ids))
	// The few product types and regions are kept once, not once per product.
	words := map[string]string{}
	word := func(w string) string {
		if v, ok := words[w]; ok {
			return v
		}
		words[w] = w
		return w
	}
	for start := 0; start < len(ids); start += catalogChunk {
		err := s.catalog.Facts(ctx, s.db, ids[start:min(start+catalogChunk, len(ids))], loc, func(f products.Facts) {
			out[f.ID] = catalogInfo{ProductType: word(f.ProductType), Region: word(f.Region), LineStatus: word(f.LineStatus), Available: f.Located,
				Cost: f.Cost, SuggestedRetail: f.SuggestedRetail, DiscountPercent: f.DiscountPercent, Decimals: f.DecimalPlaces}
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fillFromCatalog lists the pricing values the import will take from the catalog for the row's
// blank cells: those of the pricing an added row gets (the catalog's, under the row's own
// values, as the assortment manager computes it) that the row's own values do not give.
func fillFromCatalog(r *Row, c catalogInfo, decimals int) {
	given := func(f string) (*float64, bool) {
		v, ok := r.Values.Lookup(f)
		if !ok {
			return nil, false
		}
		return number(v), true
	}
	imported, perr := assortments.CatalogPricing(c.Cost, c.SuggestedRetail, c.DiscountPercent, c.Decimals).Given(given, decimals)
	if perr != nil {
		return
	}
	own, _ := assortments.Pricing{}.Given(given, decimals)
	for _, f := range assortments.PricingFields {
		v := imported.Value(f)
		if _, ok := r.Values.Lookup(f); ok || v == nil {
			continue
		}
		if o := own.Value(f); o != nil && *o == *v {
			continue
		}
		r.Filled = append(r.Filled, Filled{Field: f, Value: strconv.FormatFloat(*v, 'f', -1, 64)})
	}
}

// ImportAssortment imports rows into assortment id (spec §4.4 step 4): validated again on the
// server, refused while a critical issue remains or a warning is not ignored, then added in one
// transaction through the assortment manager.
func (s *Service) ImportAssortment(ctx context.Context, id string, rows []Row, ignoreWarnings bool) (*assortments.BatchResult, error) {
	res, err := s.validateAssortment(ctx, id, rows, SubtypeImport, false)
	if err != nil {
		return nil, err
	}
	if err := refuseUnready(res, ignoreWarnings); err != nil {
		return nil, err
	}
	if len(res.Rows) == 0 {
		return nil, emptyImport()
	}
	return s.assortments.Import(ctx, id, assortments.ImportAll(s.assortmentAdds(res.Rows)))
}

// ImportAssortmentReview imports a review's rows into assortment id as ImportAssortment imports
// the rows the review stands for (rowsOf), piece by piece in the import's one transaction: each
// piece of the file read, checked as the rows step checks it, edited and deleted as the review
// says, checked again and added. Once a row is refused, the rest is only checked, for the
// counts of the answer, and nothing is written: an unknown line of the review, a refused row or
// no row at all rolls the import back.
func (s *Service) ImportAssortmentReview(ctx context.Context, id string, rv *Review, ignoreWarnings bool) (*assortments.BatchResult, error) {
	if err := checkMapping(rv.Mapping, s.assortmentColumns()); err != nil {
		return nil, err
	}
	rd, done, err := s.open(ctx, rv.ImportID)
	if err != nil {
		return nil, err
	}
	defer done()
	src, err := openRows(rd, rv.Mapping, "style")
	if errors.Is(err, io.EOF) {
		return nil, emptyImport()
	}
	if err != nil {
		return nil, err
	}
	edits := newReviewEdits(rv)
	asRead := s.newAssortmentCheck(SubtypeImport, true)
	asSent := s.newAssortmentCheck(SubtypeImport, false)
	ready := readiness{ignoreWarnings: ignoreWarnings}
	next := func(target func([]products.Pair) (*assortments.ImportTarget, error)) ([]assortments.AddProduct, error) {
		for {
			rows, err := src.next(pieceRows)
			if errors.Is(err, io.EOF) {
				if err := edits.unknown(); err != nil {
					return nil, err
				}
				if err := ready.err(); err != nil {
					return nil, err
				}
				if ready.rows == 0 {
					return nil, emptyImport()
				}
				return nil, io.EOF
			}
			if err != nil {
				return nil, err
			}
			if err := asRead.check(ctx, rows, target); err != nil {
				return nil, err
			}
			sent := edits.apply(rows)
			if err := asSent.check(ctx, sent, target); err != nil {
				return nil, err
			}
			ready.add(sent)
			if ready.refused() || len(sent) == 0 {
				continue
			}
			return s.assortmentAdds(sent), nil
		}
	}
	return s.assortments.Import(ctx, id, next)
}

// assortmentAdds turns checked rows into the assortment manager's adds.
func (s *Service) assortmentAdds(rows []Row) []assortments.AddProduct {
	cols := s.assortmentColumns()
	adds := make([]assortments.AddProduct, len(rows))
	for i, r := range rows {
		vals := map[string]any{}
		for _, c := range cols {
			v, ok := r.Values.Lookup(c.Field)
			if !ok || c.Field == "style" || c.Field == "color" {
				continue
			}
			if c.Type == "number" || c.Type == "integer" {
				vals[c.Field] = *number(v)
			} else {
				vals[c.Field] = v
			}
		}
		adds[i] = assortments.AddProduct{Style: r.Values.Get("style"), Color: r.Values.Get("color"), Values: vals}
	}
	return adds
}
