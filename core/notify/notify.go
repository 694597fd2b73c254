// Package notify writes user notifications (the shell's drawer reads them through the
// notifications module). Writers pass their transaction so a notification exists only if the
// change it tells about does.
package notify

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5"
)

// Notification is one message to one user. The drawer words it in the reader's language:
// Message is a message id of the shell's catalogs and Values the values it names. Title and
// Body are English words kept only for notifications that have no message id.
type Notification struct {
	UserID  string
	Type    string // e.g. SystemNotification
	Message string
	Values  map[string]any
	Title   string
	Body    string
	Link    string
}

// Send inserts n inside tx.
func Send(ctx context.Context, tx pgx.Tx, n Notification) error {
	if n.Message == "" && n.Title == "" {
		return errors.New("notify: a notification needs a message id")
	}
	values := n.Values
	if values == nil {
		values = map[string]any{}
	}
	raw, err := json.Marshal(values)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO notifications (user_id, type, message_id, message_values, title, body, link) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		n.UserID, n.Type, n.Message, raw, n.Title, n.Body, n.Link)
	return err
}
