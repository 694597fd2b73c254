package assortments

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/httpx"
	liverows "its/core/live"
)

// MarkScheduled records when the assortment's next scheduled document is due (nil: none), which
// puts it in the Scheduled list view; the documents module calls it when a schedule changes or
// runs. An unknown id changes nothing; a new date tells the assortment's open lists.
func (s *Service) MarkScheduled(ctx context.Context, id string, next *time.Time) error {
	if !httpx.IsUUID(id) {
		return nil
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		channel, orgType, changed, err := s.store.markScheduled(ctx, tx, id, next)
		if err != nil || !changed {
			return err
		}
		return liverows.Publish(ctx, tx, liverows.Event{Topic: ListTopic(orgType, channel), Grid: listGrid.Name, ActorID: me(ctx).ID,
			Updated: []string{id}, Fields: []string{"scheduledDate"}})
	})
}
