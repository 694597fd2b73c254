package assortments

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/httpx"
	"its/modules/products"
)

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// querier is a pool or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Store reads and writes assortments.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the assortment store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

var errNotFound = errors.New("assortment not found")

// assortmentColumns is what scanAssortment reads (alias a, owner u).
const assortmentColumns = `a.id::text, a.type, a.hierarchy::text[], a.title, a.sub_title, a.logo, a.thumbnail, a.method,
 a.org_type, a.channel, a.region, a.season, a.year, a.gender, a.product_type, a.location_id, a.status, a.state, a.starred,
 a.labels, a.query, a.collections_query_id, a.titles, a.custom_content, a.ui_settings, a.decimals_places, a.carryover_date,
 a.last_sync_date, a.scheduled_date, a.version, a.created_date, a.modified_date, u.id::text,
 trim(u.name || ' ' || u.last_name), u.email,
 CASE WHEN a.method = 'dynamic' THEN COALESCE(a.product_count, 0)
   ELSE a.row_count END,
 (SELECT count(*) FROM assortment_alerts al WHERE al.assortment_id = a.id),
 (a.method = 'dynamic' AND a.type = 'item' AND (a.product_count IS NULL OR a.product_count_version IS DISTINCT FROM
   (SELECT v.version FROM catalog_version v)))`

const assortmentFrom = ` FROM assortments a JOIN users u ON u.id = a.owner_id`

func scanAssortment(row pgx.Row) (*Assortment, error) {
	a := &Assortment{}
	var labels, query []byte
	err := row.Scan(&a.ID, &a.Type, &a.Hierarchy, &a.Title, &a.SubTitle, &a.Logo, &a.Thumbnail, &a.Method,
		&a.OrgType, &a.Channel, &a.Region, &a.Season, &a.Year, &a.Gender, &a.ProductType, &a.LocationID, &a.Status, &a.State,
		&a.Starred, &labels, &query, &a.CollectionsQueryID, &a.Titles, &a.CustomContent, &a.UISettings, &a.DecimalsPlaces,
		&a.CarryoverDate, &a.LastSyncDate, &a.ScheduledDate, &a.Version, &a.CreatedDate, &a.ModifiedDate, &a.Owner.ID,
		&a.Owner.FullName, &a.Owner.Email, &a.ProductCount, &a.AlertCount, &a.countStale)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(labels, &a.Labels); err != nil {
		return nil, err
	}
	if len(query) > 0 && string(query) != "null" {
		a.Query = &products.Query{}
		if err := json.Unmarshal(query, a.Query); err != nil {
			return nil, err
		}
	}
	if a.Hierarchy == nil {
		a.Hierarchy = []string{}
	}
	if a.Labels == nil {
		a.Labels = []Label{}
	}
	a.Archived = a.State == "archived"
	return a, nil
}

// get loads one assortment; forUpdate locks its row for the rest of the transaction.
func (s *Store) get(ctx context.Context, q querier, id string, forUpdate bool) (*Assortment, error) {
	if !httpx.IsUUID(id) {
		return nil, errNotFound
	}
	sql := `SELECT ` + assortmentColumns + assortmentFrom + ` WHERE a.id = $1`
	if forUpdate {
		sql += ` FOR UPDATE OF a`
	}
	return scanAssortment(q.QueryRow(ctx, sql, id))
}

// list runs a list query built by the service.
func (s *Store) list(ctx context.Context, q querier, b sq.SelectBuilder) ([]Assortment, error) {
	rows, err := db.Query(ctx, q, b.Columns(assortmentColumns).From("assortments a").Join("users u ON u.id = a.owner_id"))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Assortment{}
	for rows.Next() {
		a, err := scanAssortment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *a)
	}
	return out, rows.Err()
}

// newAssortment is what an insert writes.
type newAssortment struct {
	OwnerID string
	Assortment
}

func jsonOr(raw json.RawMessage, def string) string {
	if len(raw) == 0 || string(raw) == "null" {
		return def
	}
	return string(raw)
}

func (s *Store) insert(ctx context.Context, tx pgx.Tx, n newAssortment) (string, error) {
	labels, err := json.Marshal(n.Labels)
	if err != nil {
		return "", err
	}
	var query any
	if n.Query != nil {
		b, err := json.Marshal(n.Query)
		if err != nil {
			return "", err
		}
		query = string(b)
	}
	hierarchy := n.Hierarchy
	if hierarchy == nil {
		hierarchy = []string{}
	}
	var carry any
	if n.CarryoverDate != nil {
		carry = n.CarryoverDate.Time
	}
	var id string
	err = tx.QueryRow(ctx, `INSERT INTO assortments (owner_id, type, hierarchy, title, sub_title, logo, thumbnail, method, org_type,
		channel, region, season, year, gender, product_type, location_id, status, state, starred, labels, query,
		collections_query_id, titles, custom_content, ui_settings, decimals_places, carryover_date, scheduled_date)
		VALUES ($1,$2,$3::uuid[],$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24,$25,$26,$27,$28)
		RETURNING id::text`,
		n.OwnerID, n.Type, hierarchy, n.Title, n.SubTitle, n.Logo, n.Thumbnail, n.Method, n.OrgType,
		n.Channel, n.Region, n.Season, n.Year, n.Gender, n.ProductType, n.LocationID, n.Status, n.State, n.Starred, string(labels), query,
		n.CollectionsQueryID, jsonOr(n.Titles, "[]"), jsonOr(n.CustomContent, "[]"), jsonOr(n.UISettings, "{}"), n.DecimalsPlaces, carry,
		n.ScheduledDate).Scan(&id)
	return id, err
}

// touch marks an assortment changed: a new version and modified date.
// setLastSync sets an assortment's lastSyncDate (CRM sync) to now and answers it; the rows and
// the assortment's version are not changed.
func (s *Store) setLastSync(ctx context.Context, q querier, id string) (time.Time, error) {
	var at time.Time
	err := q.QueryRow(ctx, `UPDATE assortments SET last_sync_date = now() WHERE id = $1 RETURNING last_sync_date`, id).Scan(&at)
	return at, err
}

// touch marks a changed assortment (its version and modified date) and adds rows to its kept
// row count: what the change added less what it removed. Every write of assortment_products
// tells its count here or through addRowCount, in the same transaction (migration 0257).
func (s *Store) touch(ctx context.Context, q querier, id string, rows int) error {
	_, err := q.Exec(ctx, `UPDATE assortments SET version = version + 1, modified_date = now(), row_count = row_count + $2
		WHERE id = $1`, id, rows)
	return err
}

// addRowCount adds rows to an assortment's kept row count (see touch).
func (s *Store) addRowCount(ctx context.Context, q querier, id string, rows int64) error {
	if rows == 0 {
		return nil
	}
	_, err := q.Exec(ctx, `UPDATE assortments SET row_count = row_count + $2 WHERE id = $1`, id, rows)
	return err
}

// decimalsFor is the currency decimals of a location (2 when unknown).
func (s *Store) decimalsFor(ctx context.Context, q querier, location string) (int, bool, error) {
	var d int
	err := q.QueryRow(ctx, `SELECT c.decimal_places FROM locations l JOIN currencies c ON c.currency_code = l.currency_code WHERE l.code = $1`, location).Scan(&d)
	if errors.Is(err, pgx.ErrNoRows) {
		return 2, false, nil
	}
	return d, err == nil, err
}

const alertsSQL = `SELECT style, color, type, params::text, message, created_date FROM assortment_alerts
	WHERE assortment_id = $1 ORDER BY style, color, type`

func scanAlerts(rows pgx.Rows) ([]Alert, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Alert, error) {
		var a Alert
		var params string
		err := r.Scan(&a.Style, &a.Color, &a.Type, &params, &a.Message, &a.CreatedDate)
		a.Params = json.RawMessage(params)
		return a, err
	})
}

// alertMap groups alerts by style_color for the rows.
func alertMap(alerts []Alert) map[string][]Alert {
	m := map[string][]Alert{}
	for _, a := range alerts {
		id := products.ID(a.Style, a.Color)
		m[id] = append(m[id], a)
	}
	return m
}

// lockOf is the live edit lock of an assortment, nil when there is none.
func (s *Store) lockOf(ctx context.Context, q querier, id, me string) (*Lock, error) {
	return scanLock(q.QueryRow(ctx, lockSQL, id), me)
}

const lockSQL = `SELECT u.id::text, trim(u.name || ' ' || u.last_name), u.email, k.expires_at
	FROM assortment_locks k JOIN users u ON u.id = k.user_id WHERE k.assortment_id = $1 AND k.expires_at > now()`

func scanLock(row pgx.Row, me string) (*Lock, error) {
	var l Lock
	err := row.Scan(&l.User.ID, &l.User.FullName, &l.User.Email, &l.ExpiresAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	l.Mine = l.User.ID == me
	return &l, nil
}
