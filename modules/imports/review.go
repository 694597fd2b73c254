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
	if err := reviewOnly(rows); err != nil {
		return nil, err
	}
	res, err := first(ctx, rv.ImportID, rv.Mapping)
	if err != nil {
		return nil, err
	}
	edits := newReviewEdits(rv)
	out := edits.apply(res.Rows)
	if err := edits.unknown(); err != nil {
		return nil, err
	}
	return out, nil
}

// reviewOnly refuses rows sent beside a review.
func reviewOnly(rows []Row) error {
	if len(rows) > 0 {
		return httpx.Invalid(httpx.FieldError{Field: "rows", Rule: "exclusive", Message: "Send either the rows or the review, not both"})
	}
	return nil
}

// reviewEdits applies a review's edits and deletions to the file's rows as they are read, all at
// once or piece by piece, and remembers the lines it met.
type reviewEdits struct {
	rv      *Review
	edited  map[int]Cells
	deleted map[int]bool
	met     map[int]bool
}

func newReviewEdits(rv *Review) *reviewEdits {
	e := &reviewEdits{rv: rv, edited: make(map[int]Cells, len(rv.Edited)), deleted: make(map[int]bool, len(rv.Deleted)),
		met: make(map[int]bool, len(rv.Edited)+len(rv.Deleted))}
	for _, x := range rv.Edited {
		e.edited[x.Index] = x.Values
	}
	for _, d := range rv.Deleted {
		e.deleted[d] = true
	}
	return e
}

// apply answers rows as the page would send them: deleted rows left out, edited rows with the
// user's values (and the file's as their origin), every row without its issues.
func (e *reviewEdits) apply(rows []Row) []Row {
	out := make([]Row, 0, len(rows))
	for _, r := range rows {
		_, isEdited := e.edited[r.Index]
		if isEdited || e.deleted[r.Index] {
			e.met[r.Index] = true
		}
		if e.deleted[r.Index] {
			continue
		}
		sent := Row{Index: r.Index, Values: r.Values, orig: r.orig, Errors: []RowError{}}
		if isEdited {
			vals := e.edited[r.Index]
			sent.Values, sent.orig = vals, diff(vals, r.OrigData())
		}
		out = append(out, sent)
	}
	return out
}

// unknown refuses a review naming a line the file's rows (all applied) do not have.
func (e *reviewEdits) unknown() error {
	var bad []httpx.FieldError
	for i, x := range e.rv.Edited {
		if !e.met[x.Index] {
			bad = append(bad, httpx.FieldError{Field: fmt.Sprintf("review.edited[%d].index", i), Rule: "unknown", Message: fmt.Sprintf("The file has no row %d", x.Index)})
		}
	}
	for i, d := range e.rv.Deleted {
		if !e.met[d] {
			bad = append(bad, httpx.FieldError{Field: fmt.Sprintf("review.deleted[%d]", i), Rule: "unknown", Message: fmt.Sprintf("The file has no row %d", d)})
		}
	}
	if len(bad) > 0 {
		return httpx.Invalid(bad...)
	}
	return nil
}
