// Package grid is the one protocol behind every spreadsheet-style grid of ITS: a column schema
// declared once in Go and served to the client so both sides validate a cell alike; the query
// protocol (multi-value filters, multi-key sort, cursor paging, field selection and an NDJSON
// stream) turned into SQL with squirrel from whitelisted columns only; batch writes checked
// against row versions in one transaction; the spec's cell validators; and the streamed Excel
// export. docs/grid.md is the client's reference.
package grid

import (
	"fmt"
	"regexp"

	sq "github.com/Masterminds/squirrel"
)

// psql builds every statement with $n placeholders.
var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Type is a column's value type; it decides the JSON value, the SQL cast, the filter operators
// and the Excel cell type.
type Type string

const (
	Text        Type = "text"        // string
	Integer     Type = "integer"     // whole number
	Number      Type = "number"      // decimal number
	Date        Type = "date"        // "YYYY-MM-DD" on the wire from the server, MM/DD/YYYY accepted from the grid
	DateTime    Type = "datetime"    // RFC 3339 timestamp, read-only
	Boolean     Type = "boolean"     // true / false
	List        Type = "list"        // one of Options (canonical casing)
	MultiSelect Type = "multiSelect" // several of Options, an array of strings
)

func (t Type) cast() string {
	switch t {
	case Integer:
		return "bigint"
	case Number:
		return "numeric"
	case Date:
		return "date"
	case DateTime:
		return "timestamptz"
	case Boolean:
		return "boolean"
	case MultiSelect:
		return "text[]"
	default:
		return "text"
	}
}

func (t Type) valid() bool {
	switch t {
	case Text, Integer, Number, Date, DateTime, Boolean, List, MultiSelect:
		return true
	}
	return false
}

// Edit says when a cell may be edited.
type Edit string

const (
	ReadOnly Edit = ""        // never (computed or kept by the server)
	Always   Edit = "always"  // on new and existing rows
	NewRows  Edit = "newRows" // only on rows being added (style and colour, spec §5.1)
	Pending  Edit = "pending" // only in a pending (manage) view
)

// Column is one field of a grid, declared once in Go.
type Column struct {
	Field  string // the JSON name
	Header string // the English header (the client may translate it)
	Type   Type
	// Column is the database column written by batch edits ("" for a computed field).
	Column string
	// Expr is the SQL read for the field; Column when empty. Trusted: it comes from Go code.
	Expr string
	Edit Edit
	// Validators name the cell rules applied, in order, to every written value (see Validators).
	Validators []string
	// Options are the allowed values of List and MultiSelect cells, in canonical casing.
	Options []string
	// Required cells must have a value on rows being added.
	Required bool
	// NoFilter and NoSort take the field out of the filter and sort whitelists.
	NoFilter bool
	NoSort   bool
	// Encoded filter values arrive URI-encoded once more (spec §5.3: the features filter).
	Encoded bool
	// Width is the default column width in pixels; Hidden columns are off by default.
	Width  int
	Hidden bool
}

func (c *Column) expr() string {
	if c.Expr != "" {
		return c.Expr
	}
	return c.Column
}

func (c *Column) has(validator string) bool {
	for _, v := range c.Validators {
		if v == validator {
			return true
		}
	}
	return false
}

// Sort is one sort key.
type Sort struct {
	Field string `json:"field"`
	Dir   string `json:"dir"` // asc (default) or desc
}

// Grid is one grid's declaration: its table, columns and write rules.
type Grid struct {
	// Name identifies the grid in the schema served to the client.
	Name string
	// Table is the FROM of every query and the target of writes.
	Table string
	// IDColumn (default "id") and IDType (default "uuid") identify rows; the field is always "id".
	IDColumn string
	IDType   string
	// VersionColumn (default "version") holds the optimistic lock; the field is always "version".
	VersionColumn string
	Columns       []Column
	// DefaultSort applies when a query names none; the id is always the last key.
	DefaultSort []Sort
	// FolderColumn, when set, marks folder rows (value FolderValue) that are never editable.
	FolderColumn string
	FolderValue  string
	// DeleteColumn and DeleteValue make deletes soft: the row keeps living with that status
	// (spec §4.2: most modules' grids set status Deleted).
	DeleteColumn string
	DeleteValue  string
	// PageSize is the default limit (spec §9: grid load 100 rows); MaxLimit caps a JSON page.
	PageSize int
	MaxLimit int
	// MaxBatch caps the rows of one batch write.
	MaxBatch int
	// MaxGroups caps the groups of one groups call (groups.go).
	MaxGroups int
	// InGo marks a grid whose rows are computed in Go, not read by one SQL statement (a
	// module's rows with computed figures): it has no Table and no column expressions, and only ExportRows
	// (feed.go) reads it.
	InGo bool

	byField map[string]*Column
}

var ident = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// New checks a declaration and indexes it; a bad declaration is a programming error and stops
// start-up with the grid and field named.
func New(g Grid) (*Grid, error) {
	if g.IDColumn == "" {
		g.IDColumn = "id"
	}
	if g.IDType == "" {
		g.IDType = "uuid"
	}
	if g.VersionColumn == "" {
		g.VersionColumn = "version"
	}
	if g.PageSize == 0 {
		g.PageSize = 100
	}
	if g.MaxLimit == 0 {
		g.MaxLimit = 1000
	}
	if g.MaxBatch == 0 {
		g.MaxBatch = 5000
	}
	if g.MaxGroups == 0 {
		g.MaxGroups = 1000
	}
	if g.FolderColumn != "" && g.FolderValue == "" {
		g.FolderValue = "folder"
	}
	if g.Name == "" || g.Table == "" && !g.InGo {
		return nil, fmt.Errorf("grid: Name and Table are required")
	}
	g.byField = make(map[string]*Column, len(g.Columns))
	for i := range g.Columns {
		c := &g.Columns[i]
		switch {
		case c.Field == "" || c.Field == "id" || c.Field == "version" || c.Field == "error" || c.Field == "done" || c.Field == "totalCount":
			return nil, fmt.Errorf("grid %s: column %d: field %q is empty or reserved", g.Name, i, c.Field)
		case g.byField[c.Field] != nil:
			return nil, fmt.Errorf("grid %s: field %q declared twice", g.Name, c.Field)
		case !c.Type.valid():
			return nil, fmt.Errorf("grid %s: field %q: unknown type %q", g.Name, c.Field, c.Type)
		case c.Column != "" && !ident.MatchString(c.Column):
			return nil, fmt.Errorf("grid %s: field %q: column %q is not a plain column name", g.Name, c.Field, c.Column)
		case c.expr() == "" && !g.InGo:
			return nil, fmt.Errorf("grid %s: field %q: needs Column or Expr", g.Name, c.Field)
		case c.Edit != ReadOnly && c.Column == "":
			return nil, fmt.Errorf("grid %s: field %q: an editable field needs a Column", g.Name, c.Field)
		case (c.Type == List || c.Type == MultiSelect) && len(c.Options) == 0:
			return nil, fmt.Errorf("grid %s: field %q: a %s column needs Options", g.Name, c.Field, c.Type)
		}
		if c.Header == "" {
			c.Header = c.Field
		}
		for _, v := range c.Validators {
			if _, ok := validators[v]; !ok {
				return nil, fmt.Errorf("grid %s: field %q: unknown validator %q", g.Name, c.Field, v)
			}
		}
		if c.Type == MultiSelect {
			c.NoSort = true
		}
		g.byField[c.Field] = c
	}
	g.DefaultSort = append([]Sort(nil), g.DefaultSort...)
	for i, s := range g.DefaultSort {
		if c := g.byField[s.Field]; c == nil || c.NoSort {
			return nil, fmt.Errorf("grid %s: default sort field %q is not sortable", g.Name, s.Field)
		}
		if s.Dir == "" {
			g.DefaultSort[i].Dir = "asc"
		}
	}
	if g.DeleteColumn != "" && !ident.MatchString(g.DeleteColumn) || g.FolderColumn != "" && !ident.MatchString(g.FolderColumn) {
		return nil, fmt.Errorf("grid %s: DeleteColumn and FolderColumn must be plain column names", g.Name)
	}
	return &g, nil
}

// MustNew is New for package-level declarations.
func MustNew(g Grid) *Grid {
	out, err := New(g)
	if err != nil {
		panic(err)
	}
	return out
}

// Column returns the declaration of field, nil when the grid has none.
func (g *Grid) Column(field string) *Column { return g.byField[field] }

// ColumnSchema is a column as the client sees it.
type ColumnSchema struct {
	Field        string   `json:"field"`
	HeaderName   string   `json:"headerName"`
	Type         Type     `json:"type"`
	Editable     bool     `json:"editable"`
	EditableWhen Edit     `json:"editableWhen,omitempty"`
	Validators   []string `json:"validators"`
	Options      []string `json:"options,omitempty"`
	Required     bool     `json:"required"`
	Filterable   bool     `json:"filterable"`
	FilterOps    []string `json:"filterOps,omitempty"`
	Sortable     bool     `json:"sortable"`
	Encoded      bool     `json:"encoded,omitempty"`
	Width        int      `json:"width,omitempty"`
	Hide         bool     `json:"hide,omitempty"`
}

// Schema is what GET .../schema answers: enough for the client to build its columns and run the
// same cell rules before it sends anything.
type Schema struct {
	Grid          string            `json:"grid"`
	IDField       string            `json:"idField"`
	VersionField  string            `json:"versionField"`
	PageSize      int               `json:"pageSize"`
	MaxLimit      int               `json:"maxLimit"`
	MaxBatch      int               `json:"maxBatch"`
	DefaultSort   []Sort            `json:"defaultSort"`
	SoftDelete    *SoftDelete       `json:"softDelete,omitempty"`
	FolderField   string            `json:"folderField,omitempty"`
	Columns       []ColumnSchema    `json:"columns"`
	Messages      map[string]string `json:"messages"`
	ValidatorDocs map[string]string `json:"validatorDocs"`
}

// SoftDelete tells the client that deleting sets field to value (and undo sets it back).
type SoftDelete struct {
	Field string `json:"field"`
	Value string `json:"value"`
}

// Schema describes the grid for the client.
func (g *Grid) Schema() Schema {
	s := Schema{Grid: g.Name, IDField: "id", VersionField: "version", PageSize: g.PageSize, MaxLimit: g.MaxLimit,
		MaxBatch: g.MaxBatch, DefaultSort: append([]Sort{}, g.DefaultSort...), Messages: map[string]string{}, ValidatorDocs: map[string]string{}}
	for k, v := range messages {
		s.Messages[k] = v
	}
	for k, v := range validators {
		s.ValidatorDocs[k] = v.doc
	}
	if g.DeleteColumn != "" {
		for _, c := range g.Columns {
			if c.Column == g.DeleteColumn {
				s.SoftDelete = &SoftDelete{Field: c.Field, Value: g.DeleteValue}
			}
		}
	}
	if g.FolderColumn != "" {
		for _, c := range g.Columns {
			if c.Column == g.FolderColumn {
				s.FolderField = c.Field
			}
		}
	}
	for _, c := range g.Columns {
		cs := ColumnSchema{Field: c.Field, HeaderName: c.Header, Type: c.Type, Editable: c.Edit != ReadOnly,
			EditableWhen: c.Edit, Validators: append([]string{}, c.Validators...), Options: c.Options, Required: c.Required,
			Filterable: !c.NoFilter, Sortable: !c.NoSort, Encoded: c.Encoded, Width: c.Width, Hide: c.Hidden}
		if cs.Filterable {
			cs.FilterOps = opsFor(c.Type)
		}
		s.Columns = append(s.Columns, cs)
	}
	return s
}
