package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/xuri/excelize/v2"

	"its/core/db"
	"its/core/identity"
)

// Entry is one audit log entry as the admins read it.
type Entry struct {
	ID         int64           `json:"id"`
	At         time.Time       `json:"at"`
	ActorID    *string         `json:"actorId"`
	ActorName  string          `json:"actorName"`
	ActorEmail string          `json:"actorEmail"`
	Action     string          `json:"action"`
	ModelType  string          `json:"modelType"`
	ModelID    string          `json:"modelId"`
	Data       json.RawMessage `json:"data"`
}

// Filter narrows a listing; zero fields do not filter.
type Filter struct {
	Actor string    // an actor's id, or text in their e-mail or name
	Kind  string    // an action, or its prefix ending in '.' ("policies.")
	From  time.Time // entries at or after
	To    time.Time // entries before
	Text  string    // text anywhere in the action, model or data
	Limit int
}

// MaxExportRows bounds an export.
const MaxExportRows = 100_000

// Log reads the audit log and records refused requests. The log is append-only: nothing here
// changes or removes an entry, and the database refuses it (a trigger).
type Log struct {
	db  *pgxpool.Pool
	log *slog.Logger
}

// New gives the log.
func New(db *pgxpool.Pool, log *slog.Logger) *Log { return &Log{db: db, log: log} }

// Denied records a logged-in request its route's policy refused.
func (l *Log) Denied(ctx context.Context, u *identity.User, method, path, action string) {
	var actor any
	if u != nil {
		actor = u.ID
	}
	data, _ := json.Marshal(map[string]string{"method": method, "path": path, "action": action})
	if _, err := l.db.Exec(context.WithoutCancel(ctx), `INSERT INTO audit_log (actor_id, action, model_type, model_id, data) VALUES ($1, 'request.denied', 'Route', $2, $3)`,
		actor, method+" "+path, data); err != nil {
		l.log.Error("audit: recording a refused request", "error", err)
	}
}

// DecisionTimedOut records a policy decision refused because it ran past its deadline (an
// admin's policy with a slow branch): which action, for whom, after how long.
func (l *Log) DecisionTimedOut(ctx context.Context, u *identity.User, action string, after time.Duration) {
	var actor any
	if u != nil {
		actor = u.ID
	}
	data, _ := json.Marshal(map[string]any{"action": action, "afterMs": after.Milliseconds()})
	if _, err := l.db.Exec(context.WithoutCancel(ctx), `INSERT INTO audit_log (actor_id, action, model_type, model_id, data) VALUES ($1, 'authz.decision.deadline', 'Action', $2, $3)`,
		actor, action, data); err != nil {
		l.log.Error("audit: recording a decision past its deadline", "error", err)
	}
}

const listSQL = `SELECT a.id, a.at, a.actor_id::text, coalesce(trim(u.name || ' ' || u.last_name), ''), coalesce(u.email, ''),
		a.action, a.model_type, a.model_id, a.data
	FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
	WHERE ($1 = '' OR a.actor_id::text = $1 OR u.email ILIKE '%' || $2 || '%' OR (u.name || ' ' || u.last_name) ILIKE '%' || $2 || '%')
	  AND ($3 = '' OR a.action = $3 OR (right($3, 1) = '.' AND a.action LIKE $4 || '%'))
	  AND ($5::timestamptz IS NULL OR a.at >= $5)
	  AND ($6::timestamptz IS NULL OR a.at < $6)
	  AND ($7 = '' OR a.action ILIKE '%' || $8 || '%' OR a.model_type ILIKE '%' || $8 || '%' OR a.model_id ILIKE '%' || $8 || '%' OR a.data::text ILIKE '%' || $8 || '%')
	ORDER BY a.at DESC, a.id DESC
	LIMIT $9`

func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t
}

// each streams the entries f selects, newest first.
func (l *Log) each(ctx context.Context, f Filter, fn func(*Entry) error) error {
	rows, err := l.db.Query(ctx, listSQL, f.Actor, db.EscapeLike(f.Actor), f.Kind, db.EscapeLike(f.Kind),
		nullTime(f.From), nullTime(f.To), f.Text, db.EscapeLike(f.Text), f.Limit)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		e := &Entry{}
		if err := rows.Scan(&e.ID, &e.At, &e.ActorID, &e.ActorName, &e.ActorEmail, &e.Action, &e.ModelType, &e.ModelID, &e.Data); err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return rows.Err()
}

// List returns the entries f selects, newest first.
func (l *Log) List(ctx context.Context, f Filter) ([]*Entry, error) {
	out := []*Entry{}
	err := l.each(ctx, f, func(e *Entry) error { out = append(out, e); return nil })
	return out, err
}

// Export writes the entries f selects (at most MaxExportRows) as an .xlsx workbook, streamed
// row by row (excelize's StreamWriter spills to a temporary file), with the given header texts
// for: time, actor, e-mail, action, object type, object, details.
func (l *Log) Export(ctx context.Context, w io.Writer, f Filter, headers []string) error {
	f.Limit = MaxExportRows
	x := excelize.NewFile()
	defer x.Close()
	sw, err := x.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	bold, err := x.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	dateStyle, err := x.NewStyle(&excelize.Style{NumFmt: 22})
	if err != nil {
		return err
	}
	head := make([]any, len(headers))
	for i, h := range headers {
		head[i] = excelize.Cell{StyleID: bold, Value: h}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	row := 2
	err = l.each(ctx, f, func(e *Entry) error {
		cell, _ := excelize.CoordinatesToCellName(1, row)
		row++
		return sw.SetRow(cell, []any{
			excelize.Cell{StyleID: dateStyle, Value: e.At.UTC()}, e.ActorName, e.ActorEmail, e.Action, e.ModelType, e.ModelID, string(e.Data),
		})
	})
	if err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	if _, err := x.WriteTo(w); err != nil {
		return fmt.Errorf("audit export: %w", err)
	}
	return nil
}
