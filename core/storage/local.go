package storage

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jonboulle/clockwork"

	"its/core/httpx"
)

// URLPrefix is where the local store's signed URLs are served (outside /api: a signed URL is its
// own credential, so neither the session nor the CSRF check applies).
const URLPrefix = "/blobs/"

// Local keeps blobs as files under root/objects and multipart uploads under root/multipart.
type Local struct {
	root   string
	secret []byte
	clock  clockwork.Clock
}

// NewLocal opens (creating) a local store under root, signing URLs with secret.
func NewLocal(root string, secret []byte) (*Local, error) {
	if len(secret) < 16 {
		return nil, errors.New("storage: signing secret too short")
	}
	for _, d := range []string{"objects", "multipart", "tmp"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			return nil, err
		}
	}
	return &Local{root: root, secret: secret, clock: clockwork.NewRealClock()}, nil
}

func (l *Local) Driver() string { return "local" }
func (l *Local) Bucket() string { return "local" }

func (l *Local) objectPath(key string) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadName
	}
	return filepath.Join(l.root, "objects", filepath.FromSlash(key)), nil
}

func (l *Local) uploadDir(uploadID string) (string, error) {
	if len(uploadID) != 32 || strings.Trim(uploadID, "0123456789abcdef") != "" {
		return "", ErrNotFound
	}
	return filepath.Join(l.root, "multipart", uploadID), nil
}

// writeAtomic writes r to a temp file and renames it to dst, so readers never see half a file.
func (l *Local) writeAtomic(dst string, r io.Reader, size int64) (n int64, sum uint32, err error) {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return 0, 0, err
	}
	f, err := os.CreateTemp(filepath.Join(l.root, "tmp"), "w-")
	if err != nil {
		return 0, 0, err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	// CRC-32C is computed in hardware: the checksum costs next to nothing per part.
	h := crc32.New(crcTable)
	buf := make([]byte, 1<<20)
	n, err = io.CopyBuffer(f, io.TeeReader(r, h), buf)
	if err != nil {
		return n, 0, err
	}
	if size >= 0 && n != size {
		return n, 0, fmt.Errorf("storage: got %d bytes, want %d", n, size)
	}
	if err = f.Close(); err != nil {
		return n, 0, err
	}
	if err = os.Rename(f.Name(), dst); err != nil {
		return n, 0, err
	}
	return n, h.Sum32(), nil
}

var crcTable = crc32.MakeTable(crc32.Castagnoli)

func (l *Local) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	p, err := l.objectPath(key)
	if err != nil {
		return err
	}
	_, _, err = l.writeAtomic(p, r, size)
	return err
}

func (l *Local) Get(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	p, err := l.objectPath(key)
	if err != nil {
		return nil, Info{}, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Info{}, ErrNotFound
	}
	if err != nil {
		return nil, Info{}, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Info{}, err
	}
	return f, Info{Key: key, Size: st.Size(), Modified: st.ModTime(), ContentType: typeByKey(key)}, nil
}

func typeByKey(key string) string {
	if t := mime.TypeByExtension(path.Ext(key)); t != "" {
		return t
	}
	return "application/octet-stream"
}

func (l *Local) ReadHead(ctx context.Context, key string, n int) ([]byte, error) {
	rc, _, err := l.Get(ctx, key)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	buf := make([]byte, n)
	m, err := io.ReadFull(rc, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:m], nil
}

func (l *Local) Stat(ctx context.Context, key string) (Info, error) {
	p, err := l.objectPath(key)
	if err != nil {
		return Info{}, err
	}
	st, err := os.Stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return Info{}, ErrNotFound
	}
	if err != nil {
		return Info{}, err
	}
	return Info{Key: key, Size: st.Size(), Modified: st.ModTime(), ContentType: typeByKey(key)}, nil
}

func (l *Local) Delete(ctx context.Context, key string) error {
	p, err := l.objectPath(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// sign is the URL signature over the method, the resource and the expiry.
func (l *Local) sign(parts ...string) string {
	m := hmac.New(sha256.New, l.secret)
	m.Write([]byte(strings.Join(parts, "\n")))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// WithClock makes l sign and check its URLs' expiry on clock (the wall clock by default).
func (l *Local) WithClock(clock clockwork.Clock) *Local {
	l.clock = clock
	return l
}

func (l *Local) SignedGetURL(ctx context.Context, key, filename string, ttl time.Duration) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadName
	}
	exp := strconv.FormatInt(l.clock.Now().Add(ttl).Unix(), 10)
	q := url.Values{"exp": {exp}, "sig": {l.sign("GET", key, filename, exp)}}
	if filename != "" {
		q.Set("fn", filename)
	}
	return URLPrefix + "o/" + escapeKey(key) + "?" + q.Encode(), nil
}

func escapeKey(key string) string {
	segs := strings.Split(key, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

type localUpload struct {
	Key         string    `json:"key"`
	ContentType string    `json:"contentType"`
	PartSize    int64     `json:"partSize"`
	Created     time.Time `json:"created"`
}

// CreateMultipart prepares one data file per upload: each part is written at its own offset
// ((n-1) x partSize), so completing needs no copy, only a truncate and a rename.
func (l *Local) CreateMultipart(ctx context.Context, key, contentType string, partSize int64) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadName
	}
	if partSize <= 0 {
		return "", errors.New("storage: part size must be positive")
	}
	raw := make([]byte, 16)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	id := hex.EncodeToString(raw)
	dir, _ := l.uploadDir(id)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "data"), nil, 0o644); err != nil {
		return "", err
	}
	b, _ := json.Marshal(localUpload{Key: key, ContentType: contentType, PartSize: partSize, Created: time.Now()})
	if err := os.WriteFile(filepath.Join(dir, "upload.json"), b, 0o644); err != nil {
		return "", err
	}
	return id, nil
}

func (l *Local) meta(uploadID string) (string, *localUpload, error) {
	dir, err := l.uploadDir(uploadID)
	if err != nil {
		return "", nil, err
	}
	b, err := os.ReadFile(filepath.Join(dir, "upload.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, ErrNotFound
	}
	if err != nil {
		return "", nil, err
	}
	var u localUpload
	if err := json.Unmarshal(b, &u); err != nil {
		return "", nil, err
	}
	return dir, &u, nil
}

func (l *Local) upload(key, uploadID string) (string, error) {
	dir, u, err := l.meta(uploadID)
	if err != nil {
		return "", err
	}
	if u.Key != key {
		return "", ErrNotFound
	}
	return dir, nil
}

// MaxParts bounds the part numbers of one upload, as S3 does.
const MaxParts = 10000

func (l *Local) SignedPartURL(ctx context.Context, key, uploadID string, part int, ttl time.Duration) (string, error) {
	if part < 1 || part > MaxParts {
		return "", fmt.Errorf("storage: part %d out of range", part)
	}
	if _, err := l.upload(key, uploadID); err != nil {
		return "", err
	}
	exp := strconv.FormatInt(l.clock.Now().Add(ttl).Unix(), 10)
	n := strconv.Itoa(part)
	q := url.Values{"exp": {exp}, "sig": {l.sign("PUT", uploadID, n, exp)}}
	return URLPrefix + "part/" + uploadID + "/" + n + "?" + q.Encode(), nil
}

// putPart writes one part at its offset in the upload's data file and returns its ETag. A part
// longer than the part size is refused (it would overwrite the next one).
func (l *Local) putPart(uploadID string, part int, r io.Reader) (string, error) {
	dir, u, err := l.meta(uploadID)
	if err != nil {
		return "", err
	}
	f, err := os.OpenFile(filepath.Join(dir, "data"), os.O_WRONLY, 0)
	if err != nil {
		return "", ErrNotFound
	}
	defer f.Close()
	n := strconv.Itoa(part)
	// A re-sent part replaces the old one: forget its etag first, so a crash mid-write leaves
	// the part missing rather than wrong.
	if err := os.Remove(filepath.Join(dir, n+".etag")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	w := io.NewOffsetWriter(f, int64(part-1)*u.PartSize)
	// CRC-32C is computed in hardware: the checksum costs next to nothing per part.
	h := crc32.New(crcTable)
	buf := make([]byte, 1<<20)
	size, err := io.CopyBuffer(w, io.TeeReader(io.LimitReader(r, u.PartSize+1), h), buf)
	if err != nil {
		return "", err
	}
	if size > u.PartSize {
		return "", ErrBadParts
	}
	etag := fmt.Sprintf(`"%08x%x"`, h.Sum32(), size)
	// Written aside and renamed: a crash mid-write must not leave a part listed with an empty
	// ETag or size.
	tmp := filepath.Join(dir, n+".etag.tmp")
	if err := os.WriteFile(tmp, []byte(etag+"\n"+strconv.FormatInt(size, 10)), 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, filepath.Join(dir, n+".etag")); err != nil {
		return "", err
	}
	return etag, nil
}

func (l *Local) ListParts(ctx context.Context, key, uploadID string) ([]Part, error) {
	dir, err := l.upload(key, uploadID)
	if err != nil {
		return nil, err
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	parts := []Part{}
	for _, e := range ents {
		num, ok := strings.CutSuffix(e.Name(), ".etag")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(num)
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		etag, sz, _ := strings.Cut(string(b), "\n")
		size, err := strconv.ParseInt(sz, 10, 64)
		if err != nil || etag == "" {
			continue // not a whole record: the part counts as missing and is sent again
		}
		parts = append(parts, Part{Number: n, ETag: etag, Size: size})
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].Number < parts[j].Number })
	return parts, nil
}

// ErrBadParts is returned when Complete's part list does not match the stored parts.
var ErrBadParts = errors.New("storage: parts do not match the upload")

func (l *Local) CompleteMultipart(ctx context.Context, key, uploadID string, parts []Part) error {
	dir, u, err := l.meta(uploadID)
	if err != nil || u.Key != key {
		return ErrNotFound
	}
	stored, err := l.ListParts(ctx, key, uploadID)
	if err != nil {
		return err
	}
	byNum := map[int]Part{}
	for _, p := range stored {
		byNum[p.Number] = p
	}
	if len(parts) == 0 {
		return ErrBadParts
	}
	// The data file holds part n at (n-1) x partSize: the listed parts must be 1..N, each full
	// but the last.
	var total int64
	for i, p := range parts {
		sp, ok := byNum[p.Number]
		if !ok || p.Number != i+1 || strings.Trim(sp.ETag, `"`) != strings.Trim(p.ETag, `"`) {
			return ErrBadParts
		}
		if i < len(parts)-1 && sp.Size != u.PartSize {
			return ErrBadParts
		}
		total += sp.Size
	}
	dst, err := l.objectPath(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	data := filepath.Join(dir, "data")
	if _, err := os.Stat(data); errors.Is(err, fs.ErrNotExist) {
		// A completion a crash cut short after the rename: the object is in place, only the
		// upload's folder is left to remove.
		if st, err := os.Stat(dst); err == nil && st.Size() == total {
			return os.RemoveAll(dir)
		}
		return ErrNotFound
	}
	if err := os.Truncate(data, total); err != nil {
		return err
	}
	if err := os.Rename(data, dst); err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

func (l *Local) AbortMultipart(ctx context.Context, key, uploadID string) error {
	dir, err := l.upload(key, uploadID)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return os.RemoveAll(dir)
}

// Handler serves the local store's signed URLs (a 404 for everything with the S3 driver).
type Handler struct{ local *Local }

// NewHandler serves l's signed URLs.
func NewHandler(l *Local) *Handler { return &Handler{local: l} }

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h.local == nil {
		http.NotFound(w, r)
		return
	}
	rest := strings.TrimPrefix(r.URL.EscapedPath(), URLPrefix)
	q := r.URL.Query()
	exp, sig := q.Get("exp"), q.Get("sig")
	e, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || h.local.clock.Now().Unix() > e {
		http.Error(w, "This link has expired.", http.StatusForbidden)
		return
	}
	switch {
	case strings.HasPrefix(rest, "o/") && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		key, err := url.PathUnescape(strings.TrimPrefix(rest, "o/"))
		if err != nil || !ValidKey(key) {
			http.NotFound(w, r)
			return
		}
		fn := q.Get("fn")
		if !hmac.Equal([]byte(sig), []byte(h.local.sign("GET", key, fn, exp))) {
			http.Error(w, "Invalid signature.", http.StatusForbidden)
			return
		}
		rc, info, err := h.local.Get(r.Context(), key)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		defer rc.Close()
		if fn == "" {
			fn = path.Base(key)
		}
		SetBlobHeaders(w.Header(), info.ContentType, fn)
		w.Header().Set("Cache-Control", "private, max-age=300")
		http.ServeContent(w, r, "", info.Modified, rc.(io.ReadSeeker))
	case strings.HasPrefix(rest, "part/") && r.Method == http.MethodPut:
		id, n, _ := strings.Cut(strings.TrimPrefix(rest, "part/"), "/")
		part, err := strconv.Atoi(n)
		if err != nil || part < 1 || part > MaxParts {
			http.NotFound(w, r)
			return
		}
		if !hmac.Equal([]byte(sig), []byte(h.local.sign("PUT", id, n, exp))) {
			http.Error(w, "Invalid signature.", http.StatusForbidden)
			return
		}
		etag, err := h.local.putPart(id, part, r.Body)
		if errors.Is(err, ErrNotFound) {
			http.Error(w, "No such upload.", http.StatusNotFound)
			return
		}
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				http.Error(w, "Part too large.", http.StatusRequestEntityTooLarge)
				return
			}
			if errors.Is(err, httpx.ErrSlowBody) {
				http.Error(w, "Part arrived too slowly.", http.StatusRequestTimeout)
				return
			}
			http.Error(w, "Part not stored.", http.StatusInternalServerError)
			return
		}
		w.Header().Set("ETag", etag)
		w.Header().Set("Access-Control-Expose-Headers", "ETag")
		w.WriteHeader(http.StatusOK)
	default:
		http.NotFound(w, r)
	}
}
