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

	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/plugins/pluginapi"
	"its/core/storage"
)

// hostServices is the Host service of one plugin: the core's blob store inside the plugin's
// key prefix and SQL in the plugin's schema on connections logged in as the plugin's role.
type hostServices struct {
	id    string
	store storage.Store
	// db is the plugin's own pool (DBRole.Pool), never the core's.
	db     *pgxpool.Pool
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

// checkSQL refuses SQL that names a role change before it reaches the database (which would
// refuse it too: the plugin's connections log in as its role, a member of no other).
func checkSQL(s *pluginapi.Statement) error {
	if roleChange.MatchString(s.SQL) {
		return fmt.Errorf("a plugin's SQL may not change the database role or search_path")
	}
	return nil
}

// DBQuery and DBExec run one statement on the plugin's own pool (logged in as its role, in its
// schema), through the extended protocol even without arguments: several statements in one
// string are refused by the database.
func (h *hostServices) DBQuery(ctx context.Context, s *pluginapi.Statement) (*pluginapi.Rows, error) {
	out := &pluginapi.Rows{Rows: [][]any{}}
	if err := checkSQL(s); err != nil {
		return out, err
	}
	rows, err := h.db.Query(ctx, s.SQL, s.Args...)
	if err != nil {
		return out, err
	}
	defer rows.Close()
	for _, fd := range rows.FieldDescriptions() {
		out.Columns = append(out.Columns, fd.Name)
	}
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return out, err
		}
		for i, v := range vals {
			vals[i] = jsonValue(v)
		}
		out.Rows = append(out.Rows, vals)
	}
	return out, rows.Err()
}

func (h *hostServices) DBExec(ctx context.Context, s *pluginapi.Statement) (*pluginapi.ExecResult, error) {
	out := &pluginapi.ExecResult{}
	if err := checkSQL(s); err != nil {
		return out, err
	}
	// Query, not Exec: pgx sends an Exec without arguments through the simple protocol, which
	// runs several statements.
	rows, err := h.db.Query(ctx, s.SQL, s.Args...)
	if err != nil {
		return out, err
	}
	rows.Close()
	out.RowsAffected = rows.CommandTag().RowsAffected()
	return out, rows.Err()
}

// close closes the plugin's pool (its instance is shut down).
func (h *hostServices) close() { h.db.Close() }

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
