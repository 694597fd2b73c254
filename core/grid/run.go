package grid

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
)

// Beginner starts transactions (a *pgxpool.Pool).
type Beginner = db.OptionsBeginner

// inSnapshot runs a read in a snapshot transaction: the count and the rows see the same data (a
// name of its own: the functions here call their Beginner db).
var inSnapshot = db.InSnapshot

// Row is one grid row: its values in the order of its fields, id and version first.
type Row struct {
	Fields []string
	Values []any
}

// Get returns field's value (nil when absent).
func (r Row) Get(field string) any {
	for i, f := range r.Fields {
		if f == field {
			return r.Values[i]
		}
	}
	return nil
}

// ID is the row's id.
func (r Row) ID() string { s, _ := r.Get("id").(string); return s }

// Version is the row's version.
func (r Row) Version() int64 { n, _ := r.Get("version").(int64); return n }

// Map returns the row as a map.
func (r Row) Map() map[string]any {
	m := make(map[string]any, len(r.Fields))
	for i, f := range r.Fields {
		m[f] = r.Values[i]
	}
	return m
}

// MarshalJSON writes the row as an object with its fields in order.
func (r Row) MarshalJSON() ([]byte, error) { return appendRow(nil, r.Fields, r.Values), nil }

// Page is the JSON answer of a query.
type Page struct {
	Rows       []Row   `json:"rows"`
	TotalCount int64   `json:"totalCount"`
	NextCursor *string `json:"nextCursor"`
}

// Page runs q (limit defaults to PageSize, at most MaxLimit) within scope, a condition the
// module adds (a partition, the user's rows).
func (g *Grid) Page(ctx context.Context, db Beginner, q Query, scope sq.Sqlizer) (*Page, error) {
	cq, err := g.compile(q, scope, g.MaxLimit)
	if err != nil {
		return nil, err
	}
	page := &Page{Rows: []Row{}}
	err = inSnapshot(ctx, db, func(tx pgx.Tx) error {
		var err error
		if page.TotalCount, err = cq.count(ctx, tx); err != nil {
			return err
		}
		query, args, err := cq.rowsSQL(selectExpr, cq.limit+1)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		names := cq.fieldNames()
		var last []any
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				return err
			}
			if len(page.Rows) == cq.limit {
				c := cq.cursorFor(last[0].(string), last[len(names):])
				page.NextCursor = &c
				break
			}
			page.Rows = append(page.Rows, Row{Fields: names, Values: vals[:len(names)]})
			last = vals
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return page, nil
}

func (cq *compiled) count(ctx context.Context, tx pgx.Tx) (int64, error) {
	query, args, err := cq.countSQL()
	if err != nil {
		return 0, err
	}
	var n int64
	err = tx.QueryRow(ctx, query, args...).Scan(&n)
	return n, err
}

// Stream flushing: the first row goes out at once; after that rows leave in chunks of this size
// or this age, whichever comes first.
const (
	streamChunk = 32 << 10
	streamAge   = 50 * time.Millisecond
)

// Stream answers q as NDJSON: {"totalCount":N}, then one row object per line, flushed as they
// come, then {"done":true,"count":n,"nextCursor":...}. A limit of 0 streams every row. Mistakes
// in q are returned before anything is written; a failure after the first line is written as
// {"error":{...}} and logged, and Stream returns nil (the status is already sent).
func (g *Grid) Stream(ctx context.Context, w http.ResponseWriter, db Beginner, q Query, scope sq.Sqlizer, log *slog.Logger) error {
	cq, err := g.compile(q, scope, 0)
	if err != nil {
		return err
	}
	return inSnapshot(ctx, db, func(tx pgx.Tx) error {
		total, err := cq.count(ctx, tx)
		if err != nil {
			return err
		}
		limit := 0
		if cq.limit > 0 {
			limit = cq.limit + 1
		}
		query, args, err := cq.rowsSQL(selectExpr, limit)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()

		h := w.Header()
		h.Set("Content-Type", "application/x-ndjson; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Content-Type-Options", "nosniff")
		w.WriteHeader(http.StatusOK)
		rc := http.NewResponseController(w)
		buf := make([]byte, 0, streamChunk+4096)
		lastFlush := time.Now()
		flush := func() error {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
			lastFlush = time.Now()
			if err := rc.Flush(); err != nil && err != http.ErrNotSupported {
				return err
			}
			return nil
		}
		buf = append(buf, `{"totalCount":`...)
		buf = strconv.AppendInt(buf, total, 10)
		buf = append(buf, "}\n"...)
		if err := flush(); err != nil {
			return nil // the client went away
		}
		names := cq.fieldNames()
		n := 0
		var next *string
		var last []any
		fail := func(err error) error {
			log.Error("grid stream failed", "grid", g.Name, "requestId", httpx.RequestID(ctx), "error", err)
			buf = append(buf, `{"error":{"message":"Unexpected Server Error","messageCode":"ITS_ERR_INTERNAL"}}`+"\n"...)
			_ = flush()
			return nil
		}
		for rows.Next() {
			vals, err := rows.Values()
			if err != nil {
				return fail(err)
			}
			if cq.limit > 0 && n == cq.limit {
				c := cq.cursorFor(last[0].(string), last[len(names):])
				next = &c
				break
			}
			buf = appendRow(buf, names, vals[:len(names)])
			buf = append(buf, '\n')
			n++
			last = vals
			if n == 1 || len(buf) >= streamChunk || time.Since(lastFlush) >= streamAge {
				if err := flush(); err != nil {
					return nil
				}
			}
		}
		if err := rows.Err(); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fail(err)
		}
		buf = append(buf, `{"done":true,"count":`...)
		buf = strconv.AppendInt(buf, int64(n), 10)
		buf = append(buf, `,"nextCursor":`...)
		if next != nil {
			buf = AppendString(buf, *next)
		} else {
			buf = append(buf, "null"...)
		}
		buf = append(buf, "}\n"...)
		_ = flush()
		return nil
	})
}

// appendRow writes {"field":value,...}; it is the one row encoder of pages, streams and batch
// answers, so a row looks the same everywhere.
func appendRow(buf []byte, names []string, vals []any) []byte {
	buf = append(buf, '{')
	for i, name := range names {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = AppendString(buf, name)
		buf = append(buf, ':')
		buf = appendValue(buf, vals[i])
	}
	return append(buf, '}')
}

func appendValue(buf []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(buf, "null"...)
	case string:
		return AppendString(buf, x)
	case int64:
		return strconv.AppendInt(buf, x, 10)
	case int32:
		return strconv.AppendInt(buf, int64(x), 10)
	case int16:
		return strconv.AppendInt(buf, int64(x), 10)
	case int:
		return strconv.AppendInt(buf, int64(x), 10)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return append(buf, "null"...)
		}
		return AppendFloat(buf, x)
	case float32:
		return appendValue(buf, float64(x))
	case bool:
		return strconv.AppendBool(buf, x)
	case time.Time:
		return AppendString(buf, x.UTC().Format(time.RFC3339Nano))
	case []string:
		buf = append(buf, '[')
		for i, s := range x {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = AppendString(buf, s)
		}
		return append(buf, ']')
	case []any:
		buf = append(buf, '[')
		for i, e := range x {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = appendValue(buf, e)
		}
		return append(buf, ']')
	}
	b, err := json.Marshal(v)
	if err != nil {
		return AppendString(buf, fmt.Sprint(v))
	}
	return append(buf, b...)
}

// Querier runs queries (a pool or a transaction).
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Rows reads whole rows by id within scope, in the order of ids; unknown ids are left out.
// Modules use it to answer writes they make with their own SQL in the grid's row shape.
func (g *Grid) Rows(ctx context.Context, conn Querier, ids []string, scope sq.Sqlizer) ([]Row, error) {
	names, list := g.fullRow()
	b := psql.Select(list).From(g.Table).Where(sq.Expr(g.IDColumn+" = ANY((?::text[])::"+g.IDType+"[])", ids))
	if scope != nil {
		b = b.Where(scope)
	}
	rows, err := db.Query(ctx, conn, b)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byID := map[string]Row{}
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return nil, err
		}
		r := Row{Fields: names, Values: vals}
		byID[r.ID()] = r
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]Row, 0, len(ids))
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}
