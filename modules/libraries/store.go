package libraries

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"its/core/db"
	"its/core/uploads"
)

// Store is the libraries module's SQL.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Querier is a pool or a transaction.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// assetColumns are the selected columns, in scan order.
func assetColumns() []string {
	cols := []string{"a.id::text", "a.library_type"}
	for _, f := range textFields {
		cols = append(cols, "a."+f.col)
	}
	for _, f := range dateFields {
		cols = append(cols, "coalesce(to_char(a."+f.col+", 'YYYY-MM-DD'), '')")
	}
	return append(cols, "a.locations", "coalesce(a.added_by::text, '')", "a.status", "a.modified_at")
}

// scanAssetRow is scanAsset for db.Select.
func scanAssetRow(r pgx.CollectableRow) (*Asset, error) { return scanAsset(r) }

// scanAsset reads assetColumns, then any extra columns selected after them into extra.
func scanAsset(row pgx.Row, extra ...any) (*Asset, error) {
	a := &Asset{Fields: make(map[string]string, len(textFields)+len(dateFields))}
	vals := make([]string, len(textFields)+len(dateFields))
	dest := []any{&a.ID, &a.LibraryType}
	for i := range vals {
		dest = append(dest, &vals[i])
	}
	dest = append(dest, &a.Locations, &a.AddedBy, &a.Status, &a.ModifiedDate)
	dest = append(dest, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	for i, f := range textFields {
		a.Fields[f.json] = vals[i]
	}
	for i, f := range dateFields {
		a.Fields[f.json] = vals[len(textFields)+i]
	}
	a.Files = []File{}
	return a, nil
}

// ListQuery selects assets.
type ListQuery struct {
	LibraryType string
	Statuses    []string
	Filters     map[string][]string // json field -> accepted values (whitelisted by the service)
	Search      string
	IDs         []string
	Limit       int
	Offset      int
	UserID      string
}

func (q ListQuery) where(b sq.SelectBuilder) sq.SelectBuilder {
	if q.LibraryType != "" {
		b = b.Where(sq.Eq{"a.library_type": q.LibraryType})
	}
	if len(q.Statuses) > 0 {
		b = b.Where(sq.Eq{"a.status": q.Statuses})
	}
	if len(q.IDs) > 0 {
		b = b.Where("a.id = ANY(?::uuid[])", q.IDs)
	}
	for field, values := range q.Filters {
		col, ok := column(field)
		if !ok || isDateField(field) {
			continue
		}
		b = b.Where(sq.Eq{"a." + col: values})
	}
	if s := strings.TrimSpace(q.Search); s != "" {
		b = b.Where("a.name ILIKE ?", "%"+strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s)+"%")
	}
	return b
}

// List answers a page of assets (newest modified first) with their files and the user's flags,
// and the total count.
func (s *Store) List(ctx context.Context, conn Querier, q ListQuery) ([]*Asset, int, error) {
	assets, err := db.Select(ctx, conn, q.where(psql.Select(assetColumns()...).From("library_assets a")).
		OrderBy("a.modified_at DESC", "a.id DESC").Limit(uint64(q.Limit)).Offset(uint64(q.Offset)), scanAssetRow)
	if err != nil {
		return nil, 0, err
	}
	total := len(assets) + q.Offset
	if len(assets) == q.Limit || q.Offset > 0 {
		if err := db.QueryRow(ctx, conn, q.where(psql.Select("count(*)").From("library_assets a"))).Scan(&total); err != nil {
			return nil, 0, err
		}
	}
	if err := s.attach(ctx, conn, assets, q.UserID); err != nil {
		return nil, 0, err
	}
	return assets, total, nil
}

// attach loads the files and the user's 'Seen' flags of assets.
func (s *Store) attach(ctx context.Context, conn Querier, assets []*Asset, userID string) error {
	if len(assets) == 0 {
		return nil
	}
	ids := make([]string, len(assets))
	byID := make(map[string]*Asset, len(assets))
	for i, a := range assets {
		ids[i] = a.ID
		byID[a.ID] = a
	}
	rows, err := conn.Query(ctx, `SELECT id::text, asset_id::text, usage_type, filename, content_type, file_size, width, height,
		thumbnail_key, groups, state, add_method, modified_at, key
		FROM library_files WHERE asset_id = ANY($1::uuid[]) ORDER BY usage_type, filename`, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var f File
		var assetID string
		var w, h *int32
		if err := rows.Scan(&f.ID, &assetID, &f.UsageType, &f.Filename, &f.ContentType, &f.FileSize, &w, &h,
			&f.thumbKey, &f.Groups, &f.State, &f.AddMethod, &f.ModifiedDate, &f.key); err != nil {
			return err
		}
		if w != nil && h != nil {
			f.Dimensions = &Dims{Width: int(*w), Height: int(*h)}
		}
		byID[assetID].Files = append(byID[assetID].Files, f)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if userID == "" {
		return nil
	}
	fr, err := conn.Query(ctx, `SELECT model_id::text, flag FROM library_user_flags WHERE user_id = $1 AND model_type = 'Asset' AND model_id = ANY($2::uuid[])`, userID, ids)
	if err != nil {
		return err
	}
	defer fr.Close()
	for fr.Next() {
		var id, flag string
		if err := fr.Scan(&id, &flag); err != nil {
			return err
		}
		byID[id].UserFlag = flag
	}
	return fr.Err()
}

// Get loads assets by id (any library, any status), locking them when forUpdate.
func (s *Store) Get(ctx context.Context, conn Querier, ids []string, forUpdate bool) ([]*Asset, error) {
	b := psql.Select(assetColumns()...).From("library_assets a").Where("a.id = ANY(?::uuid[])", ids).OrderBy("a.id")
	if forUpdate {
		b = b.Suffix("FOR UPDATE")
	}
	assets, err := db.Select(ctx, conn, b, scanAssetRow)
	if err != nil {
		return nil, err
	}
	return assets, s.attach(ctx, conn, assets, "")
}

// Update writes the given columns and status of one asset (columns come from the whitelist).
func (s *Store) Update(ctx context.Context, tx pgx.Tx, id string, set map[string]any) error {
	// The version moves with every write, so a grid holding the old row gets a userLock.
	b := psql.Update("library_assets").Set("modified_at", sq.Expr("now()")).Set("version", sq.Expr("version + 1")).Where(sq.Eq{"id": id})
	for col, v := range set {
		b = b.Set(col, v)
	}
	_, err := db.Exec(ctx, tx, b)
	return err
}

// FileByName finds the asset holding a file named filename (case-insensitive), "" when none.
func (s *Store) FileByName(ctx context.Context, conn Querier, filename string) (string, error) {
	var id string
	err := conn.QueryRow(ctx, `SELECT asset_id::text FROM library_files WHERE lower(filename) = lower($1)`, filename).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// LandingTile is one tile of a landing page: a value of the library's landing facet, how many
// Published assets hold it, and the newest of them with a picture (nil when none has one).
type LandingTile struct {
	Value    string `json:"value"`
	Count    int    `json:"count"`
	Sample   *Asset `json:"sample"`
	sampleID string
}

// Landing is a library's landing page: its Published count, the landing facet's top values and
// the newest Published assets.
type Landing struct {
	Total  int           `json:"total"`
	Facet  string        `json:"facet"`
	Tiles  []LandingTile `json:"tiles"`
	Recent []*Asset      `json:"recent"`
}

// LandingQuery selects a landing page; Column is the facet's column, from the whitelist.
type LandingQuery struct {
	LibraryType string
	Column      string
	Tiles       int
	Recent      int
	UserID      string
}

// Landing reads a landing page in four round trips whatever the library's size: the grouped
// counts with each tile's sample id and the recent assets with the total (one batch), the
// samples not already among the recent assets, and the files and flags of them all. Run it in
// a read-only repeatable-read transaction so the counts and the assets agree.
func (s *Store) Landing(ctx context.Context, tx pgx.Tx, q LandingQuery) (*Landing, error) {
	col := q.Column
	// The sample is the tile's newest Published asset having a file with a thumbnail; the
	// lateral subquery walks the list index (library_type, status, modified_at DESC, id).
	tilesSQL := `WITH top AS (
		SELECT ` + col + ` AS value, count(*) AS n FROM library_assets
		WHERE library_type = $1 AND status = 'Published' AND ` + col + ` <> ''
		GROUP BY ` + col + ` ORDER BY n DESC, value LIMIT $2)
	SELECT t.value, t.n, coalesce(s.id::text, '') FROM top t
	LEFT JOIN LATERAL (
		SELECT a.id FROM library_assets a
		WHERE a.library_type = $1 AND a.status = 'Published' AND a.` + col + ` = t.value
		  AND EXISTS (SELECT 1 FROM library_files f WHERE f.asset_id = a.id AND f.thumbnail_key <> '')
		ORDER BY a.modified_at DESC, a.id DESC LIMIT 1) s ON true
	ORDER BY t.n DESC, t.value`
	// count(*) OVER () is computed before the LIMIT: the total of Published assets.
	recentSQL, recentArgs, err := ListQuery{LibraryType: q.LibraryType, Statuses: []string{Published}}.
		where(psql.Select(append(assetColumns(), "count(*) OVER ()")...).From("library_assets a")).
		OrderBy("a.modified_at DESC", "a.id DESC").Limit(uint64(q.Recent)).ToSql()
	if err != nil {
		return nil, err
	}
	batch := &pgx.Batch{}
	batch.Queue(tilesSQL, q.LibraryType, q.Tiles)
	batch.Queue(recentSQL, recentArgs...)
	br := tx.SendBatch(ctx, batch)
	out := &Landing{Tiles: []LandingTile{}, Recent: []*Asset{}}
	rows, err := br.Query()
	if err != nil {
		br.Close()
		return nil, err
	}
	out.Tiles, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (LandingTile, error) {
		var t LandingTile
		return t, r.Scan(&t.Value, &t.Count, &t.sampleID)
	})
	if err != nil {
		br.Close()
		return nil, err
	}
	if rows, err = br.Query(); err != nil {
		br.Close()
		return nil, err
	}
	out.Recent, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (*Asset, error) { return scanAsset(r, &out.Total) })
	if err != nil {
		br.Close()
		return nil, err
	}
	if err := br.Close(); err != nil {
		return nil, err
	}

	// One *Asset per id: a sample that is also recent shares the recent one.
	byID := make(map[string]*Asset, len(out.Recent)+len(out.Tiles))
	all := slices.Clone(out.Recent)
	for _, a := range out.Recent {
		byID[a.ID] = a
	}
	var missing []string
	for _, t := range out.Tiles {
		if id := t.sampleID; id != "" && byID[id] == nil && !slices.Contains(missing, id) {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		samples, err := db.Select(ctx, tx, psql.Select(assetColumns()...).From("library_assets a").Where("a.id = ANY(?::uuid[])", missing), scanAssetRow)
		if err != nil {
			return nil, err
		}
		for _, a := range samples {
			byID[a.ID] = a
			all = append(all, a)
		}
	}
	for i := range out.Tiles {
		out.Tiles[i].Sample = byID[out.Tiles[i].sampleID]
	}
	if err := s.attach(ctx, tx, all, q.UserID); err != nil {
		return nil, err
	}
	return out, nil
}

// AdvertisingAssetName answers the name of the advertising asset id; pgx.ErrNoRows when there is
// none.
func (s *Store) AdvertisingAssetName(ctx context.Context, id string) (string, error) {
	var name string
	err := s.db.QueryRow(ctx, `SELECT name FROM library_assets WHERE id = $1 AND library_type = 'AdvertisingAsset'`, id).Scan(&name)
	return name, err
}

// fileSource answers where a library file's bytes are stored and their content type.
func (s *Store) fileSource(ctx context.Context, fileID string) (key, contentType string, err error) {
	err = s.db.QueryRow(ctx, `SELECT key, content_type FROM library_files WHERE id::text = $1`, fileID).Scan(&key, &contentType)
	return key, contentType, err
}

// setFileState writes a library file's preview state (Success, Failed).
func (s *Store) setFileState(ctx context.Context, fileID, state string) error {
	_, err := s.db.Exec(ctx, `UPDATE library_files SET state = $2, modified_at = now() WHERE id::text = $1`, fileID, state)
	return err
}

// setFilePreview notes a library file's preview image and its size; the file is then ready.
func (s *Store) setFilePreview(ctx context.Context, fileID, thumbKey string, width, height int) error {
	_, err := s.db.Exec(ctx, `UPDATE library_files SET thumbnail_key = $2, width = $3, height = $4, state = 'Success', modified_at = now() WHERE id::text = $1`,
		fileID, thumbKey, width, height)
	return err
}

// addFlag sets a user's flag (Seen) on a model; a flag set already stays.
func (s *Store) addFlag(ctx context.Context, userID, modelType, modelID, flag string) error {
	_, err := s.db.Exec(ctx, `INSERT INTO library_user_flags (user_id, model_type, model_id, flag) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
		userID, modelType, modelID, flag)
	return err
}

// addStat records a user's statistics event with its data.
func (s *Store) addStat(ctx context.Context, userID string, e StatEvent, data json.RawMessage) error {
	_, err := s.db.Exec(ctx, `INSERT INTO library_stats (user_id, action, model_type, model_id, data, assortment) VALUES ($1, $2, $3, $4, $5, $6)`,
		userID, e.Action, e.ModelType, e.ModelID, data, e.Assortment)
	return err
}

// addUploaded makes an uploaded file a new asset named name in tx: the asset and its primary
// file, waiting for its preview; it answers both ids.
func (s *Store) addUploaded(ctx context.Context, tx pgx.Tx, u *uploads.Upload, name string) (assetID, fileID string, err error) {
	err = tx.QueryRow(ctx, `INSERT INTO library_assets (library_type, name, added_by) VALUES ($1, $2, $3) RETURNING id::text`,
		u.Params["libraryType"], name, u.UserID).Scan(&assetID)
	if err != nil {
		return "", "", err
	}
	err = tx.QueryRow(ctx, `INSERT INTO library_files (asset_id, usage_type, filename, key, content_type, file_size, state, add_method)
		VALUES ($1, 'Primary', $2, $3, $4, $5, 'Pending', 'Upload') RETURNING id::text`,
		assetID, u.Filename, u.Key, u.ContentType, u.FileSize).Scan(&fileID)
	return assetID, fileID, err
}

// collection reads a user's collection of a type: its items (into items) and its settings as
// JSON; pgx.ErrNoRows when the user has none.
func (s *Store) collection(ctx context.Context, userID, ct string, items *[]string) ([]byte, error) {
	var settings []byte
	err := s.db.QueryRow(ctx, `SELECT items::text[], settings FROM library_collections WHERE user_id = $1 AND collection_type = $2`, userID, ct).Scan(items, &settings)
	return settings, err
}

// saveCollection writes a user's collection of a type: its items and settings (JSON).
func (s *Store) saveCollection(ctx context.Context, userID, ct string, items []string, settings []byte) error {
	_, err := s.db.Exec(ctx, `INSERT INTO library_collections (user_id, collection_type, items, settings) VALUES ($1, $2, $3::uuid[], $4)
		ON CONFLICT (user_id, collection_type) DO UPDATE SET items = EXCLUDED.items, settings = EXCLUDED.settings, modified_at = now()`,
		userID, ct, items, settings)
	return err
}

// filterValues counts the Published assets of a library type (within the picked data sets: filter
// field -> value, none for all; a data set does not narrow its own field) by each
// value of each field, calling each with the field's index and a value in order.
func (s *Store) filterValues(ctx context.Context, libraryType string, picked map[string]string, fields []string, each func(n int, v FilterValue)) error {
	args := []any{libraryType}
	arg := map[string]int{} // filter field of a picked data set -> its argument
	for _, d := range dataSets {
		if v, ok := picked[d.field]; ok {
			args = append(args, v)
			arg[d.field] = len(args)
		}
	}
	parts := make([]string, 0, len(fields))
	for i, f := range fields {
		col, _ := column(f) // the whitelist: column names come from model.go only
		scope := ""
		for _, d := range dataSets {
			if n, ok := arg[d.field]; ok && d.field != f {
				dcol, _ := column(d.field)
				scope += " AND lower(" + dcol + ") = lower($" + strconv.Itoa(n) + ")"
			}
		}
		parts = append(parts, "SELECT "+strconv.Itoa(i)+" AS n, "+col+" AS value, count(*) AS count FROM library_assets"+
			" WHERE library_type = $1 AND status = 'Published' AND "+col+" <> ''"+scope+" GROUP BY "+col)
	}
	rows, err := s.db.Query(ctx, strings.Join(parts, " UNION ALL ")+" ORDER BY n, value", args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var n int
		var v FilterValue
		if err := rows.Scan(&n, &v.Value, &v.Count); err != nil {
			return err
		}
		each(n, v)
	}
	return rows.Err()
}

// thumbnail answers the preview key of a library type's file and its asset's status.
func (s *Store) thumbnail(ctx context.Context, libraryType, fileID string) (key, status string, err error) {
	err = s.db.QueryRow(ctx, `SELECT f.thumbnail_key, a.status FROM library_files f JOIN library_assets a ON a.id = f.asset_id
		WHERE f.id = $1::uuid AND a.library_type = $2`, fileID, libraryType).Scan(&key, &status)
	return key, status, err
}
