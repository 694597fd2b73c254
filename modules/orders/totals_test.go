package orders

import (
	"encoding/json"
	"testing"
)

// TestOrderTotals: each line is its size units × unit price less its discount, rounded half-up
// on decimal digits to the currency's places, then added up.
func TestOrderTotals(t *testing.T) {
	lines := []map[string]any{
		{"sizes": json.RawMessage(`{"8":1,"9":2}`), "unitPrice": 10.005},          // 30.015 → 30.02
		{"sizes": `{"10":4}`, "unitPrice": 12.5, "discount": 10.0},                // 45
		{"sizes": map[string]any{"11": 1.0}, "unitPrice": 0.125, "discount": 0.0}, // 0.125 → 0.13
		{"sizes": json.RawMessage(`{}`), "unitPrice": 99.0},                       // no units
		{"sizes": json.RawMessage(`{"12":2}`)},                                    // no price: units only
		{"quantity": int64(3), "unitPrice": 5.0},                                  // a sample-style line has no sizes
	}
	got := orderTotals("USD", 2, lines)
	if len(got) != 1 || got[0] != (Total{Currency: "USD", DecimalPlaces: 2, Units: 10, Amount: 75.15}) {
		t.Fatalf("USD: %+v", got)
	}
	// 3001.5 → 3002 and 0.5 → 1: each line rounds half-up before the sum.
	got = orderTotals("JPY", 0, []map[string]any{{"sizes": `{"8":3}`, "unitPrice": 1000.5}, {"sizes": `{"8":1}`, "unitPrice": 0.5}})
	if got[0] != (Total{Currency: "JPY", DecimalPlaces: 0, Units: 4, Amount: 3003}) {
		t.Fatalf("JPY: %+v", got)
	}
	got = orderTotals("EUR", 2, nil)
	if got[0] != (Total{Currency: "EUR", DecimalPlaces: 2}) {
		t.Fatalf("no lines: %+v", got)
	}
}
