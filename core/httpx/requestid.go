package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"

	"its/core/logging"
)

// RequestIDHeader carries the request id in both directions: a proxy in front may set it, the
// answer always names it.
const RequestIDHeader = "X-Request-Id"

// maxRequestIDLen bounds an incoming id; longer ones are replaced, as are ids with characters
// that could forge log fields or headers.
const maxRequestIDLen = 64

// RequestID is the id of the request in ctx ("" outside a request).
func RequestID(ctx context.Context) string { return logging.RequestID(ctx) }

// validRequestID accepts the ids proxies and tracers send (UUIDs, hex, base64url-ish tokens):
// letters, digits and . _ - only, 1 to 64 characters.
func validRequestID(s string) bool {
	if s == "" || len(s) > maxRequestIDLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// withRequestID takes a well-formed incoming X-Request-Id (so one id follows a request through
// the load balancer and ITS) or makes one, names it on the answer and puts it in the context,
// where the logger picks it up for every record.
func withRequestID(w http.ResponseWriter, r *http.Request) (*http.Request, string) {
	id := r.Header.Get(RequestIDHeader)
	if !validRequestID(id) {
		id = newRequestID()
	}
	w.Header().Set(RequestIDHeader, id)
	return r.WithContext(logging.WithRequestID(r.Context(), id)), id
}
