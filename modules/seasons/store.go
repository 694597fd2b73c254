package seasons

import (
	"context"
	"errors"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store holds the seasons' SQL.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

// errDuplicate is a season whose season, year and channel another season has.
var errDuplicate = errors.New("seasons: duplicate season")

// Filter selects seasons: empty fields select all.
type Filter struct {
	Channel, State string
	Year           int
	ID             string
}

const selectSeason = `SELECT s.id::text, s.season, s.year, s.channel, s.state, COALESCE(s.season_set_id::text, ''),
	s.source_file, s.preview_jpg, s.version, s.created_at, s.modified_at,
	COALESCE((SELECT json_agg(json_build_object('_id', x.id, 'shortName', x.short_name, 'productType', x.product_type,
		'region', x.region, 'orgType', x.org_type, 'method', x.method) ORDER BY x.position)
		FROM assortment_season_sets x WHERE x.season_id = s.id), '[]'::json)
	FROM assortment_seasons s`

// List answers the seasons the filter selects, newest year first, then by season code order.
func (st *Store) List(ctx context.Context, q pgxQuerier, f Filter) ([]*Season, error) {
	where, args := "WHERE true", []any{}
	add := func(cond string, v any) {
		args = append(args, v)
		where += " AND " + cond + " $" + strconv.Itoa(len(args))
	}
	if f.ID != "" {
		add("s.id::text =", f.ID)
	}
	if f.Channel != "" {
		add("s.channel =", f.Channel)
	}
	if f.State != "" {
		add("s.state =", f.State)
	}
	if f.Year != 0 {
		add("s.year =", f.Year)
	}
	rows, err := q.Query(ctx, selectSeason+" "+where+` ORDER BY s.year DESC, array_position(ARRAY['SP','SU','FA','HO'], s.season), s.channel`, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (*Season, error) {
		var s Season
		err := r.Scan(&s.ID, &s.Season, &s.Year, &s.Channel, &s.State, &s.SeasonSetID, &s.SourceFile, &s.PreviewJpg,
			&s.Version, &s.Created, &s.Modified, &s.SeasonSets)
		return &s, err
	})
}

// Get answers one season, pgx.ErrNoRows when there is none.
func (st *Store) Get(ctx context.Context, q pgxQuerier, id string) (*Season, error) {
	list, err := st.List(ctx, q, Filter{ID: id})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, pgx.ErrNoRows
	}
	return list[0], nil
}

// pgxQuerier is a pool or a transaction.
type pgxQuerier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Insert adds a season with its sets, answering its id; errDuplicate when the season exists.
func (st *Store) Insert(ctx context.Context, tx pgx.Tx, s *Season) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `INSERT INTO assortment_seasons (season, year, channel, state, source_file, preview_jpg)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`, s.Season, s.Year, s.Channel, s.State, s.SourceFile, s.PreviewJpg).Scan(&id)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return "", errDuplicate
	}
	if err != nil {
		return "", err
	}
	return id, st.replaceSets(ctx, tx, id, s.SeasonSets)
}

// replaceSets writes a season's sets in order, keeping the ids of sets that have one.
func (st *Store) replaceSets(ctx context.Context, tx pgx.Tx, seasonID string, sets []SeasonSet) error {
	var keep []string
	for _, x := range sets {
		if x.ID != "" {
			keep = append(keep, x.ID)
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM assortment_season_sets WHERE season_id = $1 AND NOT (id::text = ANY($2))`, seasonID, keep); err != nil {
		return err
	}
	// Positions and names move out of the way first, so a reorder or a rename never meets itself.
	if _, err := tx.Exec(ctx, `UPDATE assortment_season_sets SET position = -position - 1, short_name = id::text WHERE season_id = $1`, seasonID); err != nil {
		return err
	}
	for i, x := range sets {
		var err error
		if x.ID == "" {
			_, err = tx.Exec(ctx, `INSERT INTO assortment_season_sets (season_id, position, short_name, product_type, region, org_type, method)
				VALUES ($1, $2, $3, $4, $5, $6, $7)`, seasonID, i, x.ShortName, x.ProductType, x.Region, x.OrgType, x.Method)
		} else {
			_, err = tx.Exec(ctx, `UPDATE assortment_season_sets SET position = $3, short_name = $4, product_type = $5, region = $6, org_type = $7, method = $8
				WHERE season_id = $1 AND id::text = $2`, seasonID, x.ID, i, x.ShortName, x.ProductType, x.Region, x.OrgType, x.Method)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Lock reads a season's version for update; pgx.ErrNoRows when there is none.
func (st *Store) Lock(ctx context.Context, tx pgx.Tx, id string) (int, error) {
	var v int
	err := tx.QueryRow(ctx, `SELECT version FROM assortment_seasons WHERE id::text = $1 FOR UPDATE`, id).Scan(&v)
	return v, err
}

// SetIDs answers the ids of a season's sets.
func (st *Store) SetIDs(ctx context.Context, tx pgx.Tx, seasonID string) (map[string]bool, error) {
	rows, err := tx.Query(ctx, `SELECT id::text FROM assortment_season_sets WHERE season_id = $1`, seasonID)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	out := map[string]bool{}
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// Touch bumps a season's version after a change.
func (st *Store) Touch(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `UPDATE assortment_seasons SET version = version + 1, modified_at = now() WHERE id::text = $1`, id)
	return err
}

// SetState records a season's state and the season set it is in that state with.
func (st *Store) SetState(ctx context.Context, tx pgx.Tx, id, state, setID string) error {
	_, err := tx.Exec(ctx, `UPDATE assortment_seasons SET state = $2, season_set_id = $3::uuid, version = version + 1, modified_at = now()
		WHERE id::text = $1`, id, state, setID)
	return err
}

// Delete removes a season (its sets go with it), answering its folder's parts.
func (st *Store) Delete(ctx context.Context, tx pgx.Tx, id string) (year int, season, channel string, err error) {
	err = tx.QueryRow(ctx, `DELETE FROM assortment_seasons WHERE id::text = $1 RETURNING year, season, channel`, id).Scan(&year, &season, &channel)
	return
}

// SetCover records the cover keys of the season of a folder (none: nothing happens).
func (st *Store) SetCover(ctx context.Context, tx pgx.Tx, year, season, channel, source, preview string) error {
	_, err := tx.Exec(ctx, `UPDATE assortment_seasons SET source_file = $4, preview_jpg = $5, version = version + 1, modified_at = now()
		WHERE year::text = $1 AND season = $2 AND channel = $3`, year, season, channel, source, preview)
	return err
}
