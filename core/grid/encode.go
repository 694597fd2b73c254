package grid

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// AppendString appends s to buf as a JSON string, byte for byte as encoding/json writes it
// (HTML characters and U+2028/U+2029 escaped, invalid UTF-8 replaced): the hand-rolled row
// encoders of the grid and of the modules answer what json.Marshal would.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// AppendFloat appends a finite f as encoding/json writes it (callers write NaN and infinities
// as null). Money and percentages, which rows are full of, have at most two decimals: those are
// written from the integer of cents, several times faster than the shortest-digits search.
func AppendFloat(b []byte, f float64) []byte {
	if f == 0 && !math.Signbit(f) {
		return append(b, '0')
	}
	if a := math.Abs(f); a >= 1e-2 && a < 1e13 {
		// n/100 is the double nearest the decimal n/100: when that is f, n/100's digits are
		// f's shortest round-trip form, which is what strconv would find.
		if n := math.Round(f * 100); n/100 == f {
			return appendCents(b, int64(n))
		}
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// encoding/json writes e-09 as e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendCents writes n/100 without trailing zeros: 1250 → 12.5, -7 → -0.07, 300 → 3.
func appendCents(b []byte, n int64) []byte {
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/100, 10)
	switch c := n % 100; {
	case c == 0:
		return b
	case c%10 == 0:
		return append(b, '.', byte('0'+c/10))
	default:
		return append(b, '.', byte('0'+c/10), byte('0'+c%10))
	}
}

// AppendRawJSON writes stored JSON as json.Encoder writes a RawMessage: compacted and HTML-safe
// (nil is null). PostgreSQL's json keeps its input text, usually stored compact, so the copy is
// usually direct; jsonb's text has spaces and takes the slow path.
func AppendRawJSON(b []byte, raw []byte) ([]byte, error) {
	if raw == nil {
		return append(b, "null"...), nil
	}
	for _, c := range raw {
		switch c {
		case ' ', '\t', '\n', '\r', '<', '>', '&', 0xE2:
			return appendRawSlow(b, raw)
		}
	}
	return append(b, raw...), nil
}

func appendRawSlow(b []byte, raw []byte) ([]byte, error) {
	var compact, safe bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return nil, err
	}
	json.HTMLEscape(&safe, compact.Bytes())
	return append(b, safe.Bytes()...), nil
}
