// Package notify writes user notifications (the shell's drawer reads them through the
// notifications module). Writers pass their transaction so a notification exists only if the
// change it tells about does.
package notify

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Notification is one message to one user.
type Notification struct {
	UserID string
	Type   string // e.g. SampleOrderNotification
	Title  string
	Body   string
	Link   string
}

// Send inserts n inside tx.
func Send(ctx context.Context, tx pgx.Tx, n Notification) error {
	_, err := tx.Exec(ctx, `INSERT INTO notifications (user_id, type, title, body, link) VALUES ($1, $2, $3, $4, $5)`,
		n.UserID, n.Type, n.Title, n.Body, n.Link)
	return err
}
