package orders

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"its/core/config"
)

// TestHTTPVerifier: with addresses.verifier http the calls go to the carrier adapter at
// addresses.url, which answers the same JSON; its 404 is an unknown ZIP code.
func TestHTTPVerifier(t *testing.T) {
	var confirmed AddressInput
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == "GET" && r.URL.Path == "/carrier/citystate/10001":
			w.Write([]byte(`{"data":{"zip":"10001","city":"NEW YORK","state":"NY"}}`))
		case r.Method == "POST" && r.URL.Path == "/carrier/confirm":
			json.NewDecoder(r.Body).Decode(&confirmed)
			w.Write([]byte(`{"data":{"valid":true,"candidates":[{"address1":"1 MAIN ST","city":"NEW YORK","state":"NY","zip":"10001-0001","country":"US"}]}}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cfg := &config.Config{}
	cfg.Addresses.Verifier, cfg.Addresses.URL, cfg.Addresses.Timeout = "http", srv.URL+"/carrier/", config.Duration{Duration: time.Second}
	v, err := newAddressVerifier(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := v.CityState(ctx, "10001")
	if err != nil || p.City != "NEW YORK" || p.State != "NY" {
		t.Fatalf("citystate: %+v %v", p, err)
	}
	if _, err := v.CityState(ctx, "99999"); err != ErrNotFound {
		t.Fatalf("unknown ZIP: %v", err)
	}
	in, bad := readAddress(AddressInput{Address1: "1 Main St", City: "New York", State: "ny", Zip: "10001"})
	if len(bad) > 0 {
		t.Fatal(bad)
	}
	c, err := v.Confirm(ctx, in)
	if err != nil || !c.Valid || len(c.Candidates) != 1 || c.Candidates[0].Zip != "10001-0001" || c.Problems == nil || confirmed.State != "NY" {
		t.Fatalf("confirm: %+v %v (sent %+v)", c, err, confirmed)
	}
	cfg.Addresses.URL = srv.URL + "/down"
	v, _ = newAddressVerifier(cfg)
	if _, err := v.Confirm(ctx, in); err == nil || !strings.Contains(err.Error(), "answered 404") && err != ErrNotFound {
		t.Fatalf("a failing adapter is an error: %v", err)
	}
}

// FuzzReadAddress: any typed address is either refused with named fields or read into a US
// address with a parsed ZIP code, fields within their length.
func FuzzReadAddress(f *testing.F) {
	f.Add("800 N Michigan Ave", "", "Chicago", "IL", "60611", "US")
	f.Add("1 Main St", "Apt 2", "St. Louis", "mo", "63101-0001", "usa")
	f.Add("", "", "", "", "", "")
	f.Add("x", "y", "z", "ZZZ", "1234", "DE")
	f.Add("\xff", "\x00", "ü", "ñy", "９９９９９", "us")
	f.Fuzz(func(t *testing.T, a1, a2, city, state, zip, country string) {
		out, bad := readAddress(AddressInput{Address1: a1, Address2: a2, City: city, State: state, Zip: zip, Country: country})
		if len(bad) > 0 {
			for _, b := range bad {
				if b.Field == "" || b.Message == "" {
					t.Fatalf("unnamed refusal %+v", b)
				}
			}
			return
		}
		if out.Country != "US" || out.Address1 == "" || (out.State != "" && len(out.State) != 2) || (len(out.Zip) != 5 && len(out.Zip) != 10) {
			t.Fatalf("read %+v", out)
		}
		for _, v := range []string{out.Address1, out.Address2, out.City} {
			if len(v) > maxAddressField || strings.TrimSpace(v) != v {
				t.Fatalf("field %q", v)
			}
		}
		if k := cityKey(out.City); cityKey(k) != k {
			t.Fatalf("cityKey(%q) = %q is not stable", out.City, k)
		}
	})
}
