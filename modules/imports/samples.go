package imports

import (
	"context"
	"fmt"
	"strconv"

	"its/core/grid"
	"its/core/httpx"
	"its/modules/sampleinventory"
)

// sampleColumns are a library's editable columns.
func (s *Service) sampleColumns(library string) ([]Column, *sampleinventory.Schema, error) {
	sch, err := s.samples.Schema(library)
	if err != nil {
		return nil, nil, err
	}
	req := map[string]bool{}
	for _, f := range sch.RequiredFields {
		req[f] = true
	}
	var cols []Column
	for _, c := range sch.Columns {
		if !c.Editable || c.Field == "library" {
			continue
		}
		typ := "text"
		switch c.Type {
		case grid.Number:
			typ = "number"
		case grid.Integer:
			typ = "integer"
		}
		cols = append(cols, Column{Field: c.Field, Header: c.HeaderName, Type: typ, Required: req[c.Field], Options: c.Options})
	}
	return cols, sch, nil
}

// SampleColumns answers step 2 for a sample library.
func (s *Service) SampleColumns(ctx context.Context, library, importID string) (*Columns, error) {
	cols, _, err := s.sampleColumns(library)
	if err != nil {
		return nil, err
	}
	return s.columns(ctx, importID, cols)
}

// SampleRows answers step 3 from the file for a sample library. Nothing is written.
func (s *Service) SampleRows(ctx context.Context, library, importID string, m Mapping) (*Result, error) {
	cols, _, err := s.sampleColumns(library)
	if err != nil {
		return nil, err
	}
	rows, dropped, err := s.readRows(ctx, importID, m, cols, "style")
	if err != nil {
		return nil, err
	}
	res, err := s.validateSamples(ctx, library, rows, true)
	if err != nil {
		return nil, err
	}
	res.Dropped = dropped
	return res, nil
}

// SampleValidate revalidates rows edited in the import grid.
func (s *Service) SampleValidate(ctx context.Context, library string, rows []Row) (*Result, error) {
	return s.validateSamples(ctx, library, rows, false)
}

// sampleValues are a row's values as the sample inventory's grid takes them.
func sampleValues(r Row, cols []Column) map[string]any {
	out := map[string]any{}
	for _, c := range cols {
		v, ok := r.Values.Lookup(c.Field)
		if !ok {
			continue
		}
		if c.Type == "number" || c.Type == "integer" {
			if f := number(v); f != nil {
				out[c.Field] = *f
				continue
			}
		}
		out[c.Field] = v
	}
	return out
}

// validateSamples checks rows through the sample inventory's own validation (spec §5.5):
// Sample Missing Value (notblank), Duplicate Sample (duplicate, sampleExists) and the cell
// rules, every one critical; edited rows are a changed warning.
func (s *Service) validateSamples(ctx context.Context, library string, rows []Row, fromFile bool) (*Result, error) {
	cols, sch, err := s.sampleColumns(library)
	if err != nil {
		return nil, err
	}
	if len(rows) > sch.MaxBatch {
		return nil, httpx.Invalid(httpx.FieldError{Field: "rows", Rule: "max", Message: fmt.Sprintf("At most %d samples can be imported at once", sch.MaxBatch)})
	}
	req := sampleinventory.ValidateRequest{Rows: make([]map[string]any, len(rows))}
	for i := range rows {
		if !fromFile {
			normalise(&rows[i], cols)
		}
		req.Rows[i] = sampleValues(rows[i], cols)
	}
	res := &Result{Rows: rows}
	if len(rows) == 0 {
		summarise(res)
		return res, nil
	}
	v, err := s.samples.Validate(ctx, library, req)
	if err != nil {
		return nil, err
	}
	for i, rr := range v.Rows {
		r := &rows[i]
		if r.Changed {
			r.add("style", ErrorTypeChanged, SeverityWarning, MsgChanged)
		}
		for _, e := range rr.Errors {
			r.add(e.Field, e.ErrorType, SeverityCritical, e.Message)
		}
	}
	summarise(res)
	return res, nil
}

// ImportSamples adds rows to a sample library in one transaction, once they validate.
func (s *Service) ImportSamples(ctx context.Context, library string, rows []Row, ignoreWarnings bool) (*grid.BatchResult, error) {
	res, err := s.validateSamples(ctx, library, rows, false)
	if err != nil {
		return nil, err
	}
	if err := refuseUnready(res, ignoreWarnings); err != nil {
		return nil, err
	}
	if len(res.Rows) == 0 {
		return nil, emptyImport()
	}
	cols, _, err := s.sampleColumns(library)
	if err != nil {
		return nil, err
	}
	req := grid.BatchRequest{}
	for i, r := range res.Rows {
		req.Add = append(req.Add, grid.AddRow{TempID: "import-" + strconv.Itoa(i), Values: sampleValues(r, cols)})
	}
	return s.samples.Write(ctx, library, req)
}

func emptyImport() error {
	return httpx.Invalid(httpx.FieldError{Field: "rows", Rule: "required", Message: "There are no rows to import"})
}
