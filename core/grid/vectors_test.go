package grid_test

import (
	"encoding/json"
	"strings"
	"testing"

	"its/core/grid"
	"its/core/vectors"
)

// CellVectors are the shared cell cases (testdata/vectors/cells.json); the grid kit's Vitest
// suite runs the same file through applyRules.
type CellVectors struct {
	About   string `json:"about"`
	Columns map[string]struct {
		Header     string   `json:"header"`
		Type       string   `json:"type"`
		Validators []string `json:"validators"`
		Options    []string `json:"options"`
		Required   bool     `json:"required"`
	} `json:"columns"`
	Cases []CellCase `json:"cases"`
}

// CellCase is one value written into one column.
type CellCase struct {
	Field string `json:"field"`
	Input any    `json:"input"`
	Ctx   string `json:"ctx"`
	Want  any    `json:"want"`
	Rule  string `json:"rule"`
	Error string `json:"error"`
	Note  string `json:"note"`
}

func (v CellVectors) grid(t *testing.T) *grid.Grid {
	g := grid.Grid{Name: "test.vectors", Table: "vectors"}
	for field, c := range v.Columns {
		g.Columns = append(g.Columns, grid.Column{Field: field, Header: c.Header, Type: grid.Type(c.Type), Column: strings.ToLower(field),
			Edit: grid.Always, Validators: c.Validators, Options: c.Options, Required: c.Required})
	}
	out, err := grid.New(g)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// runCells checks every case against Grid.Cell: the value stored, or the rule and its message.
func runCells(t *testing.T, g *grid.Grid, cases []CellCase) {
	t.Helper()
	msgs := g.Schema().Messages
	for _, c := range cases {
		ctx := grid.CellContext{Op: grid.OpUpdate}
		switch c.Ctx {
		case "add":
			ctx.Op = grid.OpAdd
		case "pending":
			ctx.View = "pending"
		}
		got, ce := g.Cell(c.Field, c.Input, ctx)
		switch {
		case c.Error == "" && ce != nil:
			t.Errorf("%s %#v: refused (%s: %s), want %#v", c.Field, c.Input, ce.Rule, ce.Message, c.Want)
		case c.Error == "" && !vectors.Same(got, c.Want):
			t.Errorf("%s %#v: got %#v, want %#v", c.Field, c.Input, got, c.Want)
		case c.Error != "" && ce == nil:
			t.Errorf("%s %#v: accepted as %#v, want %s (%s)", c.Field, c.Input, got, c.Rule, c.Error)
		case c.Error != "":
			value, _ := c.Input.(string)
			want := strings.NewReplacer("{header}", g.Column(c.Field).Header, "{value}", strings.TrimSpace(value)).Replace(msgs[c.Error])
			if ce.Rule != c.Rule || ce.Message != want || ce.Field != c.Field {
				t.Errorf("%s %#v: %s %q, want %s %q", c.Field, c.Input, ce.Rule, ce.Message, c.Rule, want)
			}
		}
	}
}

func TestCellVectors(t *testing.T) {
	var v CellVectors
	vectors.Load(t, "cells.json", &v)
	if len(v.Cases) < 100 {
		t.Fatalf("only %d cases", len(v.Cases))
	}
	runCells(t, v.grid(t), v.Cases)
}

func TestCellUnknownField(t *testing.T) {
	var v CellVectors
	vectors.Load(t, "cells.json", &v)
	_, ce := v.grid(t).Cell("nope", "x", grid.CellContext{Op: grid.OpUpdate})
	if ce == nil || ce.Rule != "unknown" || ce.Message != "Unknown field nope" {
		t.Fatalf("got %+v", ce)
	}
}

// TestGeneratedCellVectors runs the generated cases (scripts/vectorgen: exact rational answers)
// on the columns of cells.json.
func TestGeneratedCellVectors(t *testing.T) {
	var v CellVectors
	vectors.Load(t, "cells.json", &v)
	var gen struct {
		About    string            `json:"about"`
		Round    []json.RawMessage `json:"round"`
		Quotient []json.RawMessage `json:"quotient"`
		Cells    []CellCase        `json:"cells"`
		Pricing  []json.RawMessage `json:"pricing"`
	}
	vectors.Load(t, "generated.json", &gen)
	if len(gen.Cells) < 500 {
		t.Fatalf("only %d cases", len(gen.Cells))
	}
	runCells(t, v.grid(t), gen.Cells)
}
