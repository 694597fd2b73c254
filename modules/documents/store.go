package documents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store holds the module's SQL: saved documents, their public files and the templates.
type Store struct{ db *pgxpool.Pool }

// NewStore gives the store.
func NewStore(db *pgxpool.Pool) *Store { return &Store{db: db} }

var errNotFound = errors.New("documents: not found")

const docColumns = `id::text, owner_id::text, assortment_id::text, display_name, filename, doc_type, sub_type, file_type, settings,
	subject, body, recipients, bcc_recipients, frequency, next_run_at, last_run_at, created_at, modified_at`

func scanDoc(row pgx.Row) (*Document, error) {
	var d Document
	var settings []byte
	err := row.Scan(&d.ID, &d.ownerID, &d.AssortmentID, &d.DisplayName, &d.Filename, &d.DocumentType.Type, &d.DocumentType.SubType,
		&d.FileType, &settings, &d.Subject, &d.Body, &d.Recipients, &d.BCCRecipients, &d.Frequency, &d.NextRunAt, &d.LastRunAt,
		&d.CreatedDate, &d.ModifiedDate)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, err
	}
	d.Kind = AssortmentDocument
	if err := json.Unmarshal(settings, &d.Settings); err != nil {
		return nil, err
	}
	return &d, nil
}

// get reads one document (any owner: the service decides who may see it).
func (s *Store) get(ctx context.Context, q pgx.Tx, id string) (*Document, error) {
	if q != nil {
		return scanDoc(q.QueryRow(ctx, `SELECT `+docColumns+` FROM assortment_documents WHERE id = $1 FOR UPDATE`, id))
	}
	return scanDoc(s.db.QueryRow(ctx, `SELECT `+docColumns+` FROM assortment_documents WHERE id = $1`, id))
}

// list reads an owner's documents, newest first, optionally of one assortment.
func (s *Store) list(ctx context.Context, ownerID, assortmentID string) ([]*Document, error) {
	rows, err := s.db.Query(ctx, `SELECT `+docColumns+` FROM assortment_documents
		WHERE owner_id = $1 AND ($2 = '' OR assortment_id::text = $2) ORDER BY modified_at DESC LIMIT 500`, ownerID, assortmentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Document{}
	for rows.Next() {
		d, err := scanDoc(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// save inserts (empty id) or updates a document inside tx and answers it.
func (s *Store) save(ctx context.Context, tx pgx.Tx, d *Document) (*Document, error) {
	settings, err := json.Marshal(d.Settings)
	if err != nil {
		return nil, err
	}
	args := []any{d.ownerID, d.AssortmentID, d.DisplayName, d.Filename, d.DocumentType.Type, d.DocumentType.SubType, d.FileType,
		settings, d.Subject, d.Body, nonNil(d.Recipients), nonNil(d.BCCRecipients), d.Frequency, d.NextRunAt}
	if d.ID == "" {
		return scanDoc(tx.QueryRow(ctx, `INSERT INTO assortment_documents (owner_id, assortment_id, display_name, filename, doc_type,
			sub_type, file_type, settings, subject, body, recipients, bcc_recipients, frequency, next_run_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING `+docColumns, args...))
	}
	return scanDoc(tx.QueryRow(ctx, `UPDATE assortment_documents SET owner_id = $1, assortment_id = $2, display_name = $3,
		filename = $4, doc_type = $5, sub_type = $6, file_type = $7, settings = $8, subject = $9, body = $10, recipients = $11,
		bcc_recipients = $12, frequency = $13, next_run_at = $14, modified_at = now() WHERE id = $15 RETURNING `+docColumns,
		append(args, d.ID)...))
}

// uniqueName answers name, or, when another of the owner's documents has it, the name with the
// lowest free " (n)" suffix (n from 2; a name that already ends in one is counted on from its
// base). Saves of one owner are serialised for the rest of tx, so two cannot take the same name.
func (s *Store) uniqueName(ctx context.Context, tx pgx.Tx, ownerID, selfID, name string) (string, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('assortment_documents.display_name:' || $1, 0))`, ownerID); err != nil {
		return "", err
	}
	base := name
	if m := numbered.FindStringSubmatch(name); m != nil {
		base = m[1]
	}
	rows, err := tx.Query(ctx, `SELECT display_name FROM assortment_documents
		WHERE owner_id = $1 AND id::text <> $2 AND left(display_name, length($3)) = $3`, ownerID, selfID, base)
	if err != nil {
		return "", err
	}
	taken, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", err
	}
	if !slices.Contains(taken, name) {
		return name, nil
	}
	for n := 2; ; n++ {
		if c := fmt.Sprintf("%s (%d)", base, n); !slices.Contains(taken, c) {
			return c, nil
		}
	}
}

// numbered is a name with a " (n)" suffix: its base and number.
var numbered = regexp.MustCompile(`^(.*\S) \((\d+)\)$`)

func (s *Store) delete(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `DELETE FROM assortment_documents WHERE id = $1`, id)
	return err
}

// nextScheduled is the earliest next run of the assortment's scheduled documents (nil: none).
func (s *Store) nextScheduled(ctx context.Context, tx pgx.Tx, assortmentID string) (*time.Time, error) {
	var next *time.Time
	err := tx.QueryRow(ctx, `SELECT min(next_run_at) FROM assortment_documents WHERE assortment_id = $1`, assortmentID).Scan(&next)
	return next, err
}

// addFile records a public file.
func (s *Store) addFile(ctx context.Context, tx pgx.Tx, docID, kind string, hash []byte, fileType, filename, key string, recipients []string,
	createdBy string, expires time.Time) (string, error) {
	var id string
	var by any
	if createdBy != "" {
		by = createdBy
	}
	err := tx.QueryRow(ctx, `INSERT INTO assortment_document_files (document_id, kind, code_hash, file_type, filename, blob_key,
		recipients, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text`,
		docID, kind, hash, fileType, filename, key, nonNil(recipients), by, expires).Scan(&id)
	return id, err
}

// setBlobKey names where a public file's bytes live (known once its id is).
func (s *Store) setBlobKey(ctx context.Context, tx pgx.Tx, fileID, key string) error {
	_, err := tx.Exec(ctx, `UPDATE assortment_document_files SET blob_key = $2 WHERE id = $1`, fileID, key)
	return err
}

// files lists a document's public files, newest first.
func (s *Store) files(ctx context.Context, docID string) ([]File, error) {
	rows, err := s.db.Query(ctx, `SELECT id::text, kind, file_type, filename, recipients, created_at, expires_at, revoked_at
		FROM assortment_document_files WHERE document_id = $1 ORDER BY created_at DESC LIMIT 200`, docID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (File, error) {
		var f File
		err := r.Scan(&f.ID, &f.Kind, &f.FileType, &f.Filename, &f.Recipients, &f.CreatedAt, &f.ExpiresAt, &f.RevokedAt)
		return f, err
	})
}

// publicFile is a file found by its code.
type publicFile struct {
	id, docID, kind, fileType, filename, key string
	expires                                  time.Time
	revoked                                  *time.Time
}

func (s *Store) fileByCode(ctx context.Context, hash []byte) (*publicFile, error) {
	var f publicFile
	err := s.db.QueryRow(ctx, `SELECT id::text, document_id::text, kind, file_type, filename, blob_key, expires_at, revoked_at
		FROM assortment_document_files WHERE code_hash = $1`, hash).
		Scan(&f.id, &f.docID, &f.kind, &f.fileType, &f.filename, &f.key, &f.expires, &f.revoked)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotFound
	}
	return &f, err
}

// fileOwner answers the owner of the document a file belongs to.
func (s *Store) fileOwner(ctx context.Context, fileID string) (string, error) {
	var owner string
	err := s.db.QueryRow(ctx, `SELECT d.owner_id::text FROM assortment_document_files f JOIN assortment_documents d ON d.id = f.document_id
		WHERE f.id = $1`, fileID).Scan(&owner)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", errNotFound
	}
	return owner, err
}

func (s *Store) revoke(ctx context.Context, fileID string) error {
	_, err := s.db.Exec(ctx, `UPDATE assortment_document_files SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1`, fileID)
	return err
}

// due claims the scheduled documents whose run is due, moving each one's next run on, and
// answers their ids; several servers share the work through SKIP LOCKED.
func (s *Store) due(ctx context.Context, tx pgx.Tx, now time.Time) ([]string, error) {
	rows, err := tx.Query(ctx, `SELECT id::text, frequency, next_run_at FROM assortment_documents
		WHERE next_run_at IS NOT NULL AND next_run_at <= $1 ORDER BY next_run_at LIMIT 100 FOR UPDATE SKIP LOCKED`, now)
	if err != nil {
		return nil, err
	}
	type claim struct {
		id, freq string
		next     time.Time
	}
	claims, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (claim, error) {
		var c claim
		err := r.Scan(&c.id, &c.freq, &c.next)
		return c, err
	})
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(claims))
	for _, c := range claims {
		next := advance(c.next, c.freq, now)
		if _, err := tx.Exec(ctx, `UPDATE assortment_documents SET next_run_at = $2 WHERE id = $1`, c.id, next); err != nil {
			return nil, err
		}
		ids = append(ids, c.id)
	}
	return ids, nil
}

func (s *Store) ran(ctx context.Context, id string, at time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE assortment_documents SET last_run_at = $2 WHERE id = $1`, id, at)
	return err
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// ---- templates ----

// templateColumns are a template's columns with its owner's name, read from t (a template row)
// joined to its owner o by templateFrom.
const templateColumns = `t.id::text, t.owner_id::text, trim(o.name || ' ' || o.last_name), t.name, t.shared, t.options, t.created_at, t.modified_at`

const templateFrom = ` FROM t JOIN users o ON o.id = t.owner_id`

func scanTemplate(row pgx.Row) (*Template, error) {
	var t Template
	var options []byte
	err := row.Scan(&t.ID, &t.ownerID, &t.OwnerName, &t.Name, &t.Shared, &options, &t.CreatedDate, &t.ModifiedDate)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, err
	}
	return &t, json.Unmarshal(options, &t.Options)
}

// templates lists the owner's templates and the ones others share, the owner's first, by name.
func (s *Store) templates(ctx context.Context, ownerID string) ([]*Template, error) {
	rows, err := s.db.Query(ctx, `WITH t AS (SELECT * FROM document_templates WHERE owner_id = $1 OR shared)
		SELECT `+templateColumns+templateFrom+` ORDER BY t.owner_id <> $1, lower(t.name), t.id LIMIT 1000`, ownerID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (*Template, error) { return scanTemplate(r) })
}

// template reads one template for a change inside tx (any owner: the service decides).
func (s *Store) template(ctx context.Context, tx pgx.Tx, id string) (*Template, error) {
	return scanTemplate(tx.QueryRow(ctx, `WITH t AS (SELECT * FROM document_templates WHERE id = $1 FOR UPDATE)
		SELECT `+templateColumns+templateFrom, id))
}

// errNameTaken is an owner's template name used twice (the unique index on the lower-cased name).
var errNameTaken = errors.New("documents: template name taken")

// saveTemplate inserts (empty id) or updates a template inside tx.
func (s *Store) saveTemplate(ctx context.Context, tx pgx.Tx, t *Template) (*Template, error) {
	options, err := json.Marshal(t.Options)
	if err != nil {
		return nil, err
	}
	var out *Template
	if t.ID == "" {
		out, err = scanTemplate(tx.QueryRow(ctx, `WITH t AS (INSERT INTO document_templates (owner_id, name, shared, options)
			VALUES ($1, $2, $3, $4) RETURNING *) SELECT `+templateColumns+templateFrom, t.ownerID, t.Name, t.Shared, options))
	} else {
		out, err = scanTemplate(tx.QueryRow(ctx, `WITH t AS (UPDATE document_templates SET name = $2, shared = $3, options = $4, modified_at = now()
			WHERE id = $1 RETURNING *) SELECT `+templateColumns+templateFrom, t.ID, t.Name, t.Shared, options))
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "document_templates_owner_name_key" {
		return nil, errNameTaken
	}
	return out, err
}

func (s *Store) deleteTemplate(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, `DELETE FROM document_templates WHERE id = $1`, id)
	return err
}
