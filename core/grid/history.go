package grid

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
)

// The labels of how a change was made (ViaEdit … ViaRevert, and the list Vias) are the via enum
// of grid.yaml, which the grid kit's history panel shares.

// CheckVia answers the label of a batch: "" is an edit, a label outside Vias a 400 naming the
// field and the allowed values.
func CheckVia(via string) (string, error) {
	if via == "" {
		return ViaEdit, nil
	}
	if !slices.Contains(Vias, via) {
		return "", httpx.Invalid(httpx.FieldError{Field: "via", Rule: "oneOf",
			Message: fmt.Sprintf("via must be one of %s", strings.Join(Vias, ", "))})
	}
	return via, nil
}

// Trail says who writes a batch and how (see Vias); with one, Apply records every cell whose
// value changed in the grid's history, in the batch's transaction.
type Trail struct {
	// ActorID is the user's id ("" for the system).
	ActorID string
	Via     string
}

// record writes one history row per changed row of the batch's updates and soft deletes (a new
// row has no earlier value; a hard delete leaves no row), holding the fields whose value changed,
// in one statement. Values are compared and stored as the grid answers them, so a write of the
// same value is no change.
func (g *Grid) record(ctx context.Context, tx pgx.Tx, changes []*Change, t *Trail) error {
	var rowIDs, olds, news []string
	var ob, nb, ov, nv []byte
	for _, c := range changes {
		if len(c.Old) == 0 || c.ID == "" {
			continue
		}
		ob, nb = append(ob[:0], '{'), append(nb[:0], '{')
		for _, field := range sortedKeys(c.Old) {
			ov = appendValue(ov[:0], c.Old[field])
			nv = appendValue(nv[:0], c.Row.Get(field))
			if bytes.Equal(ov, nv) {
				continue
			}
			if len(ob) > 1 {
				ob, nb = append(ob, ','), append(nb, ',')
			}
			ob = append(append(AppendString(ob, field), ':'), ov...)
			nb = append(append(AppendString(nb, field), ':'), nv...)
		}
		if len(ob) == 1 {
			continue
		}
		rowIDs = append(rowIDs, c.ID)
		olds, news = append(olds, string(append(ob, '}'))), append(news, string(append(nb, '}')))
	}
	if len(rowIDs) == 0 {
		return nil
	}
	var actor any
	if t.ActorID != "" {
		actor = t.ActorID
	}
	via, err := CheckVia(t.Via)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO cell_history (grid, row_id, old_values, new_values, actor_id, via)
		SELECT $1, u.r, u.o::jsonb, u.n::jsonb, $2::uuid, $3
		FROM unnest($4::text[], $5::text[], $6::text[]) AS u(r, o, n)`,
		g.Name, actor, via, rowIDs, olds, news)
	return err
}

// HistoryEntry is one change of a cell, with the actor's display name. The cells one write
// changed share its ID.
type HistoryEntry struct {
	ID        int64           `json:"id"`
	RowID     string          `json:"rowId"`
	Field     string          `json:"field"`
	Old       json.RawMessage `json:"old"`
	New       json.RawMessage `json:"new"`
	ActorID   *string         `json:"actorId"`
	ActorName string          `json:"actorName"`
	Via       string          `json:"via"`
	At        time.Time       `json:"at"`
}

// HistoryQuery selects a row's writes, newest first: those that changed Field (all when ""),
// older than the write Before (0: from the newest), at most Limit (default and cap
// HistoryMaxLimit).
type HistoryQuery struct {
	RowID  string
	Field  string
	Before int64
	Limit  int
}

// HistoryPage is a page of a row's history: its writes' changed cells, newest first (the cells
// of one write in the grid's column order), and the Before of the next page when there may be
// one.
type HistoryPage struct {
	Entries []HistoryEntry `json:"entries"`
	Next    *int64         `json:"next"`
}

// HistoryMaxLimit is the most writes one history read answers.
const HistoryMaxLimit = 200

// ParseHistoryQuery reads a history route's query of row rowID: ?field= one field, ?before=
// older than that entry, ?limit= at most that many writes (capped at HistoryMaxLimit); a
// before or limit that is not a whole number from 1 is a 400 naming it.
func ParseHistoryQuery(q url.Values, rowID string) (HistoryQuery, error) {
	hq := HistoryQuery{RowID: rowID, Field: q.Get("field")}
	number := func(name string) (int64, error) {
		v := q.Get(name)
		if v == "" {
			return 0, nil
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return 0, httpx.Invalid(httpx.FieldError{Field: name, Rule: "integer", Message: name + " must be a whole number from 1"})
		}
		return n, nil
	}
	var err error
	if hq.Before, err = number("before"); err != nil {
		return hq, err
	}
	limit, err := number("limit")
	if err != nil {
		return hq, err
	}
	hq.Limit = int(min(limit, HistoryMaxLimit))
	return hq, nil
}

// History reads a row's writes newest first, keyset-paged on their id: one index range of
// (grid, row_id, id), whatever the length of the row's history.
func (g *Grid) History(ctx context.Context, q db.Queryer, hq HistoryQuery) (*HistoryPage, error) {
	if hq.Field != "" && g.byField[hq.Field] == nil {
		return nil, httpx.Invalid(httpx.FieldError{Field: "field", Rule: "unknown", Message: render("unknown", hq.Field, "")})
	}
	if hq.Limit <= 0 || hq.Limit > HistoryMaxLimit {
		hq.Limit = HistoryMaxLimit
	}
	before := hq.Before
	if before <= 0 {
		before = 1<<63 - 1
	}
	rows, err := q.Query(ctx, `SELECT h.id, h.old_values, h.new_values, h.actor_id::text,
			coalesce(trim(u.name || ' ' || u.last_name), ''), h.via, h.at
		FROM cell_history h LEFT JOIN users u ON u.id = h.actor_id
		WHERE h.grid = $1 AND h.row_id = $2 AND h.id < $3 AND ($4 = '' OR h.new_values ? $4)
		ORDER BY h.id DESC LIMIT $5`, g.Name, hq.RowID, before, hq.Field, hq.Limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	page := &HistoryPage{Entries: []HistoryEntry{}}
	n := 0
	for rows.Next() {
		var e HistoryEntry
		var olds, news map[string]json.RawMessage
		if err := rows.Scan(&e.ID, &olds, &news, &e.ActorID, &e.ActorName, &e.Via, &e.At); err != nil {
			return nil, err
		}
		n++
		e.RowID = hq.RowID
		for i := range g.Columns {
			f := g.Columns[i].Field
			nv, ok := news[f]
			if !ok || (hq.Field != "" && f != hq.Field) {
				continue
			}
			e.Field, e.Old, e.New = f, olds[f], nv
			page.Entries = append(page.Entries, e)
		}
		if n == hq.Limit {
			next := e.ID
			page.Next = &next
		}
	}
	return page, rows.Err()
}

// PruneHistory deletes the grid's history entries older than cutoff and answers how many. Ids
// grow with time, so the entries to go are those below the first id written since cutoff: a
// range of the primary key, not a scan of the table.
func (g *Grid) PruneHistory(ctx context.Context, q db.Execer, cutoff time.Time) (int64, error) {
	tag, err := q.Exec(ctx, `DELETE FROM cell_history WHERE grid = $1 AND id < coalesce(
			(SELECT min(id) FROM cell_history WHERE at >= $2),
			(SELECT max(id) + 1 FROM cell_history), 0)`, g.Name, cutoff)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}
