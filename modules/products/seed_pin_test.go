package products

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"testing"
	"time"
)

// TestCopyRowsArePinned holds the rows the seeder copies for the generator's first 2,000
// products (all four tables, every value with its Go type) to a fixed hash, so that work on
// the generator's speed cannot change the demo data.
func TestCopyRowsArePinned(t *testing.T) {
	h := sha256.New()
	rows := 0
	err := copyCatalogWith(context.Background(), GenerateCatalog(2000, pinLocations), func(_ context.Context, table string, cols []string, next func() ([]any, error)) error {
		fmt.Fprintln(h, table, cols)
		for {
			vals, err := next()
			if err != nil || vals == nil {
				return err
			}
			rows++
			for _, v := range vals {
				fmt.Fprintf(h, "%s|", pinValue(v))
			}
			fmt.Fprintln(h)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	const want = "8de33e743dabe6fc6447623d65fa1a92ef3e837e822fe67abc64cf720f6cb0b6"
	if got := hex.EncodeToString(h.Sum(nil)); got != want || rows == 0 {
		t.Fatalf("copied rows (%d) hash to %s, want %s", rows, got, want)
	}
}

// pinLocations are the demo's pricing locations, as the users module seeds them.
var pinLocations = []CatalogLocation{{Code: "US", CurrencyCode: "USD", DecimalPlaces: 2}, {Code: "CA", CurrencyCode: "CAD", DecimalPlaces: 2},
	{Code: "EU", CurrencyCode: "EUR", DecimalPlaces: 2}, {Code: "UK", CurrencyCode: "GBP", DecimalPlaces: 2}, {Code: "JP", CurrencyCode: "JPY"}}

// pinValue writes a copied value as the text PostgreSQL would store for it.
func pinValue(v any) string {
	if n, ok := v.(copyNumeric); ok {
		v = n.v
	}
	switch v := v.(type) {
	case *float64:
		if v == nil {
			return "NULL"
		}
		return strconv.FormatFloat(*v, 'f', -1, 64)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case *int:
		if v == nil {
			return "NULL"
		}
		return strconv.Itoa(*v)
	case time.Time:
		return v.UTC().Format(time.RFC3339Nano)
	case nil:
		return "NULL"
	}
	return fmt.Sprintf("%T:%v", v, v)
}
