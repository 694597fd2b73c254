package httpx_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"its/core/httpx"
	"its/core/logging"
)

// logLines decodes the JSON records written to buf.
func logLines(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		if l == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("log line %q: %v", l, err)
		}
		out = append(out, m)
	}
	return out
}

func TestRequestIDIsTakenWhenWellFormedAndLogged(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(logging.WithContext(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	h := httpx.Base(log, 1<<20)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.InfoContext(r.Context(), "inside the handler")
		w.WriteHeader(http.StatusNoContent)
	}))
	generated := regexp.MustCompile(`^[0-9a-f]{16}$`)
	for _, tc := range []struct{ in, want string }{
		{"3f2b1c9e-7d4a-4a51-9a0b-2c1d3e4f5a6b", "3f2b1c9e-7d4a-4a51-9a0b-2c1d3e4f5a6b"},
		{"lb.Root_1-2", "lb.Root_1-2"},
		{"", ""},
		{"has space", ""},
		{"forged\" level=ERROR", ""},
		{"ünïcode", ""},
		{strings.Repeat("a", 65), ""},
	} {
		buf.Reset()
		req := httptest.NewRequest("GET", "/api/x", nil)
		if tc.in != "" {
			req.Header.Set("X-Request-Id", tc.in)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		got := rec.Header().Get("X-Request-Id")
		if tc.want != "" && got != tc.want {
			t.Errorf("incoming %q: answer id %q, want it kept", tc.in, got)
		}
		if tc.want == "" && !generated.MatchString(got) {
			t.Errorf("incoming %q: answer id %q, want a generated one", tc.in, got)
		}
		lines := logLines(t, &buf)
		if len(lines) != 2 {
			t.Fatalf("incoming %q: %d log lines, want the handler's and the access log: %s", tc.in, len(lines), buf.String())
		}
		for _, l := range lines {
			if l["requestId"] != got {
				t.Errorf("incoming %q: log line %v has requestId %v, want %q", tc.in, l["msg"], l["requestId"], got)
			}
		}
	}
}

func TestServerErrorLogAndEnvelopeShareTheRequestID(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(logging.WithContext(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn})))
	h := httpx.Base(log, 1<<20)(httpx.Wrap(log, func(w http.ResponseWriter, r *http.Request) error {
		return httpx.Internal(errors.New("disk on fire"))
	}))
	req := httptest.NewRequest("GET", "/api/x", nil)
	req.Header.Set("X-Request-Id", "abc-123")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status %d", rec.Code)
	}
	var env httpx.Envelope
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		t.Fatal(err)
	}
	if env.RequestID != "abc-123" || strings.Contains(rec.Body.String(), "disk on fire") {
		t.Fatalf("envelope %s: want requestId abc-123 and no cause", rec.Body.String())
	}
	lines := logLines(t, &buf)
	if len(lines) != 1 || lines[0]["requestId"] != "abc-123" || !strings.Contains(lines[0]["error"].(string), "disk on fire") {
		t.Fatalf("5xx log %s: want one line with the request id and the cause", buf.String())
	}
}
