package comments

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
)

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// ensureThread answers the id of t's thread, creating it; a comment on a resolved thread opens
// it again.
func ensureThread(ctx context.Context, tx pgx.Tx, t Thread) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO comment_threads (scope, object_id, row_id) VALUES ($1, $2, $3)
		ON CONFLICT (scope, object_id, row_id) DO UPDATE SET resolved_at = NULL, resolved_by = NULL
		RETURNING id`, t.Scope, t.Object, t.Row).Scan(&id)
	return id, err
}

func insertComment(ctx context.Context, tx pgx.Tx, thread int64, author, body string, mentions []string) error {
	_, err := tx.Exec(ctx, `INSERT INTO comments (thread_id, author_id, body, mentions) VALUES ($1, $2, $3, $4)`,
		thread, author, body, mentions)
	return err
}

func updateComment(ctx context.Context, tx pgx.Tx, id int64, body string, mentions []string) error {
	_, err := tx.Exec(ctx, `UPDATE comments SET body = $2, mentions = $3, edited_at = now() WHERE id = $1`, id, body, mentions)
	return err
}

func deleteComment(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `DELETE FROM comments WHERE id = $1`, id)
	return err
}

// Forget deletes, inside the owner's transaction, the threads of objects that are gone (their
// comments with them).
func Forget(ctx context.Context, tx pgx.Tx, scope string, objects []string) error {
	if len(objects) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `DELETE FROM comment_threads WHERE scope = $1 AND object_id = ANY($2)`, scope, objects)
	return err
}

// stored is a comment as its author's edit or delete loads it.
type stored struct {
	thread   Thread
	mentions []string
}

// ownComment locks comment id of the object's grid for a change by user: a comment of another
// grid or object is a 404, one of another author a 403.
func ownComment(ctx context.Context, tx pgx.Tx, scope, object string, id int64, user string) (*stored, error) {
	var c stored
	var author string
	err := tx.QueryRow(ctx, `SELECT t.scope, t.object_id, t.row_id, c.author_id::text, c.mentions::text[]
		FROM comments c JOIN comment_threads t ON t.id = c.thread_id
		WHERE c.id = $1 AND t.scope = $2 AND t.object_id = $3 FOR UPDATE OF c`, id, scope, object).
		Scan(&c.thread.Scope, &c.thread.Object, &c.thread.Row, &author, &c.mentions)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound("Comment")
	}
	if err != nil {
		return nil, err
	}
	if author != user {
		return nil, &httpx.Error{Status: http.StatusForbidden, Code: "ITS_ERR_FORBIDDEN", Message: "Only its author may change or delete a comment."}
	}
	return &c, nil
}

// setResolved marks t resolved by user, or open; it answers 0 when t has no thread.
func setResolved(ctx context.Context, tx pgx.Tx, t Thread, user string, resolved bool) (int64, error) {
	var by *string
	if resolved {
		by = &user
	}
	tag, err := tx.Exec(ctx, `UPDATE comment_threads SET resolved_by = $4,
		resolved_at = CASE WHEN $4::uuid IS NULL THEN NULL ELSE now() END
		WHERE scope = $1 AND object_id = $2 AND row_id = $3`, t.Scope, t.Object, t.Row, by)
	return tag.RowsAffected(), err
}

// view reads t's state and comments, oldest first.
func (s *Service) view(ctx context.Context, q querier, t Thread) (*View, error) {
	v := &View{Row: t.Row, Comments: []Comment{}}
	var by, byName *string
	var thread int64
	err := q.QueryRow(ctx, `SELECT t.id, t.resolved_at, t.resolved_by::text, NULLIF(trim(u.name || ' ' || u.last_name), '')
		FROM comment_threads t LEFT JOIN users u ON u.id = t.resolved_by
		WHERE t.scope = $1 AND t.object_id = $2 AND t.row_id = $3`, t.Scope, t.Object, t.Row).Scan(&thread, &v.ResolvedAt, &by, &byName)
	if errors.Is(err, pgx.ErrNoRows) {
		return v, nil
	}
	if err != nil {
		return nil, err
	}
	v.Resolved = v.ResolvedAt != nil
	if by != nil {
		v.ResolvedBy = &Person{ID: *by}
		if byName != nil {
			v.ResolvedBy.FullName = *byName
		}
	}
	rows, err := q.Query(ctx, `SELECT c.id, c.author_id::text, trim(u.name || ' ' || u.last_name), c.body, c.mentions::text[], c.created_at, c.edited_at
		FROM comments c JOIN users u ON u.id = c.author_id WHERE c.thread_id = $1 ORDER BY c.id`, thread)
	if err != nil {
		return nil, err
	}
	v.Comments, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Comment, error) {
		var c Comment
		var edited *time.Time
		err := r.Scan(&c.ID, &c.Author.ID, &c.Author.FullName, &c.Body, &c.Mentions, &c.CreatedAt, &edited)
		c.EditedAt, c.Mine = edited, c.Author.ID == me(ctx).ID
		return c, err
	})
	return v, err
}

// openCounts are the comments of each open thread of the object's grid, by row.
func openCounts(ctx context.Context, q querier, scope, object string) (map[string]int, error) {
	rows, err := q.Query(ctx, `SELECT t.row_id, count(*) FROM comment_threads t JOIN comments c ON c.thread_id = t.id
		WHERE t.scope = $1 AND t.object_id = $2 AND t.resolved_at IS NULL GROUP BY t.row_id`, scope, object)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	var row string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&row, &n}, func() error { out[row] = n; return nil })
	return out, err
}

// candidates are a page of the active users but one whose first, last or full name starts with
// prefix (case-insensitive), in name order.
func candidates(ctx context.Context, q querier, prefix, except string, offset, limit int) ([]*identity.User, error) {
	like := db.EscapeLike(prefix) + "%"
	return identity.ScanAll(q.Query(ctx, `SELECT `+identity.SelectUser+` FROM users u
		WHERE u.status = 'active' AND u.id::text <> $1
		  AND (u.name ILIKE $2 OR u.last_name ILIKE $2 OR (u.name || ' ' || u.last_name) ILIKE $2)
		ORDER BY lower(u.name), lower(u.last_name), u.id OFFSET $3 LIMIT $4`, except, like, offset, limit))
}
