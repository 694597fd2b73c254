package products

import (
	"encoding/binary"
	"strconv"

	"github.com/jackc/pgx/v5/pgtype"
)

// copyNumeric is a float64 (or none) copied into a numeric column. pgx encodes a float64 as a
// numeric through math/big; numericCodec writes it straight from its shortest decimal text
// (appendNumericBinary, which the seeder's binary COPY uses too), the same value and scale pgx
// would send.
type copyNumeric struct{ v *float64 }

// Float64Value lets pgx's own numeric codec encode it where numericCodec is not registered.
func (n copyNumeric) Float64Value() (pgtype.Float8, error) {
	if n.v == nil {
		return pgtype.Float8{}, nil
	}
	return pgtype.Float8{Float64: *n.v, Valid: true}, nil
}

// numericCodec is pgx's numeric codec with a direct binary encoding of copyNumeric.
type numericCodec struct{ pgtype.NumericCodec }

func (c numericCodec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	if _, ok := value.(copyNumeric); ok && format == pgtype.BinaryFormatCode {
		return encodeCopyNumeric{}
	}
	return c.NumericCodec.PlanEncode(m, oid, format, value)
}

// useNumericCodec makes m encode copyNumeric directly; every other value encodes as before.
func useNumericCodec(m *pgtype.Map) {
	if t, ok := m.TypeForOID(pgtype.NumericOID); ok {
		if _, done := t.Codec.(numericCodec); done {
			return
		}
	}
	m.RegisterType(&pgtype.Type{Name: "numeric", OID: pgtype.NumericOID, Codec: numericCodec{}})
}

type encodeCopyNumeric struct{}

func (encodeCopyNumeric) Encode(value any, buf []byte) ([]byte, error) {
	n := value.(copyNumeric)
	if n.v == nil {
		return nil, nil
	}
	return appendNumericBinary(buf, *n.v), nil
}

// appendNumericBinary writes v in PostgreSQL's binary numeric form (digit count, weight, sign,
// display scale, base-10000 digits) from its shortest decimal text.
func appendNumericBinary(buf []byte, v float64) []byte {
	var text [40]byte
	s := strconv.AppendFloat(text[:0], v, 'f', -1, 64)
	sign := uint16(0)
	if s[0] == '-' {
		sign, s = 0x4000, s[1:]
	}
	intPart, frac := s, s[:0]
	for i, ch := range s {
		if ch == '.' {
			intPart, frac = s[:i], s[i+1:]
			break
		}
	}
	// The digits, padded left and right to whole groups of four.
	var digits [96]byte
	lead := (4 - len(intPart)%4) % 4
	d := digits[:0]
	for range lead {
		d = append(d, '0')
	}
	d = append(d, intPart...)
	d = append(d, frac...)
	for len(d)%4 != 0 {
		d = append(d, '0')
	}
	weight := (lead+len(intPart))/4 - 1
	var groups [24]uint16
	g := groups[:0]
	for i := 0; i < len(d); i += 4 {
		g = append(g, uint16(d[i]-'0')*1000+uint16(d[i+1]-'0')*100+uint16(d[i+2]-'0')*10+uint16(d[i+3]-'0'))
	}
	for len(g) > 0 && g[0] == 0 {
		g, weight = g[1:], weight-1
	}
	for len(g) > 0 && g[len(g)-1] == 0 {
		g = g[:len(g)-1]
	}
	if len(g) == 0 {
		weight, sign = -1, 0
	}
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(g)))
	buf = binary.BigEndian.AppendUint16(buf, uint16(int16(weight)))
	buf = binary.BigEndian.AppendUint16(buf, sign)
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(frac)))
	for _, x := range g {
		buf = binary.BigEndian.AppendUint16(buf, x)
	}
	return buf
}
