package httpx_test

import (
	"bytes"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"its/core/httpx"
)

// piece is the i-th piece a test handler writes: its number and filler.
func piece(i int) []byte {
	return append(strconv.AppendInt(nil, int64(i), 10), bytes.Repeat([]byte{'x'}, 1000)...)
}

func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(httpx.Base(slog.New(slog.DiscardHandler), 1<<20)(h))
	t.Cleanup(srv.Close)
	return srv
}

func TestPipe(t *testing.T) {
	const pieces = 3000

	t.Run("a large answer arrives whole and in order", func(t *testing.T) {
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			p := httpx.NewPipe(w, 16<<10, 8)
			for i := 0; i < pieces; i++ {
				p.B = append(p.B, piece(i)...)
				if err := p.Flush(); err != nil {
					t.Error(err)
					return
				}
			}
			if err := p.Close(); err != nil {
				t.Error(err)
			}
		})
		res, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		var want []byte
		for i := 0; i < pieces; i++ {
			want = append(want, piece(i)...)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("got %d bytes, want %d (equal: false)", len(got), len(want))
		}
	})

	t.Run("the producer does not wait for a client that is slow to read", func(t *testing.T) {
		produced := make(chan time.Duration, 1)
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			p := httpx.NewPipe(w, 64<<10, 64) // room for the whole 3 MB answer
			for i := 0; i < pieces; i++ {
				p.B = append(p.B, piece(i)...)
				if err := p.Flush(); err != nil {
					t.Error(err)
				}
			}
			produced <- time.Since(start)
			_ = p.Close()
		})
		res, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		// The client reads nothing until the producer is done: TCP buffers hold far less than
		// 3 MB, so a producer writing straight to the connection would never finish.
		select {
		case <-produced:
		case <-time.After(20 * time.Second):
			t.Fatal("the producer waited for the client")
		}
		n, err := io.Copy(io.Discard, res.Body)
		want := 0
		for i := 0; i < pieces; i++ {
			want += len(piece(i))
		}
		if err != nil || n != int64(want) {
			t.Fatalf("read %d bytes, want %d: %v", n, want, err)
		}
	})

	t.Run("an answer that fails after it began is cut off, not completed", func(t *testing.T) {
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			p := httpx.NewPipe(w, 16<<10, 8)
			for i := 0; i < 100; i++ {
				p.B = append(p.B, piece(i)...)
				_ = p.Flush()
			}
			if !p.Started() {
				t.Error("100 kB in 16 kB chunks did not start the answer")
			}
			p.Abort()
		})
		res, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		_, err = io.ReadAll(res.Body)
		res.Body.Close()
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("reading a cut answer: %v, want unexpected EOF", err)
		}
	})

	t.Run("a failure before anything was sent is still an error answer", func(t *testing.T) {
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			p := httpx.NewPipe(w, 16<<10, 8)
			p.B = append(p.B, `{"data":`...)
			if p.Started() {
				t.Error("a few bytes started the answer")
			}
			httpx.WriteError(w, r, slog.New(slog.DiscardHandler), httpx.NotFound("Widget"))
		})
		res, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound || bytes.Contains(body, []byte(`{"data":`)) {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
	})

	t.Run("once the client is gone, Flush says so", func(t *testing.T) {
		flushErr := make(chan error, 1)
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			p := httpx.NewPipe(w, 16<<10, 2)
			var err error
			for i := 0; i < 200000 && err == nil; i++ {
				p.B = append(p.B, piece(i)...)
				err = p.Flush()
			}
			flushErr <- err
			_ = p.Close()
		})
		res, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 1000)
		_, _ = io.ReadFull(res.Body, buf)
		res.Body.Close() // goes away after the first kilobyte of some 200 MB
		select {
		case err := <-flushErr:
			if err == nil {
				t.Fatal("the producer wrote 200 MB to a client that had left")
			}
		case <-time.After(20 * time.Second):
			t.Fatal("Flush never noticed the client was gone")
		}
	})
}
