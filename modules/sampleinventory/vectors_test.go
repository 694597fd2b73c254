package sampleinventory_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"testing"

	"its/core/vectors"
)

var update = flag.Bool("update", false, "rewrite testdata/vectors/sampleinventory.schema.json from the served schemas")

// siCase is a case of testdata/vectors/sampleinventory.json.
type siCase struct {
	Note    string           `json:"note"`
	Library string           `json:"library"`
	Rows    []map[string]any `json:"rows"`
	Empty   bool             `json:"empty"`
	Want    []struct {
		Ignored bool             `json:"ignored"`
		Errors  []map[string]any `json:"errors"`
		Values  map[string]any   `json:"values"`
	} `json:"want"`
}

// Every shared case through the real validate call: the browser's suite checks the grid kit
// against the same cases.
func TestValidateVectors(t *testing.T) {
	var v struct {
		About string   `json:"about"`
		Cases []siCase `json:"cases"`
	}
	vectors.Load(t, "sampleinventory.json", &v)
	a := start(t)
	c := a.Client()
	c.Login("editor@example.com")
	before := state(t, a)
	for _, tc := range v.Cases {
		r := c.Do("POST", "/api/sampleInventory/validate/"+tc.Library, map[string]any{"rows": tc.Rows})
		if tc.Empty {
			if r.Status != 400 || r.Body["messageCode"] != "ITS_ERR_EMPTY_REQUEST" {
				t.Errorf("%s: %d %s, want the empty request", tc.Note, r.Status, r.Raw)
			}
			continue
		}
		if r.Status != 200 {
			t.Errorf("%s: %d %s", tc.Note, r.Status, r.Raw)
			continue
		}
		got := data(t, r)["rows"].([]any)
		for i, want := range tc.Want {
			g := got[i].(map[string]any)
			errs, _ := g["errors"].([]any)
			if g["ignored"] != want.Ignored || !vectors.Same(errs, want.Errors) && !(len(errs) == 0 && len(want.Errors) == 0) {
				t.Errorf("%s, row %d: ignored %v errors %v, want %v %v", tc.Note, i, g["ignored"], errs, want.Ignored, want.Errors)
			}
			if want.Values != nil && !vectors.Same(g["values"], want.Values) {
				t.Errorf("%s, row %d: values %v, want %v", tc.Note, i, g["values"], want.Values)
			}
		}
	}
	if state(t, a) != before {
		t.Fatal("validate wrote")
	}
}

// The browser's suite reads the schemas the server serves from a file; this keeps that file
// what GET .../schema answers (go test -run TestSchemaVectors -update rewrites it).
func TestSchemaVectors(t *testing.T) {
	a := start(t)
	c := a.Client()
	c.Login("editor@example.com")
	// One column per line, so a changed rule shows as a changed line.
	var b bytes.Buffer
	for i, lib := range []string{"Production", "Sales"} {
		d := data(t, c.Do("GET", "/api/sampleInventory/"+lib+"/schema", nil))
		sep := map[bool]string{true: "{\n", false: ",\n"}[i == 0]
		fmt.Fprintf(&b, "%s %q: {\n  \"columns\": [", sep, lib)
		for j, col := range d["columns"].([]any) {
			line, _ := json.Marshal(col)
			fmt.Fprintf(&b, "%s\n   %s", map[bool]string{true: "", false: ","}[j == 0], line)
		}
		req, _ := json.Marshal(d["requiredFields"])
		msgs, _ := json.Marshal(d["messages"])
		fmt.Fprintf(&b, "\n  ],\n  \"requiredFields\": %s,\n  \"messages\": %s\n }", req, msgs)
	}
	b.WriteString("\n}\n")
	vectors.Keep(t, "sampleinventory.schema.json", b.Bytes(), *update, "the served schema", "go test ./modules/sampleinventory -run TestSchemaVectors")
}
