package plugins

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder keeps the records a logger handled.
type recorder struct {
	mu   sync.Mutex
	msgs []string
}

func (r *recorder) Enabled(context.Context, slog.Level) bool { return true }
func (r *recorder) Handle(_ context.Context, rec slog.Record) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, rec.Message)
	return nil
}
func (r *recorder) WithAttrs([]slog.Attr) slog.Handler { return r }
func (r *recorder) WithGroup(string) slog.Handler      { return r }

// A plugin writing its log as fast as it can, in long lines, reaches the core's log bounded:
// a burst of lines, each cut to its bound, and a count of the lines dropped.
func TestPluginLogBounded(t *testing.T) {
	rec := &recorder{}
	// The clock stands still: the burst is all that may pass.
	t0 := time.Now()
	log := hclogTo(&slogWriter{log: slog.New(rec), tokens: logBurst, last: t0, now: func() time.Time { return t0 }})
	long := strings.Repeat("x", 64<<10)
	for range 3000 {
		log.Error(long)
	}
	if n := len(rec.msgs); n != logBurst {
		t.Fatalf("%d lines reached the core's log, want the burst of %d", n, logBurst)
	}
	for _, m := range rec.msgs {
		if len(m) > maxLogLine+8 {
			t.Fatalf("a line of %d bytes reached the core's log", len(m))
		}
	}
	// Once lines flow again, the dropped ones are counted.
	rec = &recorder{}
	sw := &slogWriter{log: slog.New(rec), tokens: 0, last: t0, now: func() time.Time { return t0 }}
	_, _ = sw.Write([]byte("dropped line\n"))
	sw.now = func() time.Time { return t0.Add(time.Second) }
	_, _ = sw.Write([]byte("next\n"))
	if got := strings.Join(rec.msgs, "|"); got != "plugin log lines dropped: it wrote faster than its bound|next" {
		t.Fatalf("after a dropped line: %q", got)
	}
}
