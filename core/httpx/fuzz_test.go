package httpx_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"

	"its/core/httpx"
)

// payload is shaped like the bodies handlers decode: scalars, a pointer, lists, an open map
// and nesting.
type payload struct {
	Name   string         `json:"name"`
	Count  int            `json:"count"`
	Price  float64        `json:"price"`
	OK     *bool          `json:"ok"`
	Tags   []string       `json:"tags"`
	Values map[string]any `json:"values"`
	Child  *payload       `json:"child"`
}

// fuzzBodyLimit is small so that the fuzzer reaches the limit too.
const fuzzBodyLimit = 4096

func decode(body []byte, contentType string, v any) error {
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	req.Body = http.MaxBytesReader(httptest.NewRecorder(), req.Body, fuzzBodyLimit)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return httpx.Decode(req, v)
}

// FuzzDecode holds the strict JSON decoder to its contract: whatever the body, it answers a
// client error of the envelope kind (400, or 413 over the limit) or a value that is exactly one
// valid JSON document, and that value encodes to a body decoding to the same value.
func FuzzDecode(f *testing.F) {
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		var p payload
		err := decode(body, contentType, &p)
		if err != nil {
			var e *httpx.Error
			if !errors.As(err, &e) {
				t.Fatalf("not an envelope error: %T %v", err, err)
			}
			switch {
			case e.Status == http.StatusRequestEntityTooLarge && len(body) > fuzzBodyLimit:
			case e.Status == http.StatusBadRequest:
			default:
				t.Fatalf("status %d for a body of %d bytes: %v", e.Status, len(body), err)
			}
			if e.Code == "" || e.Message == "" {
				t.Fatalf("envelope without code or message: %+v", e)
			}
			if _, err := json.Marshal(httpx.Envelope{Message: e.Message, MessageCode: e.Code, Details: e.Details}); err != nil {
				t.Fatalf("the envelope does not encode: %v", err)
			}
			return
		}
		if !json.Valid(body) {
			t.Fatalf("accepted a body that is not one JSON document: %q", body)
		}
		again, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("a decoded value does not encode: %v", err)
		}
		var q payload
		if err := decode(again, "application/json", &q); err != nil {
			if len(again) > fuzzBodyLimit {
				return
			}
			t.Fatalf("the re-encoded value is refused: %v (%s)", err, again)
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("round trip changed the value: %+v -> %+v", p, q)
		}
	})
}
