package httpx

import (
	"errors"
	"net/http"
)

// Pipe writes a large answer in chunks from its own goroutine, so the code producing it (a
// database read, typically) goes on while the client reads, and does not wait for a slow client
// until backlog chunks are queued: a read that holds a connection and a transaction lets them go
// as soon as the last row is encoded.
//
// The producer appends to B and calls Flush after each piece; Close sends the rest and waits
// for the writer. The handler must not return before Close.
type Pipe struct {
	// B is the chunk being written by the producer.
	B []byte

	w       http.ResponseWriter
	chunk   int
	queue   chan []byte
	free    chan []byte
	done    chan error
	started bool
	closed  bool
}

// NewPipe is a pipe to w that hands chunks of about chunk bytes to the writer, at most backlog
// of them queued.
func NewPipe(w http.ResponseWriter, chunk, backlog int) *Pipe {
	return &Pipe{B: make([]byte, 0, chunk+chunk/4), w: w, chunk: chunk,
		queue: make(chan []byte, backlog), free: make(chan []byte, backlog+1), done: make(chan error, 1)}
}

// errClientGone is what Flush answers once writing to the client has failed.
var errClientGone = errors.New("the client stopped reading the answer")

// Started tells whether anything went to the client: from then on the status is sent and a
// failure can only end the connection (see Abort).
func (p *Pipe) Started() bool { return p.started }

// Flush hands B to the writer when it holds a chunk; it fails once the client is gone.
func (p *Pipe) Flush() error {
	if len(p.B) < p.chunk {
		return nil
	}
	return p.send()
}

func (p *Pipe) send() error {
	if !p.started {
		p.started = true
		go p.write()
	}
	select {
	case err := <-p.done:
		p.done <- err
		return errClientGone
	default:
	}
	p.queue <- p.B
	select {
	case b := <-p.free:
		p.B = b[:0]
	default:
		p.B = make([]byte, 0, cap(p.B))
	}
	return nil
}

// write sends the queued chunks in order; after a failed write it only drains the queue.
func (p *Pipe) write() {
	var err error
	for b := range p.queue {
		if err == nil {
			if _, err = p.w.Write(b); err != nil {
				p.done <- err
			}
		}
		select {
		case p.free <- b:
		default:
		}
	}
	if err == nil {
		p.done <- nil
	}
}

// Close sends what is left in B and waits until the client has been handed everything; it
// answers the write's failure (the client went away), which handlers usually ignore.
func (p *Pipe) Close() error {
	if p.closed {
		return nil
	}
	p.closed = true
	if len(p.B) > 0 || !p.started {
		if err := p.send(); err != nil && !errors.Is(err, errClientGone) {
			return err
		}
	}
	close(p.queue)
	return <-p.done
}

// Abort ends an answer that failed after it started: the chunks already queued are written,
// then the connection is cut, so the client sees a broken answer instead of a complete-looking
// one. It does not return.
func (p *Pipe) Abort() {
	if !p.closed {
		p.closed = true
		close(p.queue)
		if p.started {
			<-p.done
		}
	}
	panic(http.ErrAbortHandler)
}
