// Package audit records who changed what, inside the transaction of the change itself.
package audit

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

// Record appends an entry to the audit log within tx; actorID may be empty for system changes.
func Record(ctx context.Context, tx pgx.Tx, actorID, action, modelType, modelID string, data any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	var actor any
	if actorID != "" {
		actor = actorID
	}
	_, err = tx.Exec(ctx, `INSERT INTO audit_log (actor_id, action, model_type, model_id, data) VALUES ($1, $2, $3, $4, $5)`,
		actor, action, modelType, modelID, b)
	return err
}
