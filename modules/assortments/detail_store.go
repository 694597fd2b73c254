package assortments

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
)

// detail is an assortment as a detail grid opens it: with its lock, its alerts and, when its rows
// follow, the per-style totals.
type detail struct {
	assortment *Assortment
	getErr     error // the assortment's read (not found is the caller's to answer)
	lock       *Lock
	alerts     []Alert
	styles     map[string]styleTotal
}

// openDetail begins a read-only snapshot on conn and reads id's detail in the round trip that
// begins it (a detail grid opens with this call: every round trip shows). The caller reads the
// rows in the same snapshot and rolls tx back.
func (s *Store) openDetail(ctx context.Context, conn *pgxpool.Conn, id, me string, withStyles bool) (pgx.Tx, detail, error) {
	var (
		batch   pgx.Batch
		d       detail
		lockErr error
	)
	batch.BeginTx(db.Snapshot)
	batch.Queue(`SELECT `+assortmentColumns+assortmentFrom+` WHERE a.id = $1`, id).QueryRow(func(r pgx.Row) error {
		d.assortment, d.getErr = scanAssortment(r)
		return nil
	})
	batch.Queue(lockSQL, id).QueryRow(func(r pgx.Row) error {
		d.lock, lockErr = scanLock(r, me)
		return lockErr
	})
	batch.Queue(alertsSQL, id).Query(func(rows pgx.Rows) error {
		var err error
		d.alerts, err = scanAlerts(rows)
		return err
	})
	if withStyles {
		batch.Queue(styleTotalsSQL, id).Query(func(rows pgx.Rows) error {
			var err error
			d.styles, err = scanStyleTotals(rows)
			return err
		})
	}
	br := conn.SendBatch(ctx, &batch)
	tx := br.Tx()
	if err := br.Close(); err != nil {
		_ = tx.Rollback(ctx)
		return nil, detail{}, err
	}
	return tx, d, nil
}
