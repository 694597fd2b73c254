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

// lockSources reads and locks the Production samples of a transfer.
func (s *Store) lockSources(ctx context.Context, tx pgx.Tx, samples []TransferSample) (map[string]*source, error) {
	ids := make([]string, len(samples))
	for i, smp := range samples {
		ids[i] = smp.ID
	}
	rows, err := tx.Query(ctx, `SELECT id::text, version, status, coalesce(total_qty, 0), style, color, size, side, mold_num, mold_date::text, bin
		FROM sample_inventory WHERE library = 'Production' AND id = ANY($1::text[]::uuid[]) ORDER BY id FOR UPDATE`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]*source{}
	for rows.Next() {
		src := &source{}
		var total int32
		if err := rows.Scan(&src.id, &src.version, &src.status, &total, &src.style, &src.color, &src.size, &src.side, &src.moldNum, &src.moldDate, &src.bin); err != nil {
			return nil, err
		}
		src.total = int64(total)
		out[src.id] = src
	}
	return out, rows.Err()
}

// findTarget finds (and locks) the live Sales sample with the source's identity at loc.
func (s *Store) findTarget(ctx context.Context, tx pgx.Tx, src *source, loc map[string]any) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `SELECT id::text FROM sample_inventory
		WHERE library = 'Sales' AND status <> 'Deleted' AND status IS NOT DISTINCT FROM $1
		AND lower(style) IS NOT DISTINCT FROM lower($2::text) AND lower(color) IS NOT DISTINCT FROM lower($3::text)
		AND lower(size) IS NOT DISTINCT FROM lower($4::text) AND side IS NOT DISTINCT FROM $5::text
		AND lower(mold_num) IS NOT DISTINCT FROM lower($6::text) AND mold_date IS NOT DISTINCT FROM $7::text::date
		AND lower(bin) IS NOT DISTINCT FROM lower($8::text) AND region IS NOT DISTINCT FROM $9::text
		AND lower(aisle) IS NOT DISTINCT FROM lower($10::text) AND direction IS NOT DISTINCT FROM $11::text
		AND lower(level) IS NOT DISTINCT FROM lower($12::text)
		LIMIT 1 FOR UPDATE`,
		src.status, src.style, src.color, src.size, src.side, src.moldNum, src.moldDate, src.bin,
		loc["region"], loc["aisle"], loc["direction"], loc["level"]).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// addToSales adds q to the Sales sample target and answers the quantity it held before.
func (s *Store) addToSales(ctx context.Context, tx pgx.Tx, target string, q int64, name string) (int64, error) {
	var before int64
	err := tx.QueryRow(ctx, `UPDATE sample_inventory SET total_qty = coalesce(total_qty, 0) + $2, on_hand_qty = coalesce(total_qty, 0) + $2,
		version = version + 1, updated_at = now(), updated_by_user = $3, tracking_action = $4
		WHERE id = $1::text::uuid RETURNING total_qty - $2`, target, q, name, actionFromProd).Scan(&before)
	return before, err
}

// keepInProduction leaves remaining of a Production sample (deleted when nothing remains).
func (s *Store) keepInProduction(ctx context.Context, tx pgx.Tx, id string, remaining int64, name string) error {
	_, err := tx.Exec(ctx, `UPDATE sample_inventory SET total_qty = $2, on_hand_qty = $2,
		status = CASE WHEN $2 = 0 THEN 'Deleted' ELSE status END,
		version = version + 1, updated_at = now(), updated_by_user = $3, tracking_action = $4 WHERE id = $1::text::uuid`,
		id, remaining, name, actionToSales)
	return err
}

// moveToSales moves a whole Production sample to Sales at loc.
func (s *Store) moveToSales(ctx context.Context, tx pgx.Tx, id string, loc map[string]any, name string) error {
	_, err := tx.Exec(ctx, `UPDATE sample_inventory SET library = 'Sales', region = $2, aisle = $3, direction = $4, level = $5, shelf = $6, new_bin = $7,
		version = version + 1, updated_at = now(), updated_by_user = $8, tracking_action = $9 WHERE id = $1::text::uuid`,
		id, loc["region"], loc["aisle"], loc["direction"], loc["level"], loc["shelf"], loc["newBin"], name, actionToSales)
	return err
}

// splitToSales copies a Production sample to Sales at loc with quantity q and answers the new
// sample's id.
func (s *Store) splitToSales(ctx context.Context, tx pgx.Tx, id string, q int64, loc map[string]any, userID *string, name string) (string, error) {
	var salesID string
	err := tx.QueryRow(ctx, `INSERT INTO sample_inventory (library, division, style, color, size, side, status, gender, mold_num, mold_date, bin,
			total_qty, on_hand_qty, region, aisle, direction, level, shelf, new_bin, tracking_action, created_by, created_by_user, updated_by_user)
		SELECT 'Sales', division, style, color, size, side, status, gender, mold_num, mold_date, bin,
			$2, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::uuid, $11, $11
		FROM sample_inventory WHERE id = $1::text::uuid RETURNING id::text`,
		id, q, loc["region"], loc["aisle"], loc["direction"], loc["level"], loc["shelf"], loc["newBin"], actionFromProd, userID, name).Scan(&salesID)
	return salesID, err
}
