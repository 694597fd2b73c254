package products

import (
	"bytes"
	"math"
	"testing"

	"github.com/jackc/pgx/v5/pgtype"
)

// TestNumericEncodingMatchesPgx holds the seeder's numeric encoding to pgx's bytes for the same
// float64 over prices, percentages, zero, negatives, tiny and huge values.
func TestNumericEncodingMatchesPgx(t *testing.T) {
	m := pgtype.NewMap()
	for _, v := range []float64{0, 1, -1, 0.01, 12.5, 99.99, 1234.56, 10000, 10000.01, 123456789.12, -0.5, 0.0001,
		0.00012, 1e-7, 1.5e22, 7.45, 151, 2040.5, math.Copysign(0, -1), 3.14159, 100, 0.1, 20000000} {
		want, err := m.Encode(pgtype.NumericOID, pgtype.BinaryFormatCode, v, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := appendNumericBinary(nil, v)
		if bytes.Equal(got, want) {
			continue
		}
		// pgx may keep a leading zero digit group where this strips it: the same number.
		var a, b pgtype.Numeric
		if err := m.Scan(pgtype.NumericOID, pgtype.BinaryFormatCode, got, &a); err != nil {
			t.Fatalf("%v: %x: %v", v, got, err)
		}
		if err := m.Scan(pgtype.NumericOID, pgtype.BinaryFormatCode, want, &b); err != nil {
			t.Fatal(err)
		}
		at, _ := a.Value()
		bt, _ := b.Value()
		if at != bt {
			t.Errorf("%v: %x (%v), pgx %x (%v)", v, got, at, want, bt)
		}
	}
}
