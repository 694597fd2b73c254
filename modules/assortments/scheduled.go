package assortments

import (
	"context"
	"time"

	"its/core/httpx"
)

// MarkScheduled records when the assortment's next scheduled document is due (nil: none), which
// puts it in the Scheduled list view; the documents module calls it when a schedule changes or
// runs. An unknown id changes nothing.
func (s *Service) MarkScheduled(ctx context.Context, id string, next *time.Time) error {
	if !httpx.IsUUID(id) {
		return nil
	}
	return s.store.markScheduled(ctx, id, next)
}
