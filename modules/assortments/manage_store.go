package assortments

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/jackc/pgx/v5"

	"its/core/db"
)

// update sets columns of an assortment (nothing when set is empty), in a stable column order.
func (s *Store) update(ctx context.Context, tx pgx.Tx, id string, set map[string]any) error {
	if len(set) == 0 {
		return nil
	}
	b := psql.Update("assortments").Where("id = ?", id)
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b = b.Set(k, set[k])
	}
	_, err := db.Exec(ctx, tx, b)
	return err
}

// keepLabels clears the rows' labels that are not among names.
func (s *Store) keepLabels(ctx context.Context, tx pgx.Tx, id string, names []string) error {
	_, err := tx.Exec(ctx, `UPDATE assortment_products SET label = NULL, version = version + 1, modified_date = now()
		WHERE assortment_id = $1 AND label IS NOT NULL AND label <> '' AND NOT (label = ANY($2))`, id, names)
	return err
}

// othersLockInSubtree answers a live lock someone other than me holds on the entry or anything
// inside it; nil when there is none.
func (s *Store) othersLockInSubtree(ctx context.Context, tx pgx.Tx, id, me string) (*Lock, error) {
	var l Lock
	err := tx.QueryRow(ctx, `SELECT u.id::text, trim(u.name || ' ' || u.last_name), u.email, k.expires_at
		FROM assortment_locks k JOIN assortments a ON a.id = k.assortment_id JOIN users u ON u.id = k.user_id
		WHERE (a.id = $1 OR $1 = ANY(a.hierarchy)) AND k.user_id <> $2 AND k.expires_at > now() LIMIT 1`, id, me).
		Scan(&l.User.ID, &l.User.FullName, &l.User.Email, &l.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// setSubtreeState sets the state of an entry and of everything inside it.
func (s *Store) setSubtreeState(ctx context.Context, tx pgx.Tx, id, state string) error {
	_, err := tx.Exec(ctx, `UPDATE assortments SET state = $2, version = version + 1, modified_date = now()
		WHERE id = $1 OR $1 = ANY(hierarchy)`, id, state)
	return err
}

func (s *Store) stateOf(ctx context.Context, tx pgx.Tx, id string) (string, error) {
	var state string
	err := tx.QueryRow(ctx, `SELECT state FROM assortments WHERE id = $1`, id).Scan(&state)
	return state, err
}

// reparent gives an entry (and its content) the ancestor path prefix.
func (s *Store) reparent(ctx context.Context, tx pgx.Tx, id string, prefix []string) error {
	if _, err := tx.Exec(ctx, `UPDATE assortments SET hierarchy = $2::uuid[] || hierarchy[array_position(hierarchy, $1::uuid):]
		WHERE $1 = ANY(hierarchy)`, id, prefix); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE assortments SET hierarchy = $2::uuid[], modified_date = now() WHERE id = $1`, id, prefix)
	return err
}

// deleteSubtree deletes an entry and everything inside it; it answers the ids that went.
func (s *Store) deleteSubtree(ctx context.Context, tx pgx.Tx, id string) ([]string, error) {
	rows, err := tx.Query(ctx, `DELETE FROM assortments WHERE id = $1 OR $1 = ANY(hierarchy) RETURNING id::text`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// copyRows copies the rows of assortment from into assortment to.
func (s *Store) copyRows(ctx context.Context, tx pgx.Tx, from, to string) error {
	tag, err := tx.Exec(ctx, `INSERT INTO assortment_products (assortment_id, product_id, style, color, sort, thumbnail,
		print_image, cost, net_cost, suggested_retail, discount_percent, discount_amount, label, quantity, quantity_on_hand,
		style_note, color_note, collection_style_note, collection_color_note, pillar, store_type, starred, selected, display_group)
		SELECT $2, product_id, style, color, sort, thumbnail, print_image, cost, net_cost, suggested_retail, discount_percent,
		discount_amount, label, quantity, quantity_on_hand, style_note, color_note, collection_style_note, collection_color_note,
		pillar, store_type, starred, selected, display_group FROM assortment_products WHERE assortment_id = $1`, from, to)
	if err != nil {
		return err
	}
	return s.addRowCount(ctx, tx, to, tag.RowsAffected())
}

// productIDs lists the product ids of an assortment's rows.
func (s *Store) productIDs(ctx context.Context, tx pgx.Tx, id string) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT product_id FROM assortment_products WHERE assortment_id = $1`, id)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// releaseLock drops user's lock; the rows added while it was held stop being new.
func (s *Store) releaseLock(ctx context.Context, tx pgx.Tx, id, user string) error {
	tag, err := tx.Exec(ctx, `DELETE FROM assortment_locks WHERE assortment_id = $1 AND user_id = $2`, id, user)
	if err != nil || tag.RowsAffected() == 0 {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE assortment_products SET is_new = false WHERE assortment_id = $1 AND is_new`, id)
	return err
}

// takeLock takes or renews user's lock for ttl; false when someone else holds a live one.
func (s *Store) takeLock(ctx context.Context, tx pgx.Tx, id, user string, ttl time.Duration) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO assortment_locks (assortment_id, user_id, expires_at) VALUES ($1, $2, now() + $3::interval)
		ON CONFLICT (assortment_id) DO UPDATE SET user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at,
			acquired_at = CASE WHEN assortment_locks.user_id = EXCLUDED.user_id THEN assortment_locks.acquired_at ELSE now() END
		WHERE assortment_locks.user_id = EXCLUDED.user_id OR assortment_locks.expires_at <= now()`,
		id, user, fmt.Sprintf("%d seconds", int(ttl.Seconds())))
	return tag.RowsAffected() > 0, err
}

// subtree lists the ids of an entry and everything under it with their channels.
func (s *Store) subtree(ctx context.Context, q querier, id string) (map[string]string, error) {
	rows, err := q.Query(ctx, `SELECT id::text, channel FROM assortments WHERE id = $1 OR $1 = ANY(hierarchy)`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var i, ch string
		if err := rows.Scan(&i, &ch); err != nil {
			return nil, err
		}
		out[i] = ch
	}
	return out, rows.Err()
}
