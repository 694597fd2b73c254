package assortments

import (
	"context"

	"github.com/jackc/pgx/v5"

	"its/core/audit"
)

// Statistics events the server records itself (platform spec §9: adding styles by style,
// search or Excel, clearing alerts), inside the transaction of the change so an event exists
// only if the change does. Events the browser sees first go through POST /api/stats.

// statActions name the add-styles events by source.
var statActions = map[string]string{
	"style":  "stats.addStylesByStyle",
	"search": "stats.addStylesBySearch",
	"excel":  "stats.addStylesByExcel",
	"merge":  "stats.addStylesByMerge",
	"clone":  "stats.addStylesByStyle",
}

// statAction is the event of adding styles from source (by style when unknown).
func statAction(source string) string {
	if a, ok := statActions[source]; ok {
		return a
	}
	return statActions["style"]
}

// recordStat appends a statistics event about an assortment to the audit log.
func recordStat(ctx context.Context, tx pgx.Tx, actorID, action, assortmentID string, data map[string]any) error {
	data["assortment"] = assortmentID
	return audit.Record(ctx, tx, actorID, action, "Assortment", assortmentID, data)
}
