package live

import (
	"testing"
)

// A subscriber that does not read is marked lost when its buffer is full; delivering to it never
// waits, and the others of the topic (not those of another topic) get every event.
func TestHubSlowSubscriberNeverBlocks(t *testing.T) {
	h := NewHub()
	slow := h.Subscribe("t:1")
	fast := h.Subscribe("t:1")
	other := h.Subscribe("t:2")
	read := func(n int, from int64) {
		t.Helper()
		for i := range int64(n) {
			if ev := <-fast.C; ev.ID != from+i {
				t.Fatalf("event %d arrived as %d", from+i, ev.ID)
			}
		}
	}
	for i := range int64(subscriberBuffer) {
		h.Deliver(Event{ID: i + 1, Topic: "t:1"})
	}
	read(subscriberBuffer, 1)
	select {
	case <-slow.Lost:
		t.Fatal("lost before its buffer was full")
	default:
	}
	// One more than the slow one's buffer holds: Deliver returns at once, the slow one is lost.
	h.Deliver(Event{ID: subscriberBuffer + 1, Topic: "t:1"})
	read(1, subscriberBuffer+1)
	select {
	case <-slow.Lost:
	default:
		t.Fatal("the slow subscriber is not marked lost")
	}
	select {
	case <-fast.Lost:
		t.Fatal("the reading subscriber is marked lost")
	default:
	}
	if len(other.C) != 0 {
		t.Fatalf("another topic's subscriber got %d events", len(other.C))
	}
	h.Unsubscribe(slow)
	h.Unsubscribe(fast)
	if n := h.Subscribers("t:1"); n != 0 {
		t.Fatalf("%d subscribers after unsubscribing", n)
	}
	h.Close()
	h.Close()
	select {
	case <-h.Closed():
	default:
		t.Fatal("Closed is open after Close")
	}
}
