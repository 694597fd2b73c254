package httpx_test

import (
	"bufio"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"its/core/app/apptest"
	"its/modules/users"
)

// TestTrickledBodyIsCut: a body sent a byte at a time does not hold the connection open; the
// client gets a 408.
func TestTrickledBodyIsCut(t *testing.T) {
	a := apptest.Start(t, users.Module, "ITS_HTTP_BODY_GRACE=1s", "ITS_HTTP_BODY_MIN_BYTES_PER_SECOND=100")
	conn, err := net.Dial("tcp", strings.TrimPrefix(a.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte("POST /api/users/session HTTP/1.1\r\nHost: its\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(500 * time.Millisecond):
				if _, err := conn.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	// Generous: the point is that an answer comes at all, not how fast.
	_ = conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a trickled body: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("trickled body: %d", res.StatusCode)
	}
}
