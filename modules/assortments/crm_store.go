package assortments

import (
	"context"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// insertCRMSync adds a sync of assortment id asked by userID to the CRM outbox in tx, with the
// payload to send and the driver that takes it, and answers its row id.
func insertCRMSync(ctx context.Context, tx pgx.Tx, assortmentID, userID string, payload []byte, driver string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO assortment_crm_syncs (assortment_id, requested_by, payload, driver) VALUES ($1, $2, $3, $4)
		RETURNING id`, assortmentID, userID, payload, driver).Scan(&id)
	return id, err
}

// pendingCRMPayload answers the payload of outbox row id while it is pending; pgx.ErrNoRows
// when it is gone or no longer pending.
func pendingCRMPayload(ctx context.Context, db *pgxpool.Pool, id int64) ([]byte, error) {
	var body []byte
	err := db.QueryRow(ctx, `SELECT payload::text FROM assortment_crm_syncs WHERE id = $1 AND status = 'pending'`, id).Scan(&body)
	return body, err
}

// recordCRMAttempt notes one delivery attempt of outbox row id: its new status, the CRM's HTTP
// status (nil without an answer) and the error text.
func recordCRMAttempt(ctx context.Context, db *pgxpool.Pool, id int64, status string, lastStatus *int, text string) error {
	_, err := db.Exec(ctx, `UPDATE assortment_crm_syncs SET status = $2, attempts = attempts + 1, last_attempt_at = now(),
		last_status = $3, last_error = $4, sent_at = CASE WHEN $2 = 'sent' THEN now() END WHERE id = $1`, id, status, lastStatus, text)
	return err
}

func selectCRMSyncs() sq.SelectBuilder {
	return sq.Select("s.id", "s.assortment_id::text", "a.title", "s.requested_by::text", "s.driver", "s.status", "s.payload", "s.created_at",
		"s.sent_at", "s.attempts", "s.last_attempt_at", "s.last_status", "s.last_error").
		From("assortment_crm_syncs s").Join("assortments a ON a.id = s.assortment_id").
		OrderBy("s.id DESC").PlaceholderFormat(sq.Dollar)
}

func (s *Service) queryCRMSyncs(ctx context.Context, b sq.SelectBuilder) ([]CRMSyncEntry, error) {
	sql, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (CRMSyncEntry, error) {
		var e CRMSyncEntry
		err := r.Scan(&e.ID, &e.AssortmentID, &e.Title, &e.RequestedBy, &e.Driver, &e.Status, &e.Payload, &e.Requested, &e.SentAt,
			&e.Attempts, &e.LastAttemptAt, &e.LastStatus, &e.LastError)
		return e, err
	})
}
