package httpx

import (
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"
)

// statusWriter remembers the status for the access log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Flush lets streaming handlers (NDJSON) push rows as they come.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Base is the outermost middleware: request id, panic recovery, body limit and the access log.
func Base(log *slog.Logger, bodyLimit int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			r, _ = withRequestID(w, r)
			sw := &statusWriter{ResponseWriter: w}
			r = limitBody(sw, r, bodyLimit)
			defer func() {
				if p := recover(); p != nil {
					if p == http.ErrAbortHandler {
						// A handler cut an answer it had begun (Pipe.Abort): net/http drops the connection.
						log.WarnContext(r.Context(), "http answer aborted", "method", r.Method, "path", r.URL.Path, "bytes", sw.bytes)
						panic(p)
					}
					WriteError(sw, r, log, Internal(fmt.Errorf("panic: %v\n%s", p, debug.Stack())))
				}
				if r.URL.Path != "/api/health" {
					log.DebugContext(r.Context(), "http", "method", r.Method, "path", r.URL.Path, "status", sw.status, "bytes", sw.bytes, "ms", time.Since(start).Milliseconds())
				}
			}()
			next.ServeHTTP(sw, r)
		})
	}
}

// HandlerFunc is a handler that returns its failure; Wrap writes it as the envelope.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Wrap adapts h to http.Handler.
func Wrap(log *slog.Logger, h HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			WriteError(w, r, log, err)
		}
	}
}
