package products

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"

	"github.com/jackc/pgx/v5/pgtype"
)

// The seeder's binary COPY streams are, byte for byte, what pgx sends for the rows
// copyCatalogWith gives (the rows TestCopyRowsArePinned holds) with the columns' types, so
// the hand-written encoding changes nothing the database receives.
func TestBinaryCopyMatchesValues(t *testing.T) {
	catalog := GenerateCatalog(2000, pinLocations)
	got, err := encodeCatalog(catalog)
	if err != nil {
		t.Fatal(err)
	}
	const (
		text, int4, int8, boolean, numeric = pgtype.TextOID, pgtype.Int4OID, pgtype.Int8OID, pgtype.BoolOID, pgtype.NumericOID
		date, timestamptz, textArray       = pgtype.DateOID, pgtype.TimestamptzOID, pgtype.TextArrayOID
		jsonb, json                        = pgtype.JSONBOID, pgtype.JSONOID
	)
	// The columns' types, as the migrations declare them.
	types := map[string][]uint32{
		"products": {text, text, text, int8, text, text, textArray, boolean, text, text, text, text, text, text, textArray, text, int4,
			text, text, numeric, numeric, numeric, numeric, numeric, text, int4, int4, int4, int4, numeric, numeric,
			text, text, text, text, text, text, boolean, text, boolean, text, boolean, boolean, date, boolean, boolean,
			jsonb, textArray, textArray, timestamptz, timestamptz, timestamptz},
		"product_details": {text, text, text, text, text, int4, numeric, text, text, text, date, textArray, text, text,
			text, text, text, date, int4, int4, jsonb, jsonb},
		"product_locations":    {text, text, text, text, numeric, numeric, numeric, date, date, date, date, date, int4, text},
		"product_availability": {text, text, json},
	}
	m := pgtype.NewMap()
	useNumericCodec(m)
	want := map[string][]byte{}
	err = copyCatalogWith(context.Background(), catalog, func(_ context.Context, table string, cols []string, next func() ([]any, error)) error {
		oids := types[table]
		if len(oids) != len(cols) {
			t.Fatalf("%s: %d column types for %d columns", table, len(oids), len(cols))
		}
		buf := []byte(copyBinaryHeader)
		for {
			vals, err := next()
			if err != nil || vals == nil {
				want[table] = buf
				return err
			}
			buf = binary.BigEndian.AppendUint16(buf, uint16(len(vals)))
			for i, v := range vals {
				at := len(buf)
				buf = binary.BigEndian.AppendUint32(buf, 0xffffffff)
				b, err := m.Encode(oids[i], pgtype.BinaryFormatCode, v, buf)
				if err != nil {
					t.Fatalf("%s.%s: %v", table, cols[i], err)
				}
				if b != nil {
					buf = b
					binary.BigEndian.PutUint32(buf[at:], uint32(len(buf)-at-4))
				}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for table, b := range map[string][]byte{"products": got.products, "product_details": got.details,
		"product_locations": got.locations, "product_availability": got.availability} {
		if len(want[table]) < 1000 {
			t.Fatalf("%s: only %d bytes from pgx", table, len(want[table]))
		}
		if !bytes.Equal(b, want[table]) {
			n := 0
			for n < len(b) && n < len(want[table]) && b[n] == want[table][n] {
				n++
			}
			t.Errorf("%s: %d bytes differ from pgx's %d from byte %d", table, len(b), len(want[table]), n)
		}
	}
}
