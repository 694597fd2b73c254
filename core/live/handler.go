package live

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
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
	Hub      *Hub
	Presence *Presence
	Pool     *pgxpool.Pool
	Log      *slog.Logger
	// Sessions tell a stream whether its session still holds (a sign-out ends it).
	Sessions *session.Manager
	// Clock times the pings (a test moves it instead of waiting).
	Clock  clockwork.Clock
	Topics []Topic `group:"live.topics"`
}

type handler struct {
	hub      *Hub
	presence *Presence
	pool     *pgxpool.Pool
	log      *slog.Logger
	sessions *session.Manager
	clock    clockwork.Clock
	topics   map[string]Topic
}

func routes(p RouteParams) registry.Module {
	h := &handler{hub: p.Hub, presence: p.Presence, pool: p.Pool, log: p.Log, sessions: p.Sessions, clock: p.Clock, topics: map[string]Topic{}}
	for _, t := range p.Topics {
		h.topics[t.Kind] = t
	}
	return registry.Module{File: "core/live/live.yaml", Manifest: manifest, Routes: func(r registry.Router) {
		r.Handle("GET", "/api/live/{topic}", ActionLiveView, h.stream)
		r.Handle("PUT", "/api/live/{topic}/presence", ActionLiveView, httpx.Body(h.announce))
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

// recentOf is how many seconds of the topic's events a fresh stream asks to be told (?recent=,
// 0 when not asked): the grid's first read ran just before its stream opened, and a change
// saved between the two would otherwise reach neither. A row told twice is read twice.
func recentOf(r *http.Request) (int, error) {
	raw := r.URL.Query().Get("recent")
	if raw == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > MaxRecent {
		return 0, httpx.Invalid(httpx.FieldError{Field: "recent", Rule: "range", Message: fmt.Sprintf("recent is a number of seconds from 1 to %d", MaxRecent)})
	}
	return n, nil
}

// topicOf is the request's topic: a browser may send the colon escaped (%3A); the router hands
// the parameter on as sent.
func topicOf(r *http.Request) (string, error) {
	topic, err := url.PathUnescape(chi.URLParam(r, "topic"))
	if err != nil {
		return "", httpx.NotFound("Topic")
	}
	return topic, nil
}

// newStreamToken is a stream's presence token: unguessable, told only to its own browser.
func newStreamToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// presenceRequest announces the browser of a stream (the token of its open event) on the topic
// with its selected cell (none when left out), or takes it off (leave).
type presenceRequest struct {
	Stream string `json:"stream"`
	Row    string `json:"row"`
	Field  string `json:"field"`
	Leave  bool   `json:"leave"`
}

// announce serves PUT /api/live/{topic}/presence: the same access as the stream's, then every
// server is told.
func (h *handler) announce(r *http.Request, req presenceRequest) (struct{}, error) {
	ctx := r.Context()
	topic, err := topicOf(r)
	if err != nil {
		return struct{}{}, err
	}
	if _, err := h.open(ctx, topic); err != nil {
		return struct{}{}, err
	}
	if err := validPresence(req); err != nil {
		return struct{}{}, err
	}
	u := identity.FromContext(ctx)
	if req.Leave {
		return struct{}{}, h.presence.leave(ctx, topic, req.Stream, u.ID)
	}
	name := u.FullName
	if name == "" {
		name = u.Email
	}
	ok, err := h.presence.announce(ctx, note{Topic: topic, Stream: req.Stream, UserID: u.ID, Name: name, Row: req.Row, Field: req.Field})
	if err == nil && !ok {
		// Another user's stream token.
		err = httpx.NotFound("Stream")
	}
	return struct{}{}, err
}

func validPresence(req presenceRequest) error {
	var errs []httpx.FieldError
	if len(req.Stream) != 32 || strings.Trim(req.Stream, "0123456789abcdef") != "" {
		errs = append(errs, httpx.FieldError{Field: "stream", Rule: "token", Message: "stream is the token of the stream's open event"})
	}
	if len(req.Row) > maxPresenceText {
		errs = append(errs, httpx.FieldError{Field: "row", Rule: "maxLength", Message: fmt.Sprintf("row is at most %d characters", maxPresenceText)})
	}
	if len(req.Field) > maxPresenceText {
		errs = append(errs, httpx.FieldError{Field: "field", Rule: "maxLength", Message: fmt.Sprintf("field is at most %d characters", maxPresenceText)})
	}
	if len(errs) > 0 {
		return httpx.Invalid(errs...)
	}
	return nil
}

func (h *handler) stream(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	topic, err := topicOf(r)
	if err != nil {
		return err
	}
	from, err := lastID(r)
	if err != nil {
		return err
	}
	recent, err := recentOf(r)
	if err != nil {
		return err
	}
	tab := r.URL.Query().Get("tab")
	if tab != "" && !validTab(tab) {
		return httpx.Invalid(httpx.FieldError{Field: "tab", Rule: "pattern", Message: "tab is the browser tab's id: 1 to 64 letters, digits, '-' or '_'"})
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
	} else if recent > 0 {
		if missed, err = within(ctx, h.pool, topic, recent, catchUpLimit+1); err != nil {
			return err
		}
		reset = len(missed) > catchUpLimit
	}
	// A stream outlives any write deadline the server may set.
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Time{})
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	s := &sse{w: w, rc: rc, userID: identity.FromContext(ctx).ID, tab: tab, access: access, token: newStreamToken(), told: told{}}
	if reset {
		s.reset(head)
	} else {
		for _, ev := range missed {
			s.rows(ctx, ev)
		}
		s.open(head)
	}
	if s.err != nil || r.URL.Query().Get("once") != "" {
		return nil
	}
	// Who else is here, then whenever that changes; this browser leaves when its stream ends.
	// Always asked of the table, not of this server's memory: the browser may have announced
	// itself through another server whose note has not reached this one yet (leave deletes
	// nothing and tells nobody when there is no entry).
	defer func() {
		leave, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		if err := h.presence.leave(leave, topic, s.token, s.userID); err != nil {
			h.log.Warn("live: presence leave", "error", err)
		}
	}()
	s.presence(h.presence.Others(topic, s.token, s.access))
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
			s.rows(ctx, ev)
		case <-sub.Presence:
			s.presence(h.presence.Others(topic, s.token, s.access))
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
	// tab is the browser tab the stream serves (?tab=), "" when it names none.
	tab    string
	access Access
	// token is the stream's presence token (its browser announces itself with it).
	token string
	// toldPresence is the last presence data sent: an unchanged list is not sent again.
	toldPresence string
	// told is the row ids the stream has named (rows.go).
	told told
	err  error
}

func (s *sse) write(text string) {
	if s.err != nil {
		return
	}
	if _, s.err = fmt.Fprint(s.w, text); s.err == nil {
		s.err = s.rc.Flush()
	}
}

// rows tells the browser of ev as its user may see it (filter, then rowsFor); an event left
// naming no row moves the browser's last event id on without telling it anything. A reload
// event is told as one (event: reload, its data the id and whether it was the tab's own change).
func (s *sse) rows(ctx context.Context, ev Event) {
	if ev.Reload {
		ev = s.access.filter(ev, s.userID, s.tab)
		s.write(fmt.Sprintf("id: %d\nevent: reload\ndata: {\"id\":%d,\"grid\":%q,\"self\":%t}\n\n", ev.ID, ev.ID, ev.Grid, ev.Self))
		return
	}
	ev, err := s.access.rowsFor(ctx, s.access.filter(ev, s.userID, s.tab), s.told, s.userID)
	if err != nil {
		s.err = err
		return
	}
	if ev.Empty() {
		s.write(fmt.Sprintf("id: %d\n\n", ev.ID))
		return
	}
	data, err := json.Marshal(ev)
	if err != nil {
		s.err = err
		return
	}
	s.write(fmt.Sprintf("id: %d\nevent: rows\ndata: %s\n\n", ev.ID, data))
}

// open says the stream is live as of event id head (the client's Last-Event-ID from then on),
// with the token its browser announces its presence with.
func (s *sse) open(head int64) {
	s.write(fmt.Sprintf("id: %d\nevent: open\ndata: {\"id\":%d,\"stream\":%q}\n\n", head, head, s.token))
}

// presence tells who else has the topic open (sent when the list changed).
func (s *sse) presence(others []Here) {
	data, err := json.Marshal(map[string]any{"others": others})
	if err != nil {
		s.err = err
		return
	}
	if string(data) == s.toldPresence {
		return
	}
	s.toldPresence = string(data)
	s.write("event: presence\ndata: " + s.toldPresence + "\n\n")
}

// reset tells the client it missed events it cannot be told of: it reads the grid again (the
// stream's presence token as in open).
func (s *sse) reset(head int64) {
	s.write(fmt.Sprintf("id: %d\nevent: reset\ndata: {\"id\":%d,\"stream\":%q}\n\n", head, head, s.token))
}

func (s *sse) comment(text string) { s.write(": " + text + "\n\n") }
