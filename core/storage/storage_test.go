package storage_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jonboulle/clockwork"

	"its/core/storage"
	"its/core/storage/storagetest"
)

// fixture is a store plus how to reach its signed URLs.
type fixture struct {
	store storage.Store
	base  string // prefix for relative URLs (the local store's)
	// clock signs the store's URLs (and checks them, for the local store).
	clock *shiftedClock
}

// shiftedClock is the wall clock moved by what the test advances it: an S3 bucket checks the
// URLs the store signs on its own clock, so the store's must keep up with the wall clock.
type shiftedClock struct {
	clockwork.Clock
	by atomic.Int64
}

func newShiftedClock() *shiftedClock { return &shiftedClock{Clock: clockwork.NewRealClock()} }

func (c *shiftedClock) Now() time.Time { return c.Clock.Now().Add(time.Duration(c.by.Load())) }

func (c *shiftedClock) Advance(d time.Duration) { c.by.Add(int64(d)) }

func (f fixture) abs(u string) string {
	if strings.HasPrefix(u, "/") {
		return f.base + u
	}
	return u
}

func localFixture(t *testing.T) fixture {
	l, err := storage.NewLocal(t.TempDir(), []byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	clock := newShiftedClock()
	srv := httptest.NewServer(storage.NewHandler(l.WithClock(clock)))
	t.Cleanup(srv.Close)
	return fixture{store: l, base: srv.URL, clock: clock}
}

func s3Fixture(t *testing.T) fixture {
	srv := storagetest.StartS3(t)
	t.Log(srv.Describe())
	clock := newShiftedClock()
	return fixture{store: srv.Store(t).WithClock(clock), clock: clock}
}

func TestLocalContract(t *testing.T) { contract(t, localFixture(t)) }

func TestS3Contract(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an S3 gateway")
	}
	contract(t, s3Fixture(t))
}

func putPart(t *testing.T, f fixture, url string, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, f.abs(url), bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = int64(len(body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, res.Header.Get("ETag")
}

func get(t *testing.T, f fixture, url string) (int, []byte, http.Header) {
	t.Helper()
	res, err := http.Get(f.abs(url))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b, res.Header
}

func random(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

// contract is what every Store must do; it runs against each implementation.
func contract(t *testing.T, f fixture) {
	ctx := context.Background()
	s := f.store

	t.Run("put get stat delete", func(t *testing.T) {
		body := []byte("%PDF-1.4 a small document")
		if err := s.Put(ctx, "uploads/Documents/spec sheet.pdf", bytes.NewReader(body), int64(len(body)), "application/pdf"); err != nil {
			t.Fatal(err)
		}
		info, err := s.Stat(ctx, "uploads/Documents/spec sheet.pdf")
		if err != nil || info.Size != int64(len(body)) {
			t.Fatalf("stat: %+v %v", info, err)
		}
		rc, _, err := s.Get(ctx, "uploads/Documents/spec sheet.pdf")
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(got, body) {
			t.Fatalf("get: %q", got)
		}
		head, err := s.ReadHead(ctx, "uploads/Documents/spec sheet.pdf", 5)
		if err != nil || string(head) != "%PDF-" {
			t.Fatalf("head: %q %v", head, err)
		}
		if err := s.Delete(ctx, "uploads/Documents/spec sheet.pdf"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Stat(ctx, "uploads/Documents/spec sheet.pdf"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("stat after delete: %v", err)
		}
		if _, _, err := s.Get(ctx, "uploads/Documents/missing.pdf"); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("get missing: %v", err)
		}
		if err := s.Delete(ctx, "uploads/Documents/missing.pdf"); err != nil {
			t.Fatalf("delete missing: %v", err)
		}
	})

	t.Run("only images and PDFs are shown in place", func(t *testing.T) {
		for key, want := range map[string]string{
			"uploads/Logos/a.png": "inline", "uploads/Logos/a.jpg": "inline", "uploads/Sheets/a.pdf": "inline",
			"uploads/Logos/a.svg": "attachment", "uploads/Sheets/a.zip": "attachment", "uploads/Sheets/a.html": "attachment",
		} {
			if err := s.Put(ctx, key, strings.NewReader("x"), 1, ""); err != nil {
				t.Fatal(err)
			}
			u, err := s.SignedGetURL(ctx, key, "", time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			status, _, hdr := get(t, f, u)
			if disp := hdr.Get("Content-Disposition"); status != 200 || !strings.HasPrefix(disp, want+";") {
				t.Errorf("%s: %d disposition %q, want %s", key, status, disp, want)
			}
			if s.Driver() != "local" {
				continue
			}
			csp := hdr.Get("Content-Security-Policy")
			if hdr.Get("X-Content-Type-Options") != "nosniff" || (!strings.HasSuffix(key, ".pdf") && !strings.Contains(csp, "sandbox")) {
				t.Errorf("%s: nosniff %q, CSP %q", key, hdr.Get("X-Content-Type-Options"), csp)
			}
		}
	})

	t.Run("signed get url", func(t *testing.T) {
		body := []byte("\x89PNG\r\n\x1a\n not really a png")
		if err := s.Put(ctx, "uploads/Logos/logo.png", bytes.NewReader(body), int64(len(body)), "image/png"); err != nil {
			t.Fatal(err)
		}
		u, err := s.SignedGetURL(ctx, "uploads/Logos/logo.png", "Brand Logo.png", time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		status, got, hdr := get(t, f, u)
		if status != 200 || !bytes.Equal(got, body) {
			t.Fatalf("signed get: %d %q", status, got)
		}
		if !strings.Contains(hdr.Get("Content-Disposition"), "Brand Logo.png") {
			t.Fatalf("content-disposition: %q", hdr.Get("Content-Disposition"))
		}
		// A tampered URL is refused.
		status, _, _ = get(t, f, strings.Replace(u, "logo.png", "logo2.png", 1))
		if status != 403 && status != 404 {
			t.Fatalf("tampered url answered %d", status)
		}
		// An expired URL is refused: one signed for a second, 2.1 seconds ago (the clock set back
		// to sign it, then forward again, since an S3 bucket checks on the wall clock).
		f.clock.Advance(-2100 * time.Millisecond)
		old, err := s.SignedGetURL(ctx, "uploads/Logos/logo.png", "", time.Second)
		f.clock.Advance(2100 * time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if status, _, _ := get(t, f, old); status != 403 {
			t.Fatalf("expired url answered %d", status)
		}
	})

	t.Run("multipart complete", func(t *testing.T) {
		key := "uploads/GlobalRetailAsset/store window.jpg"
		id, err := s.CreateMultipart(ctx, key, "image/jpeg", 5<<20)
		if err != nil {
			t.Fatal(err)
		}
		p1, p2 := append([]byte{0xff, 0xd8, 0xff}, random(5<<20-3)...), random(1234)
		var parts []storage.Part
		for i, body := range [][]byte{p1, p2} {
			u, err := s.SignedPartURL(ctx, key, id, i+1, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			status, etag := putPart(t, f, u, body)
			if status != 200 || etag == "" {
				t.Fatalf("part %d: %d etag %q", i+1, status, etag)
			}
			parts = append(parts, storage.Part{Number: i + 1, ETag: etag})
		}
		listed, err := s.ListParts(ctx, key, id)
		if err != nil || len(listed) != 2 || listed[0].Number != 1 || listed[1].Size != 1234 {
			t.Fatalf("list parts: %+v %v", listed, err)
		}
		if err := s.CompleteMultipart(ctx, key, id, []storage.Part{{Number: 1, ETag: parts[0].ETag}, {Number: 2, ETag: `"wrong"`}}); err == nil {
			t.Fatal("complete with a wrong etag succeeded")
		}
		if err := s.CompleteMultipart(ctx, key, id, parts); err != nil {
			t.Fatal(err)
		}
		rc, info, err := s.Get(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(rc)
		rc.Close()
		if info.Size != int64(len(p1)+len(p2)) || !bytes.Equal(got, append(p1, p2...)) {
			t.Fatalf("assembled object differs: %d bytes", len(got))
		}
		if _, err := s.ListParts(ctx, key, id); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("parts after complete: %v", err)
		}
	})

	t.Run("multipart abort", func(t *testing.T) {
		key := "pictures/A123/logo.png"
		id, err := s.CreateMultipart(ctx, key, "image/png", 5<<20)
		if err != nil {
			t.Fatal(err)
		}
		u, _ := s.SignedPartURL(ctx, key, id, 1, time.Minute)
		if status, _ := putPart(t, f, u, random(1000)); status != 200 {
			t.Fatalf("part: %d", status)
		}
		if err := s.AbortMultipart(ctx, key, id); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ListParts(ctx, key, id); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("parts after abort: %v", err)
		}
		if _, err := s.Stat(ctx, key); !errors.Is(err, storage.ErrNotFound) {
			t.Fatalf("object after abort: %v", err)
		}
		if err := s.AbortMultipart(ctx, key, id); err != nil {
			t.Fatalf("second abort: %v", err)
		}
	})

	t.Run("unsafe keys refused", func(t *testing.T) {
		for _, k := range []string{"../etc/passwd", "/abs", "a//b", "a/./b", `a\b`} {
			if err := s.Put(ctx, k, strings.NewReader("x"), 1, ""); err == nil {
				t.Errorf("put %q succeeded", k)
			}
		}
	})
}

func TestSanitizeFilename(t *testing.T) {
	ok := map[string]string{
		"Spring 26 Lookbook.pdf":           "Spring 26 Lookbook.pdf",
		"résumé.png":                       "résumé.png",
		"a*b?c<d>.jpg":                     "a_b_c_d_.jpg",
		" trailing dot. ":                  "trailing dot",
		"tab\tname.png":                    "tab_name.png",
		strings.Repeat("x", 300) + ".jpeg": strings.Repeat("x", storage.MaxFilenameLength-5) + ".jpeg",
	}
	for in, want := range ok {
		got, err := storage.SanitizeFilename(in)
		if err != nil || got != want {
			t.Errorf("SanitizeFilename(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", ".", "..", "../x.png", `..\x.png`, "a/b.png", "***"} {
		if got, err := storage.SanitizeFilename(bad); err == nil {
			t.Errorf("SanitizeFilename(%q) = %q, want an error", bad, got)
		}
	}
	if _, err := storage.Segment("A-12_b"); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{"", "..", "a/b", "a b", "ü"} {
		if _, err := storage.Segment(bad); err == nil {
			t.Errorf("Segment(%q) accepted", bad)
		}
	}
}

// TestLocalCrashLeftovers replays what a server killed at the worst moments leaves in the local
// store: a part record cut short (the part must count as missing, not as stored with an empty
// ETag), and a completion cut between moving the data into place and removing the upload's
// folder (completing again must finish the job, not fail).
func TestLocalCrashLeftovers(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	l, err := storage.NewLocal(root, []byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(storage.NewHandler(l))
	t.Cleanup(srv.Close)
	f := fixture{store: l, base: srv.URL}
	key := "uploads/Documents/fit guide.pdf"
	id, err := l.CreateMultipart(ctx, key, "application/pdf", 5<<20)
	if err != nil {
		t.Fatal(err)
	}
	p1, p2 := append([]byte("%PDF-"), random(5<<20-5)...), random(4321)
	var parts []storage.Part
	for i, body := range [][]byte{p1, p2} {
		u, _ := l.SignedPartURL(ctx, key, id, i+1, time.Minute)
		status, etag := putPart(t, f, u, body)
		if status != 200 {
			t.Fatalf("part %d: %d", i+1, status)
		}
		parts = append(parts, storage.Part{Number: i + 1, ETag: etag})
	}
	dir := filepath.Join(root, "multipart", id)
	// Part 3's record was being written when the server died.
	if err := os.WriteFile(filepath.Join(dir, "3.etag"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "4.etag.tmp"), []byte(`"abc"`), 0o644); err != nil {
		t.Fatal(err)
	}
	listed, err := l.ListParts(ctx, key, id)
	if err != nil || len(listed) != 2 || listed[0].ETag != parts[0].ETag || listed[1].ETag != parts[1].ETag {
		t.Fatalf("parts after a cut record: %+v %v", listed, err)
	}
	if err := os.Remove(filepath.Join(dir, "3.etag")); err != nil {
		t.Fatal(err)
	}

	// The completion got as far as moving the data into place.
	total := int64(len(p1) + len(p2))
	if err := os.Truncate(filepath.Join(dir, "data"), total); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(root, "objects", filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "data"), dst); err != nil {
		t.Fatal(err)
	}
	if err := l.CompleteMultipart(ctx, key, id, parts); err != nil {
		t.Fatalf("completing again after a cut completion: %v", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the upload's folder is left: %v", err)
	}
	rc, _, err := l.Get(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	rc.Close()
	if !bytes.Equal(got, append(p1, p2...)) {
		t.Fatalf("object differs: %d bytes", len(got))
	}
	// A completion whose data went missing without an object in place is not passed off as done.
	id2, _ := l.CreateMultipart(ctx, "uploads/Documents/other.pdf", "application/pdf", 5<<20)
	u, _ := l.SignedPartURL(ctx, "uploads/Documents/other.pdf", id2, 1, time.Minute)
	_, etag := putPart(t, f, u, random(100))
	if err := os.Remove(filepath.Join(root, "multipart", id2, "data")); err != nil {
		t.Fatal(err)
	}
	if err := l.CompleteMultipart(ctx, "uploads/Documents/other.pdf", id2, []storage.Part{{Number: 1, ETag: etag}}); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("complete without data: %v", err)
	}
}
