package assortments

import (
	"encoding/json"
	"testing"
	"time"
)

// FuzzReportFilter: any report body either decodes and checks into a scope that holds only
// well-formed seasons and ordered dates, or is refused with named fields; nothing panics.
func FuzzReportFilter(f *testing.F) {
	for _, seed := range []string{
		`{"fileData":{"seasons":["FA 2025","sp2026"],"dateStart":"2025-01-01","dateEnd":"2025-12-31"}}`,
		`{"fileData":{"accounts":["100215"],"territories":["US-WEST"],"keyInitiative":{"channel":"Retail","region":"Europe","productType":"Footwear","season":"su","year":2031}}}`,
		`{"fileData":{"seasons":["Summer"],"dateStart":"31/12/2025"}}`,
		`{"fileData":{"dateStart":"2025-03-02","dateEnd":"2025-03-01","accounts":[""]}}`,
		`{}`,
	} {
		f.Add([]byte(seed))
	}
	loc, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var req ReportRequest
		if json.Unmarshal(raw, &req) != nil {
			return
		}
		sc, bad := req.FileData.check(loc)
		if len(bad) > 0 {
			for _, b := range bad {
				if b.Field == "" || b.Message == "" {
					t.Fatalf("unnamed refusal %+v", b)
				}
			}
			return
		}
		for _, s := range sc.Seasons {
			if len(s.Season) != 2 || s.Season[0] < 'A' || s.Season[0] > 'Z' || s.Year < 0 || s.Year > 9999 {
				t.Fatalf("season %+v from %q", s, raw)
			}
		}
		if sc.From != nil && sc.To != nil && sc.To.Before(*sc.From) {
			t.Fatalf("dates out of order from %q", raw)
		}
		if sc.From != nil && (sc.From.In(loc).Hour() != 1 || sc.From.In(loc).Minute() != 0) {
			t.Fatalf("start %v is not 01:00", sc.From)
		}
		if sc.To != nil && (sc.To.In(loc).Hour() != 23 || sc.To.In(loc).Second() != 59) {
			t.Fatalf("end %v is not 23:59:59", sc.To)
		}
		if len(sc.Accounts) > MaxReportValues || len(sc.Territories) > MaxReportValues {
			t.Fatalf("too many values from %q", raw)
		}
	})
}
