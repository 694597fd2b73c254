package notifications

import (
	"context"

	"github.com/jackc/pgx/v5"

	"its/core/notify"
	"its/core/registry"
)

// seed gives every demo account a few notifications so the drawer shows its states.
func seed(ctx context.Context, tx pgx.Tx, _ registry.SeedEnv) error {
	rows, err := tx.Query(ctx, `SELECT id::text FROM users`)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	msgs := []notify.Notification{
		{Type: "SampleOrderNotification", Message: "notifications.message.sampleShipped", Values: map[string]any{"orderNumber": "100245", "pairs": 2, "carrier": "UPS"},
			Link: "/orders/samples/active-orders"},
		{Type: "AssortmentNotification", Message: "notifications.message.assortmentShared", Values: map[string]any{"assortment": "Spring 26 Key Accounts"},
			Link: "/product/assortments/all"},
		{Type: "SystemNotification", Message: "notifications.message.welcome"},
	}
	for _, id := range ids {
		for _, m := range msgs {
			m.UserID = id
			if err := notify.Send(ctx, tx, m); err != nil {
				return err
			}
		}
	}
	_, err = tx.Exec(ctx, `UPDATE notifications SET state = 'Read' WHERE type = 'SystemNotification'`)
	return err
}
