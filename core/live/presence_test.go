package live

import (
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"
)

// An entry not announced again within PresenceTTL is dropped and its topic's streams are told;
// one announced again stays; a stream is not told of its own entry; a field the receiver is not
// served is not named; leave drops at once.
func TestPresenceExpiresAndLeaves(t *testing.T) {
	hub := NewHub()
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	p := NewPresence(hub, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	p.now = func() time.Time { return now }
	sub := hub.Subscribe("t:1")
	told := func() bool {
		select {
		case <-sub.Presence:
			return true
		default:
			return false
		}
	}
	say := func(n note) {
		b, _ := json.Marshal(n)
		p.apply(string(b))
	}
	all := Access{}
	say(note{Topic: "t:1", Stream: "s1", UserID: "u1", Name: "Ann", Row: "r1", Field: "price"})
	say(note{Topic: "t:1", Stream: "s2", UserID: "u2", Name: "Bob", Row: "r2", Field: "style"})
	if !told() {
		t.Fatal("the topic's stream is not told of an announce")
	}
	if got := p.Others("t:1", "s1", all); len(got) != 1 || got[0].Name != "Bob" || got[0].Colour != colourOf("u2") {
		t.Fatalf("s1 is told of Bob only: %+v", got)
	}
	noPrice := Access{Field: func(f string) bool { return f != "price" }}
	if got := p.Others("t:1", "s9", noPrice); len(got) != 2 || got[0].Field != "" || got[0].Row != "r1" || got[1].Field != "style" {
		t.Fatalf("a field not served is not named: %+v", got)
	}

	now = now.Add(PresenceTTL / 2)
	say(note{Topic: "t:1", Stream: "s2", UserID: "u2", Name: "Bob", Row: "r3"})
	told()
	now = now.Add(PresenceTTL/2 + time.Second)
	p.expire()
	if !told() {
		t.Fatal("the topic's stream is not told of an expiry")
	}
	if got := p.Others("t:1", "", all); len(got) != 1 || got[0].Name != "Bob" || got[0].Row != "r3" {
		t.Fatalf("Ann expired, Bob (announced again) stays: %+v", got)
	}
	say(note{Topic: "t:1", Stream: "s2", UserID: "u2", Leave: true})
	if got := p.Others("t:1", "", all); len(got) != 0 || !told() {
		t.Fatalf("Bob left: %+v", got)
	}
	if len(p.topics) != 0 {
		t.Fatalf("an empty topic is kept: %v", p.topics)
	}
	for i := range Colours * 4 {
		if c := colourOf(string(rune('a' + i))); c < 0 || c >= Colours {
			t.Fatalf("colour %d out of range", c)
		}
	}
}
