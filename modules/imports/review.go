package imports

import (
	"context"
	"fmt"

	"its/core/httpx"
)

// Review is the import review as the page sends it back to validate, import or download: the
// uploaded file (kept on the server since its upload) read through the mapping, as the rows
// step answered, with the rows the user edited and those deleted. A review of 100,000 rows
// travels as these few fields instead of every row (41.8 MB, over the request limit).
type Review struct {
	ImportID string  `json:"importId"`
	Mapping  Mapping `json:"mapping"`
	// Edited holds the values of the rows the user changed, by their line in the file.
	Edited []Edited `json:"edited"`
	// Deleted lists the lines the user deleted: neither validated nor imported.
	Deleted []int `json:"deleted"`
}

// Edited is an edited row's values, by its line in the file.
type Edited struct {
	Index  int   `json:"index"`
	Values Cells `json:"values"`
}

// rowsOf answers the rows a request carries: its review's, read by first (the rows step on the
// review's file and mapping) with the edits and deletions applied, each row as the page would
// send it (its values and the file's); or the rows it sent itself.
func rowsOf(ctx context.Context, rows []Row, rv *Review, first func(ctx context.Context, importID string, m Mapping) (*Result, error)) ([]Row, error) {
	if rv == nil {
		return rows, nil
	}
	if len(rows) > 0 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "rows", Rule: "exclusive", Message: "Send either the rows or the review, not both"})
	}
	res, err := first(ctx, rv.ImportID, rv.Mapping)
	if err != nil {
		return nil, err
	}
	at := make(map[int]int, len(res.Rows))
	for i, r := range res.Rows {
		at[r.Index] = i
	}
	var bad []httpx.FieldError
	edited := make(map[int]Cells, len(rv.Edited))
	for i, e := range rv.Edited {
		if _, ok := at[e.Index]; !ok {
			bad = append(bad, httpx.FieldError{Field: fmt.Sprintf("review.edited[%d].index", i), Rule: "unknown", Message: fmt.Sprintf("The file has no row %d", e.Index)})
		}
		edited[e.Index] = e.Values
	}
	deleted := make(map[int]bool, len(rv.Deleted))
	for i, d := range rv.Deleted {
		if _, ok := at[d]; !ok {
			bad = append(bad, httpx.FieldError{Field: fmt.Sprintf("review.deleted[%d]", i), Rule: "unknown", Message: fmt.Sprintf("The file has no row %d", d)})
		}
		deleted[d] = true
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	out := res.Rows[:0]
	for _, r := range res.Rows {
		if deleted[r.Index] {
			continue
		}
		sent := Row{Index: r.Index, Values: r.Values, orig: r.orig, Errors: []RowError{}}
		if vals, ok := edited[r.Index]; ok {
			sent.Values, sent.orig = vals, diff(vals, r.OrigData())
		}
		out = append(out, sent)
	}
	return out, nil
}
