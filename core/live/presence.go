package live

import (
	"cmp"
	"context"
	"encoding/json"
	"hash/fnv"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Presence: who else has a topic open and which cell each has selected, as spreadsheets show.
//
// It is ephemeral. A browser announces itself (PUT /api/live/{topic}/presence) with the token its
// stream's open event gave it, when it opens and then every AnnounceEvery, and again whenever its
// selected cell changes. The announcing server writes the entry to live_presence (an unlogged
// table: lost on a crash, which costs nothing but a re-announce) and NOTIFYs PresenceChannel with
// the entry as payload in the same statement; every server's Listener keeps the entries it hears
// in memory until PresenceTTL after the last one, and tells the topic's streams. The table exists
// only so that a server that starts (or whose LISTEN connection dropped) knows at once who is
// there rather than after everyone's next announce. An entry goes when its browser says leave,
// when its stream closes on whatever server held it, or PresenceTTL after its last announce.

// PresenceChannel is the NOTIFY channel of presence between servers; its payload is a note.
const PresenceChannel = "its_live_presence"

// AnnounceEvery is how often a browser announces itself while it has a topic open.
const AnnounceEvery = 20 * time.Second

// PresenceTTL is how long after its last announce an entry is dropped.
const PresenceTTL = 45 * time.Second

// Colours is the number of colours a user's presence is drawn in (Here.Colour is below it).
const Colours = 8

// maxPresenceText bounds a row id and a field name (a NOTIFY payload stays far below 8000 bytes).
const maxPresenceText = 200

// Here is one browser on a topic as its stream tells the others: who, and the selected cell.
type Here struct {
	UserID string `json:"userId"`
	Name   string `json:"name"`
	// Colour is stable per user (on every server and every day): 0 to Colours-1.
	Colour int `json:"colour"`
	// Row and Field are the selected cell; empty when none (or a field the receiver is not served).
	Row   string `json:"row"`
	Field string `json:"field"`
	// stream is the token of the announcing browser's stream: its own entry is not sent to it.
	stream string
	until  time.Time
}

// note is an announce or a leave between servers (the NOTIFY payload).
type note struct {
	Topic  string `json:"t"`
	Stream string `json:"s"`
	UserID string `json:"u"`
	Name   string `json:"n,omitempty"`
	Row    string `json:"r,omitempty"`
	Field  string `json:"f,omitempty"`
	Leave  bool   `json:"l,omitempty"`
}

// colourOf is user id's colour.
func colourOf(userID string) int {
	h := fnv.New32a()
	_, _ = h.Write([]byte(userID))
	return int(h.Sum32() % Colours)
}

// Presence holds this server's copy of every topic's entries and tells the hub's streams when a
// topic's change.
type Presence struct {
	mu     sync.Mutex
	topics map[string]map[string]*Here // topic -> stream token -> entry
	hub    *Hub
	pool   *pgxpool.Pool
	log    *slog.Logger
	now    func() time.Time
}

// NewPresence gives an empty presence for hub's streams.
func NewPresence(hub *Hub, pool *pgxpool.Pool, log *slog.Logger) *Presence {
	return &Presence{topics: map[string]map[string]*Here{}, hub: hub, pool: pool, log: log, now: time.Now}
}

// Others is the topic's entries but the one of stream, as a receiver with access sees them:
// a field they are not served is not named. Ordered by name.
func (p *Presence) Others(topic, stream string, access Access) []Here {
	p.mu.Lock()
	out := make([]Here, 0, len(p.topics[topic]))
	now := p.now()
	for token, h := range p.topics[topic] {
		if token == stream || now.After(h.until) {
			continue
		}
		c := *h
		if c.Field != "" && access.Field != nil && !access.Field(c.Field) {
			c.Field = ""
		}
		out = append(out, c)
	}
	p.mu.Unlock()
	slices.SortFunc(out, func(a, b Here) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.UserID, b.UserID), cmp.Compare(a.stream, b.stream))
	})
	return out
}

// apply takes a note heard from any server (this one's too) and tells the topic's streams.
func (p *Presence) apply(payload string) {
	var n note
	if err := json.Unmarshal([]byte(payload), &n); err != nil || n.Topic == "" || n.Stream == "" {
		p.log.Warn("live: presence note", "payload", payload, "error", err)
		return
	}
	p.mu.Lock()
	if n.Leave {
		p.remove(n.Topic, n.Stream)
	} else {
		p.put(n.Topic, n.Stream, &Here{UserID: n.UserID, Name: n.Name, Colour: colourOf(n.UserID), Row: n.Row, Field: n.Field, stream: n.Stream, until: p.now().Add(PresenceTTL)})
	}
	p.mu.Unlock()
	p.hub.Touch(n.Topic)
}

func (p *Presence) put(topic, stream string, h *Here) {
	m := p.topics[topic]
	if m == nil {
		m = map[string]*Here{}
		p.topics[topic] = m
	}
	m[stream] = h
}

func (p *Presence) remove(topic, stream string) {
	if m := p.topics[topic]; m != nil {
		delete(m, stream)
		if len(m) == 0 {
			delete(p.topics, topic)
		}
	}
}

// expire drops the entries not announced for PresenceTTL and tells their topics' streams.
func (p *Presence) expire() {
	now := p.now()
	var touched []string
	p.mu.Lock()
	for topic, m := range p.topics {
		for stream, h := range m {
			if now.After(h.until) {
				p.remove(topic, stream)
				touched = append(touched, topic)
			}
		}
	}
	p.mu.Unlock()
	for _, t := range touched {
		p.hub.Touch(t)
	}
}

// load replaces the entries with those of live_presence (a server starting, a LISTEN connection
// back): what was missed while not listening.
func (p *Presence) load(ctx context.Context, conn *pgx.Conn) error {
	rows, err := conn.Query(ctx, `SELECT topic, stream, user_id::text, name, row_id, field, extract(epoch FROM now() - at)
		FROM live_presence WHERE at > now() - make_interval(secs => $1)`, PresenceTTL.Seconds())
	if err != nil {
		return err
	}
	now := p.now()
	fresh := map[string]map[string]*Here{}
	var topic, stream string
	var age float64
	h := Here{}
	_, err = pgx.ForEachRow(rows, []any{&topic, &stream, &h.UserID, &h.Name, &h.Row, &h.Field, &age}, func() error {
		e := h
		e.Colour, e.stream = colourOf(e.UserID), stream
		e.until = now.Add(PresenceTTL - time.Duration(age*float64(time.Second)))
		if fresh[topic] == nil {
			fresh[topic] = map[string]*Here{}
		}
		fresh[topic][stream] = &e
		return nil
	})
	if err != nil {
		return err
	}
	p.mu.Lock()
	touched := map[string]bool{}
	for t := range p.topics {
		touched[t] = true
	}
	for t := range fresh {
		touched[t] = true
	}
	p.topics = fresh
	p.mu.Unlock()
	for t := range touched {
		p.hub.Touch(t)
	}
	return nil
}

// announce records user's browser (its stream token) on topic with the selected cell and tells
// every server. Answers false when the token is another user's (nothing is written).
func (p *Presence) announce(ctx context.Context, n note) (bool, error) {
	payload, err := json.Marshal(n)
	if err != nil {
		return false, err
	}
	tag, err := p.pool.Exec(ctx, `WITH up AS (
			INSERT INTO live_presence (topic, stream, user_id, name, row_id, field) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (topic, stream) DO UPDATE SET name = excluded.name, row_id = excluded.row_id, field = excluded.field, at = now()
			WHERE live_presence.user_id = excluded.user_id
			RETURNING 1)
		SELECT pg_notify('`+PresenceChannel+`', $7) FROM up`,
		n.Topic, n.Stream, n.UserID, n.Name, n.Row, n.Field, string(payload))
	return tag.RowsAffected() == 1, err
}

// leave takes user's browser (its stream token) off topic and tells every server.
func (p *Presence) leave(ctx context.Context, topic, stream, userID string) error {
	payload, err := json.Marshal(note{Topic: topic, Stream: stream, UserID: userID, Leave: true})
	if err != nil {
		return err
	}
	_, err = p.pool.Exec(ctx, `WITH gone AS (
			DELETE FROM live_presence WHERE topic = $1 AND stream = $2 AND user_id = $3 RETURNING 1)
		SELECT pg_notify('`+PresenceChannel+`', $4) FROM gone`, topic, stream, userID, string(payload))
	return err
}

// prune deletes the table's entries past PresenceTTL (their servers have dropped them already).
func (p *Presence) prune(ctx context.Context) error {
	_, err := p.pool.Exec(ctx, `DELETE FROM live_presence WHERE at < now() - make_interval(secs => $1)`, PresenceTTL.Seconds())
	return err
}
