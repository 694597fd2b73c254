package httpx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

// A request the client cancelled is not logged as a server error; a real failure still is.
func TestClientCancelIsNotAnError(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest("GET", "/api/items", nil).WithContext(ctx)
	WriteError(httptest.NewRecorder(), r, log, fmt.Errorf("query: %w", context.Canceled))
	if strings.Contains(buf.String(), "ERROR") {
		t.Fatalf("a cancelled request was logged as an error: %s", buf.String())
	}

	r = httptest.NewRequest("GET", "/api/items", nil)
	w := httptest.NewRecorder()
	WriteError(w, r, log, errors.New("disk full"))
	if w.Code != 500 || !strings.Contains(buf.String(), "level=ERROR") {
		t.Fatalf("status %d, log %q", w.Code, buf.String())
	}
}
