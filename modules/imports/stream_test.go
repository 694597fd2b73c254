package imports_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"its/modules/imports"
)

// The rows step's answer is written one row at a time (httpx.Streamed) and reads exactly as the
// whole result marshalled at once: rows with edits (origdata differing), errors, filled cells and
// text the encoder escapes, and a result without rows.
func TestResultWritesAsMarshalled(t *testing.T) {
	var rows []imports.Row
	if err := json.Unmarshal([]byte(`[
		{"index": 2, "values": {"style": "A<1>&", "color": "001"},
		 "origdata": {"style": "a1", "color": "001"},
		 "error": [{"field": "cost", "errorType": "cost", "errorSeverity": "warning", "errorMessage": "Cost \"x\" is not a number"}], "changed": true},
		{"index": 3, "values": {"style": "B2"}, "origdata": {"style": "B2"}, "error": [], "changed": false}
	]`), &rows); err != nil {
		t.Fatal(err)
	}
	for _, res := range []*imports.Result{
		{Rows: rows, Status: "warning", Critical: 0, Warnings: 1, Dropped: 4},
		{Rows: []imports.Row{}, Status: "passed"},
		{Status: "passed"},
	} {
		want, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := res.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("streamed:\n%s\nmarshalled:\n%s", got.Bytes(), want)
		}
		if res.Rows == nil {
			continue
		}
		// The rows step's answer: the rows kept on disk as they were checked.
		spooled := *res
		name, err := imports.SpoolRows(&spooled)
		if err != nil {
			t.Fatal(err)
		}
		got.Reset()
		if err := spooled.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			t.Errorf("spooled:\n%s\nmarshalled:\n%s", got.Bytes(), want)
		}
		if _, err := os.Stat(name); !os.IsNotExist(err) {
			t.Errorf("the spool %s is still there after the answer (%v)", name, err)
		}
	}
}
