package orders_test

import (
	"fmt"
	"testing"
)

// TestAddresses: the USPS city/state lookup and the UPS address confirmation answer from the
// embedded US ZIP code data set; bad input gets the error envelope; a user without access to any
// order type is refused.
func TestAddresses(t *testing.T) {
	a := start(t)
	user := login(a, "user")

	for zip, want := range map[string]string{"10001": "New York NY", "60611-1234": "Chicago IL", "930351234": "Oxnard CA", " 99950 ": "Ketchikan AK"} {
		d := data(t, user.Do("GET", "/api/shippers/usps/citystate/"+zip, nil))
		if got := fmt.Sprint(d["city"], " ", d["state"]); got != want {
			t.Errorf("citystate %q: %v", zip, d)
		}
	}
	refused(t, a, user, "GET", "/api/shippers/usps/citystate/00000", nil, 404, "ZIP code 00000 not found")
	refused(t, a, user, "GET", "/api/shippers/usps/citystate/1000a", nil, 400, "Invalid ZIP code: use 5 digits or ZIP+4")

	const confirm = "/api/shippers/ups/confirm"
	d := data(t, user.Do("POST", confirm, map[string]any{"address1": " 800  N Michigan Ave", "city": "chicago", "state": "il", "zip": "60611"}))
	if d["valid"] != true || fmt.Sprint(d["problems"]) != "[]" || fmt.Sprint(d["candidates"]) != "[map[address1:800 N Michigan Ave address2: city:Chicago country:US state:IL zip:60611]]" {
		t.Fatalf("good address: %v", d)
	}
	d = data(t, user.Do("POST", confirm, map[string]any{"address1": "1 Main St", "city": "St. Louis", "state": "MO", "zip": "63101-0001", "country": "USA"}))
	if d["valid"] != true {
		t.Fatalf("St. Louis is Saint Louis: %v", d)
	}
	d = data(t, user.Do("POST", confirm, map[string]any{"address1": "1200 Harbor Blvd", "city": "Ventura", "state": "NY", "zip": "93035"}))
	if d["valid"] != false || fmt.Sprint(d["problems"]) != "[map[field:state message:ZIP code 93035 is in CA, not NY rule:zip] map[field:city message:ZIP code 93035 is Oxnard, CA, not Ventura rule:zip]]" ||
		fmt.Sprint(d["candidates"]) != "[map[address1:1200 Harbor Blvd address2: city:Oxnard country:US state:CA zip:93035]]" {
		t.Fatalf("wrong city and state: %v", d)
	}
	d = data(t, user.Do("POST", confirm, map[string]any{"address1": "1 Nowhere", "zip": "00000"}))
	if d["valid"] != false || fmt.Sprint(d["candidates"]) != "[]" || fmt.Sprint(d["problems"]) != "[map[field:zip message:Unknown ZIP code 00000 rule:unknown]]" {
		t.Fatalf("unknown ZIP: %v", d)
	}
	refused(t, a, user, "POST", confirm, map[string]any{"address1": "1 Main St", "zip": "123"}, 400, "Invalid ZIP code: use 5 digits or ZIP+4")
	refused(t, a, user, "POST", confirm, map[string]any{"address1": "1 Main St", "zip": "10001", "country": "DE"}, 400, "Only US addresses can be confirmed")
	refused(t, a, user, "POST", confirm, map[string]any{"zip": "10001"}, 400, "Address is required")
	refused(t, a, user, "POST", confirm, map[string]any{"address1": "1 Main St", "zip": "10001", "phone": "1"}, 400, "")

	other := login(a, "adminEditor")
	refused(t, a, other, "GET", "/api/shippers/usps/citystate/10001", nil, 403, "")
	refused(t, a, other, "POST", confirm, map[string]any{"address1": "1 Main St", "zip": "10001"}, 403, "")
}
