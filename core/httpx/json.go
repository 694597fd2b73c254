package httpx

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
)

// Decode reads one JSON value into v strictly: unknown fields, trailing data, an empty body or a
// body over the limit are client errors, and nothing is half-read into v's callers.
func Decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return BadRequest("Content-Type must be application/json", nil)
	}
	// Read whole (the body limit bounds it) so the text is checked before anything is decoded.
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return decodeError(err)
	}
	if err := checkJSONText(raw); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return AsError(err)
		}
		return BadRequest("Request body must hold a single JSON value", nil)
	}
	return nil
}

func decodeError(err error) error {
	var (
		syn *json.SyntaxError
		typ *json.UnmarshalTypeError
		mbe *http.MaxBytesError
	)
	switch {
	case errors.As(err, &mbe), errors.Is(err, ErrSlowBody):
		return AsError(err)
	case errors.Is(err, io.EOF):
		return BadRequest("Request body is empty", nil)
	case errors.As(err, &syn), errors.Is(err, io.ErrUnexpectedEOF):
		return BadRequest("Malformed JSON", map[string]any{"error": err.Error()})
	case errors.As(err, &typ):
		return Invalid(FieldError{Field: typ.Field, Rule: "type", Message: fmt.Sprintf("%s must be %s", typ.Field, typ.Type)})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &Error{Status: http.StatusBadRequest, Code: "ITS_ERR_BAD_REQUEST", Message: fmt.Sprintf("Unknown field %q", field), Details: []FieldError{{Field: field, Rule: "unknown", Message: "unknown field"}}}
	default:
		return BadRequest("Malformed JSON", map[string]any{"error": err.Error()})
	}
}

// JSON writes v with status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Data writes {"data": v} with 200; a Streamed v is written piece by piece.
func Data(w http.ResponseWriter, v any) {
	s, ok := v.(Streamed)
	if !ok {
		JSON(w, http.StatusOK, map[string]any{"data": v})
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	bw := bufio.NewWriterSize(w, 64<<10)
	_, _ = io.WriteString(bw, `{"data":`)
	// Once the status is sent a failure (a client gone) can only cut the answer short.
	if s.WriteJSON(bw) == nil {
		_, _ = io.WriteString(bw, "}\n")
		_ = bw.Flush()
	}
}

// Streamed is data that writes its own JSON piece by piece: an answer holding a long list (an
// import's review of 250,000 rows) encoded whole first would sit in memory twice, as values and
// as one buffer of some hundred megabytes.
type Streamed interface {
	// WriteJSON writes the value as json.Marshal would.
	WriteJSON(w io.Writer) error
}

// WriteError writes err as the envelope; 5xx causes are logged with the request id. A request
// the client gave up on is no server failure: it is logged at debug level and gets no answer.
func WriteError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	if r.Context().Err() != nil && errors.Is(err, context.Canceled) {
		log.DebugContext(r.Context(), "request cancelled by the client", "method", r.Method, "path", r.URL.Path)
		return
	}
	e := AsError(err)
	id := RequestID(r.Context())
	if e.Status >= 500 {
		log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "error", err)
	}
	JSON(w, e.Status, Envelope{Message: e.Message, MessageCode: e.Code, Details: e.Details, RequestID: id})
}
