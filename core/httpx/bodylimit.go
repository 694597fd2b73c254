package httpx

import (
	"context"
	"io"
	"net/http"
)

// limitedBody is a request body held to the server's size limit (body_limit_bytes), like
// http.MaxBytesReader, except that a route taking larger bodies may raise the limit before it
// reads (RaiseBodyLimit). Past the limit a read fails with *http.MaxBytesError and the answer
// closes the connection, so the rest of the body is never read.
type limitedBody struct {
	rc    io.ReadCloser
	w     http.ResponseWriter
	limit int64
	read  int64
	err   error
}

type limitedBodyKey struct{}

// limitBody puts r's body under limit and remembers it in r's context for RaiseBodyLimit.
func limitBody(w http.ResponseWriter, r *http.Request, limit int64) *http.Request {
	if r.Body == nil {
		return r
	}
	b := &limitedBody{rc: r.Body, w: w, limit: limit}
	r = r.WithContext(context.WithValue(r.Context(), limitedBodyKey{}, b))
	r.Body = b
	return r
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	// One byte more than the room left tells a body at the limit from one past it.
	if room := b.limit - b.read + 1; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := b.rc.Read(p)
	b.read += int64(n)
	if b.read > b.limit {
		n -= int(b.read - b.limit)
		b.read = b.limit
		b.err = &http.MaxBytesError{Limit: b.limit}
		b.w.Header().Set("Connection", "close")
		return n, b.err
	}
	if err != nil {
		b.err = err
	}
	return n, err
}

func (b *limitedBody) Close() error { return b.rc.Close() }

// RaiseBodyLimit lets r's body be up to n bytes instead of the server's body_limit_bytes: a
// route that takes large uploads in one request (a plugin bundle) calls it before reading, and
// keeps its own limit on what it reads. A lower n changes nothing; so does a request the base
// middleware did not limit (answered false).
func RaiseBodyLimit(r *http.Request, n int64) bool {
	b, _ := r.Context().Value(limitedBodyKey{}).(*limitedBody)
	if b == nil {
		return false
	}
	b.limit = max(b.limit, n)
	return true
}
