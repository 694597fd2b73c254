package httpx_test

import (
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"its/core/httpx"
)

type pair struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// handWritten is the handler Body replaces, written out as the handlers were.
func handWritten(fn func(*http.Request, pair) (any, error)) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var req pair
		if err := httpx.Decode(r, &req); err != nil {
			return err
		}
		res, err := fn(r, req)
		if err != nil {
			return err
		}
		httpx.Data(w, res)
		return nil
	}
}

// answerOf serves one request through the server's middleware and returns the status and body.
func answerOf(t *testing.T, h httpx.HandlerFunc, method, body string, limit int64) (int, string) {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	srv := httptest.NewServer(httpx.Base(log, limit)(httpx.Wrap(log, h)))
	defer srv.Close()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, srv.URL+"/x", rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set(httpx.RequestIDHeader, "handle-test")
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// TestBody: Body answers as the hand-written decode, call, Data did, byte for byte: a good
// body, malformed and refused bodies, an error of the service and a body over the limit.
func TestBody(t *testing.T) {
	failed := httpx.Conflict("Taken", map[string]string{"name": "x"})
	fn := func(_ *http.Request, p pair) (any, error) {
		if p.Name == "taken" {
			return nil, failed
		}
		if p.Name == "broken" {
			return nil, errors.New("disk on fire")
		}
		return map[string]any{"name": p.Name, "twice": p.Count * 2}, nil
	}
	body := httpx.Body(func(r *http.Request, p pair) (any, error) { return fn(r, p) })
	const limit = 64
	for _, c := range []struct {
		name, body string
		status     int
		want       string
	}{
		{"good", `{"name":"a","count":2}`, http.StatusOK, `{"data":{"name":"a","twice":4}}`},
		{"malformed", `{"name":`, http.StatusBadRequest, `"message":"Malformed JSON"`},
		{"unknown field", `{"nme":"a"}`, http.StatusBadRequest, `"message":"Unknown field \"nme\""`},
		{"wrong type", `{"count":"2"}`, http.StatusBadRequest, `"messageCode":"ITS_ERR_VALIDATION"`},
		{"empty", ``, http.StatusBadRequest, `"message":"Request body is empty"`},
		{"two values", `{} {}`, http.StatusBadRequest, `"message":"Request body must hold a single JSON value"`},
		{"service error", `{"name":"taken"}`, http.StatusConflict, `{"message":"Taken","messageCode":"ITS_ERR_CONFLICT","details":{"name":"x"},"requestId":"handle-test"}`},
		{"unknown error", `{"name":"broken"}`, http.StatusInternalServerError, `"message":"Unexpected Server Error"`},
		{"too large", `{"name":"` + strings.Repeat("a", limit) + `"}`, http.StatusRequestEntityTooLarge, `"message":"Request body is larger than 64 bytes"`},
	} {
		status, got := answerOf(t, body, "POST", c.body, limit)
		wantStatus, want := answerOf(t, handWritten(fn), "POST", c.body, limit)
		if status != c.status || !strings.Contains(got, c.want) {
			t.Errorf("%s: %d %s, want %d with %s", c.name, status, got, c.status, c.want)
		}
		if status != wantStatus || got != want {
			t.Errorf("%s: %d %s, the hand-written handler %d %s", c.name, status, got, wantStatus, want)
		}
	}
}

// streamed writes the list 0..n-1 itself, a number at a time.
type streamed struct{ n int }

func (s *streamed) WriteJSON(w io.Writer) error {
	_, _ = io.WriteString(w, "[")
	for i := range s.n {
		if i > 0 {
			_, _ = io.WriteString(w, ",")
		}
		_, _ = io.WriteString(w, strconv.Itoa(i))
	}
	_, err := io.WriteString(w, "]")
	return err
}

// TestGetAndAnswer: Get sends its result as data; an Answer result carries its message (left out
// when empty) and its status; errors pass through unchanged.
func TestGetAndAnswer(t *testing.T) {
	for _, c := range []struct {
		name   string
		h      httpx.HandlerFunc
		status int
		want   string
	}{
		{"data", httpx.Get(func(r *http.Request) ([]string, error) { return []string{r.Method}, nil }), http.StatusOK, `{"data":["GET"]}`},
		{"nil data", httpx.Get(func(*http.Request) (any, error) { return nil, nil }), http.StatusOK, `{"data":null}`},
		{"streamed data", httpx.Get(func(*http.Request) (*streamed, error) { return &streamed{3}, nil }), http.StatusOK, `{"data":[0,1,2]}`},
		{"error", httpx.Get(func(*http.Request) (any, error) { return nil, httpx.NotFound("Thing") }), http.StatusNotFound,
			`{"message":"Thing not found","messageCode":"ITS_ERR_NOT_FOUND","details":null,"requestId":"handle-test"}`},
		{"message", httpx.Get(func(*http.Request) (httpx.Answer, error) {
			return httpx.Answer{Message: "Saved", Data: map[string]bool{"saved": true}}, nil
		}), http.StatusOK, `{"data":{"saved":true},"message":"Saved"}`},
		{"created", httpx.Get(func(*http.Request) (httpx.Answer, error) {
			return httpx.Answer{Status: http.StatusCreated, Message: "Created", Data: 1}, nil
		}), http.StatusCreated, `{"data":1,"message":"Created"}`},
		{"no message", httpx.Get(func(*http.Request) (httpx.Answer, error) {
			return httpx.Answer{Status: http.StatusAccepted, Data: "queued"}, nil
		}), http.StatusAccepted, `{"data":"queued"}`},
		{"answer in a body call", httpx.Body(func(_ *http.Request, p pair) (httpx.Answer, error) {
			return httpx.Answer{Status: http.StatusCreated, Message: "Made " + p.Name, Data: p}, nil
		}), http.StatusCreated, `{"data":{"name":"x","count":0},"message":"Made x"}`},
	} {
		method, body := "GET", ""
		if strings.HasPrefix(c.name, "answer in") {
			method, body = "POST", `{"name":"x"}`
		}
		status, got := answerOf(t, c.h, method, body, 1<<20)
		if status != c.status || strings.TrimSpace(got) != c.want {
			t.Errorf("%s: %d %s, want %d %s", c.name, status, got, c.status, c.want)
		}
	}
}
