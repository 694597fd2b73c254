package sampleinventory

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/grid"
	"its/core/identity"
)

// Store is the sample inventory's SQL.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

var errNotFound = errors.New("sample not found")

// library answers the library a sample is in.
func (s *Store) library(ctx context.Context, id string) (string, error) {
	var lib string
	err := s.db.QueryRow(ctx, `SELECT library FROM sample_inventory WHERE id = $1::text::uuid`, id).Scan(&lib)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", errNotFound
	}
	return lib, err
}

// Change is one field's move in a tracking entry.
type Change struct {
	From any `json:"from"`
	To   any `json:"to"`
}

// entry is a tracking entry to write.
type entry struct {
	sampleID string
	library  string
	action   string
	changes  map[string]Change
	note     string
}

// track writes entries for user in one statement.
func (s *Store) track(ctx context.Context, tx pgx.Tx, u *identity.User, entries []entry) error {
	if len(entries) == 0 {
		return nil
	}
	ids := make([]string, len(entries))
	libs := make([]string, len(entries))
	actions := make([]string, len(entries))
	changes := make([]string, len(entries))
	notes := make([]string, len(entries))
	for i, e := range entries {
		ids[i], libs[i], actions[i], notes[i] = e.sampleID, e.library, e.action, e.note
		if e.changes == nil {
			e.changes = map[string]Change{}
		}
		b, err := json.Marshal(e.changes)
		if err != nil {
			return err
		}
		changes[i] = string(b)
	}
	var uid *string
	name, code := "", ""
	if u != nil {
		uid, name, code = &u.ID, u.FullName, u.UserCode
	}
	_, err := tx.Exec(ctx, `INSERT INTO sample_inventory_tracking (sample_id, library, action, changes, note, user_id, user_name, user_code)
		SELECT e.id::uuid, e.lib, e.action, e.changes::jsonb, e.note, $6::text::uuid, $7, $8
		FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS e(id, lib, action, changes, note)`,
		ids, libs, actions, changes, notes, uid, name, code)
	return err
}

// setActions stores each sample's last tracking action (without a version bump: it is a
// label, not an edit).
func (s *Store) setActions(ctx context.Context, tx pgx.Tx, ids, actions []string) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `UPDATE sample_inventory s SET tracking_action = v.action
		FROM unnest($1::text[], $2::text[]) AS v(id, action) WHERE s.id = v.id::uuid`, ids, actions)
	return err
}

// TrackingEntry is one line of a sample's history.
type TrackingEntry struct {
	ID       int64             `json:"id"`
	SampleID string            `json:"sampleId"`
	Library  string            `json:"library"`
	Action   string            `json:"action"`
	Changes  map[string]Change `json:"changes"`
	Note     string            `json:"note"`
	User     TrackingUser      `json:"user"`
	At       time.Time         `json:"at"`
}

// TrackingUser is who did it.
type TrackingUser struct {
	ID   *string `json:"id"`
	Name string  `json:"name"`
	Code string  `json:"userCode"`
}

const maxHistory = 500

// history lists a sample's tracking entries, newest first.
func (s *Store) history(ctx context.Context, id string) ([]TrackingEntry, error) {
	rows, err := s.db.Query(ctx, `SELECT id, sample_id::text, library, action, changes, note, user_id::text, user_name, user_code, at
		FROM sample_inventory_tracking WHERE sample_id = $1::text::uuid ORDER BY at DESC, id DESC LIMIT $2`, id, maxHistory)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (TrackingEntry, error) {
		var e TrackingEntry
		var changes []byte
		err := r.Scan(&e.ID, &e.SampleID, &e.Library, &e.Action, &changes, &e.Note, &e.User.ID, &e.User.Name, &e.User.Code, &e.At)
		if err == nil {
			err = json.Unmarshal(changes, &e.Changes)
		}
		return e, err
	})
}

// inLibrary keeps the ids of live (or, with deleted, any) samples of library.
func (s *Store) inLibrary(ctx context.Context, library string, ids []string) (map[string]bool, error) {
	rows, err := s.db.Query(ctx, `SELECT id::text FROM sample_inventory WHERE library = $1 AND id = ANY($2::text[]::uuid[])`, library, ids)
	if err != nil {
		return nil, err
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := map[string]bool{}
	for _, id := range found {
		out[id] = true
	}
	return out, err
}

const autocompleteLimit = 10

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// autocomplete answers up to 10 distinct values of a column starting with prefix (any case)
// among the library's live samples.
func (s *Store) autocomplete(ctx context.Context, library string, c *grid.Column, prefix string) ([]string, error) {
	return db.Select(ctx, s.db, psql.Select("DISTINCT "+c.Column).From("sample_inventory").
		Where(sq.Eq{"library": library}).Where(sq.NotEq{"status": statusDeleted}).
		Where(sq.Expr(c.Column+" ILIKE ?", escapeLike(prefix)+"%")).
		OrderBy(c.Column).Limit(autocompleteLimit), pgx.RowTo[string])
}

// existing answers which identity keys (see identityKey) already name a live sample of library.
func (s *Store) existing(ctx context.Context, library string, keys [][]string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(keys) == 0 {
		return out, nil
	}
	fields := identityFields[library]
	cols := make([][]string, len(fields))
	for _, k := range keys {
		for i := range fields {
			cols[i] = append(cols[i], k[i])
		}
	}
	var sel, on []string
	args := []any{library}
	for i, f := range fields {
		c := grids[library].Column(f)
		args = append(args, cols[i])
		sel = append(sel, "$"+strconv.Itoa(i+2)+"::text[]")
		on = append(on, "coalesce(lower(s."+c.Column+"::text), '') = k.c"+strconv.Itoa(i))
	}
	var names []string
	for i := range fields {
		names = append(names, "c"+strconv.Itoa(i))
	}
	q := `SELECT DISTINCT ` + strings.Join(prefixed("k.", names), ` || chr(31) || `) + `
		FROM unnest(` + strings.Join(sel, ", ") + `) AS k(` + strings.Join(names, ", ") + `)
		JOIN sample_inventory s ON s.library = $1 AND s.status <> 'Deleted' AND ` + strings.Join(on, " AND ")
	rows, err := s.db.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	for _, k := range found {
		out[k] = true
	}
	return out, err
}

func prefixed(p string, ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = p + s
	}
	return out
}
