package policyversions

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/authz"
)

// Version is one stored policy version.
type Version struct {
	Version    int64       `json:"version"`
	CreatedAt  time.Time   `json:"createdAt"`
	AuthorID   *string     `json:"authorId"`
	AuthorName string      `json:"authorName"`
	Kind       string      `json:"kind"` // shipped, edit, rollback
	RollbackOf *int64      `json:"rollbackOf"`
	Comment    string      `json:"comment"`
	Live       bool        `json:"live"`
	Changed    []string    `json:"changed"` // files that differ from the previous version
	Files      authz.Files `json:"files,omitempty"`
	Diff       string      `json:"diff,omitempty"`
	hash       string
}

// Kinds of version.
const (
	KindShipped  = "shipped"
	KindEdit     = "edit"
	KindRollback = "rollback"
)

// ErrNotFound is a version that does not exist.
var ErrNotFound = errors.New("no such policy version")

// Store is the SQL of policy versions.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

const selectVersion = `v.version, v.created_at, v.author_id::text, coalesce(nullif(trim(u.name || ' ' || u.last_name), ''), u.email, ''),
	v.kind, v.rollback_of, v.comment, v.version = (SELECT max(version) FROM policy_versions), v.shipped_hash`

func scanVersion(row pgx.Row, extra ...any) (*Version, error) {
	v := &Version{}
	dest := append([]any{&v.Version, &v.CreatedAt, &v.AuthorID, &v.AuthorName, &v.Kind, &v.RollbackOf, &v.Comment, &v.Live, &v.hash}, extra...)
	if err := row.Scan(dest...); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return v, nil
}

// List returns every version, newest first, without files.
func (s *Store) List(ctx context.Context) ([]*Version, error) {
	rows, err := s.db.Query(ctx, `SELECT `+selectVersion+`, v.diff FROM policy_versions v LEFT JOIN users u ON u.id = v.author_id ORDER BY v.version DESC LIMIT 1000`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Version{}
	for rows.Next() {
		var diff string
		v, err := scanVersion(rows, &diff)
		if err != nil {
			return nil, err
		}
		v.Changed = changedFiles(diff)
		out = append(out, v)
	}
	return out, rows.Err()
}

// Get returns version n with its files and diff; n = 0 is the live version.
func (s *Store) Get(ctx context.Context, q querier, n int64) (*Version, error) {
	var files []byte
	var diff string
	v, err := scanVersion(q.QueryRow(ctx, `SELECT `+selectVersion+`, v.files, v.diff FROM policy_versions v LEFT JOIN users u ON u.id = v.author_id
		WHERE v.version = CASE WHEN $1 = 0 THEN (SELECT max(version) FROM policy_versions) ELSE $1 END`, n), &files, &diff)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(files, &v.Files); err != nil {
		return nil, err
	}
	v.Diff, v.Changed = diff, changedFiles(diff)
	return v, nil
}

// LiveNumber is the number of the live version, 0 when there is none.
func (s *Store) LiveNumber(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM policy_versions`).Scan(&n)
	return n, err
}

// lastShipped returns the newest version of kind shipped.
func (s *Store) lastShipped(ctx context.Context, q querier) (*Version, error) {
	var n int64
	if err := q.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM policy_versions WHERE kind = 'shipped'`).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	return s.Get(ctx, q, n)
}

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// lockLive takes the lock that serialises new versions and returns the live number, inside tx.
func (s *Store) lockLive(ctx context.Context, tx pgx.Tx) (int64, error) {
	if _, err := tx.Exec(ctx, `LOCK TABLE policy_versions IN EXCLUSIVE MODE`); err != nil {
		return 0, err
	}
	var n int64
	err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM policy_versions`).Scan(&n)
	return n, err
}

// insert adds v (its number, files, diff, hash) inside tx and notifies every server at commit.
func (s *Store) insert(ctx context.Context, tx pgx.Tx, v *Version) error {
	files, err := json.Marshal(v.Files)
	if err != nil {
		return err
	}
	if err := tx.QueryRow(ctx, `INSERT INTO policy_versions (version, author_id, kind, rollback_of, comment, files, shipped_hash, diff)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING created_at`,
		v.Version, v.AuthorID, v.Kind, v.RollbackOf, v.Comment, files, v.hash, v.Diff).Scan(&v.CreatedAt); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `SELECT pg_notify($1, $2)`, Channel, strconv.FormatInt(v.Version, 10))
	return err
}
