package httpx

import (
	"errors"
	"io"
	"net/http"
	"os"
	"time"
)

// ErrSlowBody is a request body that fell behind the minimum rate.
var ErrSlowBody = errors.New("request body too slow")

// MinBodyRate cuts a request body that, after grace, arrives slower than rate bytes a second:
// a body trickled a byte at a time would otherwise hold a connection and a handler forever,
// while a fixed read timeout would cut large uploads on slow links. The connection's read
// deadline moves forward with every byte received.
func MinBodyRate(rate int64, grace time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil && r.Body != http.NoBody && rate > 0 {
				r.Body = &rateReader{ReadCloser: r.Body, rc: http.NewResponseController(w), start: time.Now(), rate: rate, grace: grace}
			}
			next.ServeHTTP(w, r)
		})
	}
}

type rateReader struct {
	io.ReadCloser
	rc    *http.ResponseController
	start time.Time
	rate  int64
	grace time.Duration
	n     int64
}

func (b *rateReader) Read(p []byte) (int, error) {
	due := b.start.Add(b.grace + time.Duration(float64(b.n)/float64(b.rate)*float64(time.Second)))
	// A writer that cannot set deadlines (a test recorder) reads without one.
	_ = b.rc.SetReadDeadline(due)
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return n, ErrSlowBody
	case err == io.EOF:
		// net/http now watches the idle connection for the client going away while the
		// handler works; a deadline left behind would read as that and cancel the request.
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}
