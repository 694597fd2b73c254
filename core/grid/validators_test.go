package grid_test

import (
	"reflect"
	"testing"

	"its/core/grid"
)

// cellGrid has one column per validator, so each rule is tested on its own.
var cellGrid = grid.MustNew(grid.Grid{
	Name:  "test.cells",
	Table: "cells",
	Columns: []grid.Column{
		{Field: "discount", Header: "Discount %", Type: grid.Number, Column: "discount", Edit: grid.Always, Validators: []string{"discount"}},
		{Field: "promo", Header: "Promo Code", Type: grid.Text, Column: "promo", Edit: grid.Always, Validators: []string{"promoCode"}},
		{Field: "alnum", Header: "Mold", Type: grid.Text, Column: "alnum", Edit: grid.Always, Validators: []string{"alphanumeric"}},
		{Field: "alnumNB", Header: "Style", Type: grid.Text, Column: "alnum_nb", Edit: grid.Always, Validators: []string{"alphanumericNoBlank"}},
		{Field: "num", Header: "Cost", Type: grid.Number, Column: "num", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "qty", Header: "Quantity", Type: grid.Integer, Column: "qty", Edit: grid.Always, Validators: []string{"numeric"}},
		{Field: "nospace", Header: "Bin", Type: grid.Text, Column: "nospace", Edit: grid.Always, Validators: []string{"noSpaces"}},
		{Field: "keep", Header: "Division", Type: grid.Text, Column: "keep", Edit: grid.Always, Validators: []string{"nonClearable"}},
		{Field: "list", Header: "Side", Type: grid.List, Column: "list", Edit: grid.Always, Validators: []string{"list"}, Options: []string{"L", "R", "Pair"}},
		{Field: "multi", Header: "Features", Type: grid.MultiSelect, Column: "multi", Edit: grid.Always, Validators: []string{"multiSelect"}, Options: []string{"Waterproof", "Vegan", "Lights & Sound"}},
		{Field: "tags", Header: "Tags", Type: grid.MultiSelect, Column: "tags", Edit: grid.Always, Validators: []string{"multiSelect"}, Options: []string{"A", "B"}},
		{Field: "date", Header: "Mold Date", Type: grid.Date, Column: "date", Edit: grid.Always, Validators: []string{"date"}},
		{Field: "flag", Header: "Starred", Type: grid.Boolean, Column: "flag", Edit: grid.Always},
		{Field: "req", Header: "Bin", Type: grid.Text, Column: "req", Edit: grid.Always, Required: true},
	},
})

func TestValidators(t *testing.T) {
	update := grid.CellContext{Op: grid.OpUpdate}
	cases := []struct {
		field string
		in    any
		ctx   grid.CellContext
		want  any
		rule  string // "" when accepted
		msg   string
	}{
		// discount: 0-100, 2 decimals, the spec's message.
		{"discount", "12.345", update, 12.35, "", ""},
		{"discount", 100.0, update, 100.0, "", ""},
		{"discount", "0", update, 0.0, "", ""},
		{"discount", "15%", update, 15.0, "", ""},
		{"discount", "100.01", update, nil, "discount", "Discount Percentage must be between 0-100"},
		{"discount", -1.0, update, nil, "discount", "Discount Percentage must be between 0-100"},
		{"discount", "abc", update, nil, "discount", "Discount Percentage must be between 0-100"},
		{"discount", "", update, nil, "", ""},
		// promoCode: alphanumeric, upper-cased, at most 3.
		{"promo", "a1b", update, "A1B", "", ""},
		{"promo", " x-9 ", update, "X9", "", ""},
		{"promo", "abcd", update, nil, "promoCode", "Promo Code must be at most 3 letters or digits"},
		{"promo", "--", update, nil, "", ""},
		// alphanumeric strips; the no-blank variant refuses what ends empty.
		{"alnum", "M-44 71!", update, "M4471", "", ""},
		{"alnum", "é", update, nil, "", ""},
		{"alnumNB", "12-345", update, "12345", "", ""},
		{"alnumNB", "--", update, nil, "alphanumericNoBlank", "Style cannot be blank"},
		{"alnumNB", "", update, nil, "alphanumericNoBlank", "Style cannot be blank"},
		// numeric: digits and dot only, negatives refused.
		{"num", "$1,234.50", update, 1234.5, "", ""},
		{"num", 12.5, update, 12.5, "", ""},
		{"num", "-3", update, nil, "numeric", "Cost cannot be negative"},
		{"num", -3.0, update, nil, "numeric", "Cost cannot be negative"},
		{"num", "1.2.3", update, nil, "numeric", "Cost must be a number"},
		{"num", "abc", update, nil, "", ""},
		{"qty", "7", update, int64(7), "", ""},
		{"qty", 7.0, update, int64(7), "", ""},
		{"qty", "2.5", update, nil, "type", "Quantity must be a whole number"},
		{"qty", "-1", update, nil, "numeric", "Quantity cannot be negative"},
		// noSpaces: inner spaces refused, outer ones trimmed.
		{"nospace", " A-01-03 ", update, "A-01-03", "", ""},
		{"nospace", "A 01", update, nil, "noSpaces", "Bin cannot contain spaces"},
		// nonClearable: empty refused except in the pending view.
		{"keep", "", update, nil, "nonClearable", "Division cannot be cleared"},
		{"keep", nil, update, nil, "nonClearable", "Division cannot be cleared"},
		{"keep", "", grid.CellContext{Op: grid.OpUpdate, View: "pending"}, nil, "", ""},
		{"keep", "Apparel", update, "Apparel", "", ""},
		// list: case-insensitive match, canonical casing stored.
		{"list", "pair", update, "Pair", "", ""},
		{"list", "l", update, "L", "", ""},
		{"list", "Left", update, nil, "list", "'Left' is not a valid Side"},
		{"list", "", update, nil, "", ""},
		// multiSelect: comma split, trimmed, de-duplicated, canonical casing.
		{"multi", "vegan, Waterproof,VEGAN,, lights & sound", update, []string{"Vegan", "Waterproof", "Lights & Sound"}, "", ""},
		{"multi", []any{"waterproof", "Vegan,vegan"}, update, []string{"Waterproof", "Vegan"}, "", ""},
		{"multi", "Vegan, Leather", update, nil, "multiSelect", "'Vegan, Leather' is not a valid Features"},
		{"multi", " , ", update, nil, "", ""},
		{"tags", "b,a,B", update, []string{"B", "A"}, "", ""},
		// date: MM/DD/YYYY from the grid, ISO stored.
		{"date", "03/07/2026", update, "2026-03-07", "", ""},
		{"date", "3/7/2026", update, "2026-03-07", "", ""},
		{"date", "2026-03-07", update, "2026-03-07", "", ""},
		{"date", "02/30/2026", update, nil, "date", "Mold Date must be a date (MM/DD/YYYY)"},
		{"date", "07.03.2026", update, nil, "date", "Mold Date must be a date (MM/DD/YYYY)"},
		// types without validators.
		{"flag", "TRUE", update, true, "", ""},
		{"flag", "yes", update, nil, "type", "Starred must be true or false"},
		{"req", "", grid.CellContext{Op: grid.OpAdd}, nil, "required", "Bin is required"},
		{"req", "", update, nil, "", ""},
		{"req", map[string]any{"x": 1}, update, nil, "type", "Bin must be text"},
		{"nope", "x", update, nil, "unknown", "Unknown field nope"},
	}
	for _, tc := range cases {
		got, ce := cellGrid.Cell(tc.field, tc.in, tc.ctx)
		switch {
		case tc.rule == "" && ce != nil:
			t.Errorf("%s %#v: refused (%s: %s), want %#v", tc.field, tc.in, ce.Rule, ce.Message, tc.want)
		case tc.rule == "" && !reflect.DeepEqual(got, tc.want):
			t.Errorf("%s %#v: got %#v, want %#v", tc.field, tc.in, got, tc.want)
		case tc.rule != "" && ce == nil:
			t.Errorf("%s %#v: accepted as %#v, want rule %s", tc.field, tc.in, got, tc.rule)
		case tc.rule != "" && (ce.Rule != tc.rule || ce.Message != tc.msg || ce.Field != tc.field):
			t.Errorf("%s %#v: %s %q (field %s), want %s %q", tc.field, tc.in, ce.Rule, ce.Message, ce.Field, tc.rule, tc.msg)
		}
	}
}
