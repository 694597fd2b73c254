package searches

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"

	"its/core/httpx"
)

// Limits of a grid layout.
const (
	maxLayoutBytes   = 32 << 10
	maxLayoutColumns = 300
)

var (
	gridName  = regexp.MustCompile(`^[A-Za-z0-9._-]{1,100}$`)
	fieldName = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,100}$`)
)

// Layout is a user's layout of one grid: the columns in their order with what the user changed,
// and the row height. Columns the layout does not name keep their default place after the
// named ones (a column a later release adds shows up).
type Layout struct {
	Columns   []LayoutColumn `json:"columns"`
	RowHeight string         `json:"rowHeight,omitempty"`
}

// LayoutColumn is one column of a layout.
type LayoutColumn struct {
	Field  string `json:"field"`
	Hide   bool   `json:"hide,omitempty"`
	Width  int    `json:"width,omitempty"`
	Pinned string `json:"pinned,omitempty"` // left, right or none
}

// ParseLayout reads a layout as the client sends it, checked against the limits: at most 32 KiB
// and 300 columns, field names of letters, digits, '_', '.' and '-', each once, widths from 20
// to 2,000 pixels (0 keeps the default), pinned left or right, a known row height. Mistakes
// are one 400 naming each.
func ParseLayout(raw []byte) (*Layout, error) {
	if len(raw) > maxLayoutBytes {
		return nil, httpx.Invalid(httpx.FieldError{Field: "layout", Rule: "max", Message: fmt.Sprintf("A layout is at most %d bytes", maxLayoutBytes)})
	}
	var l Layout
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil || dec.More() {
		return nil, httpx.Invalid(httpx.FieldError{Field: "layout", Rule: "object", Message: "The layout must be {columns: [{field, hide, width, pinned}], rowHeight}"})
	}
	var bad []httpx.FieldError
	if len(l.Columns) > maxLayoutColumns {
		bad = append(bad, httpx.FieldError{Field: "columns", Rule: "max", Message: fmt.Sprintf("At most %d columns", maxLayoutColumns)})
		l.Columns = nil
	}
	seen := map[string]bool{}
	for i, c := range l.Columns {
		at := fmt.Sprintf("columns[%d]", i)
		switch {
		case !fieldName.MatchString(c.Field):
			bad = append(bad, httpx.FieldError{Field: at + ".field", Rule: "field", Message: "A column is named by its field"})
		case seen[c.Field]:
			bad = append(bad, httpx.FieldError{Field: at + ".field", Rule: "duplicate", Message: fmt.Sprintf("Column %q is listed twice", c.Field)})
		}
		seen[c.Field] = true
		if c.Width != 0 && (c.Width < MinColumnWidth || c.Width > MaxColumnWidth) {
			bad = append(bad, httpx.FieldError{Field: at + ".width", Rule: "range", Message: fmt.Sprintf("A width is %d to %d pixels", MinColumnWidth, MaxColumnWidth)})
		}
		if c.Pinned != "" && c.Pinned != "left" && c.Pinned != "right" {
			bad = append(bad, httpx.FieldError{Field: at + ".pinned", Rule: "pinned", Message: "A column is pinned left or right"})
		}
	}
	known := l.RowHeight == ""
	for _, h := range RowHeights {
		known = known || l.RowHeight == h
	}
	if !known {
		bad = append(bad, httpx.FieldError{Field: "rowHeight", Rule: "rowHeight", Message: "The row height is compact, normal or tall"})
	}
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	if l.Columns == nil {
		l.Columns = []LayoutColumn{}
	}
	return &l, nil
}

func checkGrid(grid string) error {
	if !gridName.MatchString(grid) {
		return httpx.NotFound("Grid")
	}
	return nil
}

// Layout answers the caller's layout of grid, nil when they keep none (the grid's default).
func (s *Service) Layout(ctx context.Context, grid string) (*Layout, error) {
	if err := checkGrid(grid); err != nil {
		return nil, err
	}
	raw, err := s.store.layout(ctx, me(ctx).ID, grid)
	if err != nil || raw == nil {
		return nil, err
	}
	var l Layout
	if err := json.Unmarshal(raw, &l); err != nil {
		return nil, err
	}
	return &l, nil
}

// SaveLayout keeps the caller's layout of grid (replacing the one they kept).
func (s *Service) SaveLayout(ctx context.Context, grid string, raw []byte) (*Layout, error) {
	if err := checkGrid(grid); err != nil {
		return nil, err
	}
	l, err := ParseLayout(raw)
	if err != nil {
		return nil, err
	}
	clean, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	return l, s.store.saveLayout(ctx, me(ctx).ID, grid, clean)
}

// ResetLayout forgets the caller's layout of grid: the grid shows its default again.
func (s *Service) ResetLayout(ctx context.Context, grid string) error {
	if err := checkGrid(grid); err != nil {
		return err
	}
	return s.store.deleteLayout(ctx, me(ctx).ID, grid)
}
