package live

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jonboulle/clockwork"
	"go.uber.org/fx"

	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/core/session"
)

//go:embed live.yaml
var manifest []byte

// PingEvery is how often an idle stream sends a comment (proxies keep it open) and asks again
// whether its session still holds and its user may still read the topic.
const PingEvery = 15 * time.Second

// catchUpLimit is the most events a reconnecting stream reads back; more answers a reset.
const catchUpLimit = 1000

// RouteParams wire the stream route.
type RouteParams struct {
	fx.In
	Hub  *Hub
	Pool *pgxpool.Pool
	Log  *slog.Logger
	// Sessions tell a stream whether its session still holds (a sign-out ends it).
	Sessions *session.Manager
	// Clock times the pings (a test moves it instead of waiting).
	Clock  clockwork.Clock
	Topics []Topic `group:"live.topics"`
}

type handler struct {
	hub      *Hub
	pool     *pgxpool.Pool
	log      *slog.Logger
	sessions *session.Manager
	clock    clockwork.Clock
	topics   map[string]Topic
}

func routes(p RouteParams) registry.Module {
	h := &handler{hub: p.Hub, pool: p.Pool, log: p.Log, sessions: p.Sessions, clock: p.Clock, topics: map[string]Topic{}}
	for _, t := range p.Topics {
		h.topics[t.Kind] = t
	}
	return registry.Module{File: "core/live/live.yaml", Manifest: manifest, Routes: func(r registry.Router) {
		r.Handle("GET", "/api/live/{topic}", ActionLiveView, h.stream)
	}}
}

// open checks the topic: unknown kinds and topics the user may not read are a 404.
func (h *handler) open(ctx context.Context, topic string) (Access, error) {
	kind, key, ok := splitTopic(topic)
	t, known := h.topics[kind]
	if !ok || !known {
		return Access{}, httpx.NotFound("Topic")
	}
	return t.Open(ctx, key)
}

// lastID is where the client asks to catch up from: Last-Event-ID (a reconnecting EventSource)
// or ?since=; -1 when neither.
func lastID(r *http.Request) (int64, error) {
	raw := r.Header.Get("Last-Event-ID")
	if raw == "" {
		raw = r.URL.Query().Get("since")
	}
	if raw == "" {
		return -1, nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id < 0 {
		return 0, httpx.Invalid(httpx.FieldError{Field: "since", Rule: "integer", Message: "since (or Last-Event-ID) is an event id"})
	}
	return id, nil
}

func (h *handler) stream(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	// A browser may send the colon escaped (%3A); the router hands the parameter on as sent.
	topic, err := url.PathUnescape(chi.URLParam(r, "topic"))
	if err != nil {
		return httpx.NotFound("Topic")
	}
	from, err := lastID(r)
	if err != nil {
		return err
	}
	access, err := h.open(ctx, topic)
	if err != nil {
		return err
	}
	// Subscribed before reading back, so no event falls between; one read twice is sent twice.
	sub := h.hub.Subscribe(topic)
	defer h.hub.Unsubscribe(sub)
	// Ticking from before the first event: a client that saw it knows the pings have begun.
	ping := h.clock.NewTicker(PingEvery)
	defer ping.Stop()
	head, err := current(ctx, h.pool)
	if err != nil {
		return err
	}
	var missed []Event
	reset := false
	if from >= 0 {
		if missed, reset, err = since(ctx, h.pool, topic, from, catchUpLimit+1); err != nil {
			return err
		}
		reset = reset || len(missed) > catchUpLimit
	}
	// A stream outlives any write deadline the server may set.
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	s := &sse{w: w, rc: rc, userID: identity.FromContext(ctx).ID, access: access}
	if reset {
		s.reset(head)
	} else {
		for _, ev := range missed {
			s.rows(ev)
		}
		s.open(head)
	}
	if s.err != nil || r.URL.Query().Get("once") != "" {
		return nil
	}
	for s.err == nil {
		select {
		case <-ctx.Done():
			return nil
		case <-h.hub.Closed():
			return nil
		case <-sub.Lost:
			// Fell behind: the client reloads; this stream ends and it reconnects afresh.
			if head, err = current(ctx, h.pool); err == nil {
				s.reset(head)
			}
			return nil
		case ev := <-sub.C:
			s.rows(ev)
		case <-ping.Chan():
			if alive, err := h.sessions.Alive(ctx); err != nil || !alive {
				// Signed out or expired: the stream ends and its reconnect answers the 401.
				return nil
			}
			if access, err = h.open(ctx, topic); err != nil {
				// No longer readable: the stream ends and its reconnect answers the 404.
				return nil
			}
			s.access = access
			s.comment("ping")
		}
	}
	return nil
}

// sse writes one stream's events; the first write error ends it.
type sse struct {
	w      http.ResponseWriter
	rc     *http.ResponseController
	userID string
	access Access
	err    error
}

func (s *sse) write(text string) {
	if s.err != nil {
		return
	}
	if _, s.err = fmt.Fprint(s.w, text); s.err == nil {
		s.err = s.rc.Flush()
	}
}

func (s *sse) rows(ev Event) {
	data, err := json.Marshal(s.access.filter(ev, s.userID))
	if err != nil {
		s.err = err
		return
	}
	s.write(fmt.Sprintf("id: %d\nevent: rows\ndata: %s\n\n", ev.ID, data))
}

// open says the stream is live as of event id head (the client's Last-Event-ID from then on).
func (s *sse) open(head int64) {
	s.write(fmt.Sprintf("id: %d\nevent: open\ndata: {\"id\":%d}\n\n", head, head))
}

// reset tells the client it missed events it cannot be told of: it reads the grid again.
func (s *sse) reset(head int64) {
	s.write(fmt.Sprintf("id: %d\nevent: reset\ndata: {\"id\":%d}\n\n", head, head))
}

func (s *sse) comment(text string) { s.write(": " + text + "\n\n") }
