package sampleinventory

import (
	"errors"
	"testing"

	"its/core/grid"
	"its/core/httpx"
)

const (
	idA = "00000000-0000-4000-8000-00000000000a"
	idB = "00000000-0000-4000-8000-00000000000b"
)

func qty(n int64) *int64 { return &n }

func place(smp TransferSample) TransferSample {
	smp.Region, smp.Aisle, smp.Direction, smp.Level = "West", "A1", "Left", "2"
	return smp
}

func refusal(t *testing.T, err error) *httpx.Error {
	t.Helper()
	var he *httpx.Error
	if !errors.As(err, &he) {
		t.Fatalf("want a refusal, got %v", err)
	}
	return he
}

// TestCheckTransfer: the request is refused before anything is read when an id, a version, a
// quantity or a required Sales location is wrong, naming each cell.
func TestCheckTransfer(t *testing.T) {
	if he := refusal(t, firstErr(checkTransfer(TransferRequest{}))); he.Code != "ITS_ERR_EMPTY_REQUEST" {
		t.Fatalf("empty request: %s", he.Code)
	}
	cases := []struct {
		name        string
		samples     []TransferSample
		field, rule string
	}{
		{"a bad id", []TransferSample{place(TransferSample{ID: "x", Version: 1})}, "id", "id"},
		{"a sample twice", []TransferSample{place(TransferSample{ID: idA, Version: 1}), place(TransferSample{ID: idA, Version: 1})}, "id", "duplicateId"},
		{"no version", []TransferSample{place(TransferSample{ID: idA})}, "version", "version"},
		{"a quantity of 0", []TransferSample{place(TransferSample{ID: idA, Version: 1, Quantity: qty(0)})}, "quantity", "quantity"},
		{"no aisle", []TransferSample{{ID: idA, Version: 1, Region: "West", Direction: "Left", Level: "2", Aisle: "  "}}, "aisle", "notblank"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			he := refusal(t, firstErr(checkTransfer(TransferRequest{Samples: c.samples})))
			cells, _ := he.Details.([]grid.CellError)
			found := false
			for _, ce := range cells {
				found = found || (ce.Field == c.field && ce.Rule == c.rule)
			}
			if !found {
				t.Fatalf("want %s/%s, got %+v", c.field, c.rule, he.Details)
			}
		})
	}
	locs, err := checkTransfer(TransferRequest{Samples: []TransferSample{place(TransferSample{ID: idA, Version: 1, Aisle: " a1 "})}})
	if err != nil || locs[0]["region"] != "West" || locs[0]["level"] != "2" {
		t.Fatalf("a good request: %v %v", locs, err)
	}
}

func firstErr(_ []map[string]any, err error) error { return err }

// TestCheckSources: a sample not in Production is 404, a stale version 409, a deleted sample
// or a quantity over its total is refused on its cell.
func TestCheckSources(t *testing.T) {
	deleted := statusDeleted
	sources := map[string]*source{idA: {id: idA, version: 3, total: 5}, idB: {id: idB, version: 1, total: 2, status: &deleted}}
	cases := []struct {
		name    string
		samples []TransferSample
		code    string
	}{
		{"missing", []TransferSample{{ID: "00000000-0000-4000-8000-0000000000ff", Version: 1}}, "ITS_ERR_NOT_FOUND"},
		{"stale", []TransferSample{{ID: idA, Version: 2}}, "ITS_ERR_CONFLICT"},
		{"deleted", []TransferSample{{ID: idB, Version: 1}}, "ITS_ERR_VALIDATION"},
		{"too many", []TransferSample{{ID: idA, Version: 3, Quantity: qty(6)}}, "ITS_ERR_VALIDATION"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if he := refusal(t, checkSources(TransferRequest{Samples: c.samples}, sources)); he.Code != c.code {
				t.Fatalf("code %s, want %s", he.Code, c.code)
			}
		})
	}
	if err := checkSources(TransferRequest{Samples: []TransferSample{{ID: idA, Version: 3, Quantity: qty(5)}}}, sources); err != nil {
		t.Fatalf("all of a sample may go: %v", err)
	}
}

// TestPlanTransfer: a sample with an identical Sales sample at the place merges into it, a
// whole one moves, a part splits; the tracking entries tell both libraries what happened.
func TestPlanTransfer(t *testing.T) {
	live := "Active"
	src := &source{id: idA, version: 1, total: 5, status: &live}
	loc := map[string]any{"region": "West", "aisle": "A1", "direction": "Left", "level": "2"}
	cases := []struct {
		name        string
		quantity    *int64
		target      string
		mode        string
		qty, left   int64
		entries     int
		prodDeleted bool
	}{
		{"the whole sample moves", nil, "", modeMoved, 5, 0, 1, false},
		{"all of it, asked by number, moves", qty(5), "", modeMoved, 5, 0, 1, false},
		{"a part splits", qty(2), "", modeSplit, 2, 3, 2, false},
		{"a part merges into the identical Sales sample", qty(2), idB, modeMerged, 2, 3, 2, false},
		{"all of it merges and the Production sample is deleted", nil, idB, modeMerged, 5, 0, 2, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := planTransfer(0, TransferSample{ID: idA, Version: 1, Quantity: c.quantity}, src, loc, c.target)
			if st.mode != c.mode || st.qty != c.qty || st.remaining != c.left || st.target != c.target {
				t.Fatalf("got %s %d left %d target %q", st.mode, st.qty, st.remaining, st.target)
			}
			salesID := idB
			if c.mode == modeMoved {
				salesID = idA
			}
			es := st.entries(salesID, 7)
			if len(es) != c.entries {
				t.Fatalf("%d entries, want %d", len(es), c.entries)
			}
			if es[0].library != Sales || es[0].sampleID != salesID {
				t.Fatalf("the first entry is the Sales sample's: %+v", es[0])
			}
			if c.mode == modeMerged && es[0].changes["totalQty"] != (Change{From: int64(7), To: int64(7) + c.qty}) {
				t.Fatalf("a merge adds to what the target held: %+v", es[0].changes["totalQty"])
			}
			if c.mode == modeSplit && es[0].changes["aisle"] != (Change{To: "A1"}) {
				t.Fatalf("a split's new sample is placed: %+v", es[0].changes)
			}
			if len(es) == 2 {
				prod := es[1]
				if prod.library != Production || prod.changes["totalQty"] != (Change{From: int64(5), To: c.left}) {
					t.Fatalf("the Production sample keeps the rest: %+v", prod)
				}
				if _, deleted := prod.changes["status"]; deleted != c.prodDeleted {
					t.Fatalf("status change %v, want %v", deleted, c.prodDeleted)
				}
			}
		})
	}
}
