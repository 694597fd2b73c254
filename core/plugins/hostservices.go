package plugins

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/netip"
	"path"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/plugins/pluginapi"
	"its/core/storage"
)

// hostServices is the Host service of one plugin: the core's blob store inside the plugin's
// key prefix and SQL in the plugin's schema as the plugin's role.
type hostServices struct {
	id     string
	store  storage.Store
	pool   *pgxpool.Pool
	urlTTL time.Duration
}

// BlobPrefix is the key prefix of a plugin's blobs.
func BlobPrefix(id string) string { return "plugins/" + id + "/" }

func (h *hostServices) key(k string) (string, error) {
	clean := path.Clean("/" + k)
	if k == "" || strings.HasSuffix(k, "/") || clean != "/"+k {
		return "", fmt.Errorf("key %q: a plugin's blob key is a clean relative path", k)
	}
	return BlobPrefix(h.id) + k, nil
}

func (h *hostServices) StoragePut(ctx context.Context, o *pluginapi.StorageObject) error {
	k, err := h.key(o.Key)
	if err != nil {
		return err
	}
	if len(o.Data) > pluginapi.MaxStorageObject {
		return fmt.Errorf("key %q: larger than %d bytes", o.Key, pluginapi.MaxStorageObject)
	}
	ct := o.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	return h.store.Put(ctx, k, bytes.NewReader(o.Data), int64(len(o.Data)), ct)
}

func (h *hostServices) StorageGet(ctx context.Context, key *pluginapi.StorageKey) (*pluginapi.StorageObject, error) {
	k, err := h.key(key.Key)
	if err != nil {
		return nil, err
	}
	rc, info, err := h.store.Get(ctx, k)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, pluginapi.MaxStorageObject+1))
	if err != nil {
		return nil, err
	}
	if len(b) > pluginapi.MaxStorageObject {
		return nil, fmt.Errorf("key %q: larger than %d bytes; hand out a signed URL instead", key.Key, pluginapi.MaxStorageObject)
	}
	return &pluginapi.StorageObject{Key: key.Key, ContentType: info.ContentType, Data: b}, nil
}

func (h *hostServices) StorageDelete(ctx context.Context, key *pluginapi.StorageKey) error {
	k, err := h.key(key.Key)
	if err != nil {
		return err
	}
	return h.store.Delete(ctx, k)
}

func (h *hostServices) StorageSignedURL(ctx context.Context, r *pluginapi.SignedURLRequest) (*pluginapi.SignedURL, error) {
	k, err := h.key(r.Key)
	if err != nil {
		return nil, err
	}
	ttl := h.urlTTL
	if r.TTLSeconds > 0 && time.Duration(r.TTLSeconds)*time.Second < ttl {
		ttl = time.Duration(r.TTLSeconds) * time.Second
	}
	u, err := h.store.SignedGetURL(ctx, k, r.Filename, ttl)
	return &pluginapi.SignedURL{URL: u}, err
}

// inSchema runs fn in a transaction as the plugin's role in its schema.
func (h *hostServices) inSchema(ctx context.Context, s *pluginapi.Statement, fn func(pgx.Tx) error) error {
	if roleChange.MatchString(s.SQL) {
		return fmt.Errorf("a plugin's SQL may not change the database role or search_path")
	}
	return pgx.BeginFunc(ctx, h.pool, func(tx pgx.Tx) error {
		if err := asPlugin(ctx, tx, h.id); err != nil {
			return err
		}
		return fn(tx)
	})
}

func (h *hostServices) DBQuery(ctx context.Context, s *pluginapi.Statement) (*pluginapi.Rows, error) {
	out := &pluginapi.Rows{Rows: [][]any{}}
	err := h.inSchema(ctx, s, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, s.SQL, s.Args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for _, fd := range rows.FieldDescriptions() {
			out.Columns = append(out.Columns, fd.Name)
		}
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				return err
			}
			for i, v := range vals {
				vals[i] = jsonValue(v)
			}
			out.Rows = append(out.Rows, vals)
		}
		return rows.Err()
	})
	return out, err
}

func (h *hostServices) DBExec(ctx context.Context, s *pluginapi.Statement) (*pluginapi.ExecResult, error) {
	out := &pluginapi.ExecResult{}
	err := h.inSchema(ctx, s, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, s.SQL, s.Args...)
		out.RowsAffected = tag.RowsAffected()
		return err
	})
	return out, err
}

// jsonValue turns the values pgx scans into what JSON carries readably (uuids as text,
// addresses as text); the rest marshal as they are.
func jsonValue(v any) any {
	switch x := v.(type) {
	case [16]byte:
		return fmt.Sprintf("%x-%x-%x-%x-%x", x[0:4], x[4:6], x[6:8], x[8:10], x[10:16])
	case netip.Prefix:
		return x.String()
	}
	return v
}
