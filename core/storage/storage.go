// Package storage is ITS's blob store: one interface with a local-disk implementation (the
// default, whose signed, expiring URLs ITS serves itself under /blobs/) and an S3 implementation
// (presigned multipart part URLs straight to the bucket). Key names are built here from
// sanitised parts; nothing a client sends is used as a key as it is.
package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jonboulle/clockwork"
	"go.uber.org/fx"

	"its/core/config"
)

// ErrNotFound is returned for a missing object or multipart upload.
var ErrNotFound = errors.New("storage: not found")

// Info describes a stored object.
type Info struct {
	Key         string
	Size        int64
	ContentType string
	Modified    time.Time
}

// Part is one stored part of a multipart upload.
type Part struct {
	Number int    `json:"partNumber"`
	ETag   string `json:"etag"`
	Size   int64  `json:"size"`
}

// Store is a blob store. Implementations are safe for concurrent use.
type Store interface {
	// Driver is "local" or "s3"; Bucket the bucket name (the local store has one, "local").
	Driver() string
	Bucket() string
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Get(ctx context.Context, key string) (io.ReadCloser, Info, error)
	// ReadHead reads up to n bytes from the start of the object (for type sniffing).
	ReadHead(ctx context.Context, key string, n int) ([]byte, error)
	Stat(ctx context.Context, key string) (Info, error)
	// Delete removes an object; deleting a missing one is not an error.
	Delete(ctx context.Context, key string) error
	// SignedGetURL lets a browser download key as filename (empty: the key's last part) until ttl.
	SignedGetURL(ctx context.Context, key, filename string, ttl time.Duration) (string, error)

	// CreateMultipart starts an upload whose parts, but the last, are partSize bytes.
	CreateMultipart(ctx context.Context, key, contentType string, partSize int64) (uploadID string, err error)
	// SignedPartURL lets a browser PUT part (1-based) of the upload; the answer's ETag header is
	// what Complete needs back.
	SignedPartURL(ctx context.Context, key, uploadID string, part int, ttl time.Duration) (string, error)
	ListParts(ctx context.Context, key, uploadID string) ([]Part, error)
	CompleteMultipart(ctx context.Context, key, uploadID string, parts []Part) error
	// AbortMultipart removes the upload and every stored part; aborting a gone upload is not an error.
	AbortMultipart(ctx context.Context, key, uploadID string) error
}

// Params wire the store.
type Params struct {
	fx.In
	Config *config.Config
	Log    *slog.Logger
	// Clock signs URLs with their expiry (and checks it, for the local store).
	Clock clockwork.Clock
}

// New opens the configured store.
func New(p Params) (Store, *Handler, error) {
	c := p.Config.Storage
	switch c.Driver {
	case "s3":
		s, err := NewS3(context.Background(), S3Options{
			Bucket: c.Bucket, Endpoint: c.Endpoint, Region: c.Region, PathStyle: c.PathStyle,
			AccessKeyID: firstNonEmpty(c.AccessKeyID, os.Getenv("AWS_ACCESS_KEY_ID")),
			SecretKey:   firstNonEmpty(c.SecretAccessKey, os.Getenv("AWS_SECRET_ACCESS_KEY")),
		})
		if err != nil {
			return nil, nil, err
		}
		s.WithClock(p.Clock)
		p.Log.Info("blob store ready", "driver", "s3", "bucket", c.Bucket, "endpoint", c.Endpoint)
		// The handler still exists (answering 404) so the router needs no special case.
		return s, &Handler{}, nil
	default:
		secret, err := signingSecret(c.SigningSecret, p.Config.DataDir)
		if err != nil {
			return nil, nil, err
		}
		l, err := NewLocal(filepath.Join(p.Config.DataDir, "blobs"), secret)
		if err != nil {
			return nil, nil, err
		}
		l.WithClock(p.Clock)
		p.Log.Info("blob store ready", "driver", "local", "dir", l.root)
		return l, &Handler{local: l}, nil
	}
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// signingSecret is the configured secret, else one generated once into data_dir so signed URLs
// survive restarts.
func signingSecret(configured, dataDir string) ([]byte, error) {
	if configured != "" {
		return []byte(configured), nil
	}
	path := filepath.Join(dataDir, "blob-signing.key")
	if b, err := os.ReadFile(path); err == nil && len(strings.TrimSpace(string(b))) >= 32 {
		return []byte(strings.TrimSpace(string(b))), nil
	}
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	secret := hex.EncodeToString(raw)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) {
		// Another server process won the race: use its secret.
		b, err := os.ReadFile(path)
		return []byte(strings.TrimSpace(string(b))), err
	}
	if err != nil {
		return nil, fmt.Errorf("storage signing secret: %w", err)
	}
	defer f.Close()
	if _, err := f.WriteString(secret); err != nil {
		return nil, err
	}
	return []byte(secret), nil
}

// Module provides the Store and the handler for local signed URLs.
var Module = fx.Module("storage", fx.Provide(New))
