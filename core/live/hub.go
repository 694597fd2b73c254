package live

import (
	"sync"
)

// subscriberBuffer is how many events a stream may fall behind before it is told to reload.
const subscriberBuffer = 256

// Hub fans the events of this server's Listener out to the streams of their topic. Delivering
// never waits: a subscriber whose buffer is full is marked lost (its stream answers a reset).
type Hub struct {
	mu     sync.Mutex
	topics map[string]map[*Subscriber]struct{}
	closed chan struct{}
	once   sync.Once
}

// Subscriber is one stream's place in the hub.
type Subscriber struct {
	topic string
	// C carries the topic's events in the order the listener read them.
	C chan Event
	// Lost is closed when the subscriber fell behind and missed events.
	Lost     chan struct{}
	lostOnce sync.Once
	// Presence receives (at most one pending) when the topic's presence changed.
	Presence chan struct{}
}

// NewHub gives an empty hub.
func NewHub() *Hub {
	return &Hub{topics: map[string]map[*Subscriber]struct{}{}, closed: make(chan struct{})}
}

// Subscribe starts delivering topic's events; Unsubscribe ends it.
func (h *Hub) Subscribe(topic string) *Subscriber {
	s := &Subscriber{topic: topic, C: make(chan Event, subscriberBuffer), Lost: make(chan struct{}), Presence: make(chan struct{}, 1)}
	h.mu.Lock()
	defer h.mu.Unlock()
	subs := h.topics[topic]
	if subs == nil {
		subs = map[*Subscriber]struct{}{}
		h.topics[topic] = subs
	}
	subs[s] = struct{}{}
	return s
}

// Unsubscribe stops delivering to s.
func (h *Hub) Unsubscribe(s *Subscriber) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if subs := h.topics[s.topic]; subs != nil {
		delete(subs, s)
		if len(subs) == 0 {
			delete(h.topics, s.topic)
		}
	}
}

// Subscribers counts the subscribers of topic.
func (h *Hub) Subscribers(topic string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.topics[topic])
}

// Deliver hands ev to every subscriber of its topic without waiting on any.
func (h *Hub) Deliver(ev Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.topics[ev.Topic] {
		select {
		case s.C <- ev:
		default:
			s.lostOnce.Do(func() { close(s.Lost) })
		}
	}
}

// Touch tells topic's subscribers that its presence changed, without waiting on any: one not
// yet told of the last change is told once of both.
func (h *Hub) Touch(topic string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.topics[topic] {
		select {
		case s.Presence <- struct{}{}:
		default:
		}
	}
}

// Closed is closed when the server stops: streams end so that shutdown need not wait on them.
func (h *Hub) Closed() <-chan struct{} { return h.closed }

// Close ends every stream.
func (h *Hub) Close() { h.once.Do(func() { close(h.closed) }) }
