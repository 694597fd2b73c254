package plugins

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Schema and Role name a plugin's database schema and the role limited to it.
func Schema(id string) string { return "plugin_" + id }

// Role is the database role a plugin's SQL runs as.
func Role(id string) string { return "its_plugin_" + id }

// asPlugin switches tx to the plugin's role and schema until asCore (ids are [a-z][a-z0-9]*,
// checked by the manifest schema, so they are safe identifiers).
func asPlugin(ctx context.Context, tx pgx.Tx, id string) error {
	_, err := tx.Exec(ctx, "SET LOCAL ROLE "+Role(id)+"; SET LOCAL search_path = "+Schema(id))
	return err
}

func asCore(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, "RESET ROLE; SET LOCAL search_path TO DEFAULT")
	return err
}

// Migrate creates the plugin's role and schema when missing and applies its migrations not yet
// applied, each as the plugin's role: a migration reaching a core table fails on the
// database's own permission check, and the error names the file.
func Migrate(ctx context.Context, tx pgx.Tx, f *Folder) error {
	id := f.ID()
	_, err := tx.Exec(ctx, `DO $$ BEGIN CREATE ROLE `+Role(id)+` NOLOGIN;
		EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`)
	if err != nil {
		return fmt.Errorf("creating role %s: %w", Role(id), err)
	}
	if _, err := tx.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS `+Schema(id)+` AUTHORIZATION `+Role(id)); err != nil {
		return fmt.Errorf("creating schema %s: %w", Schema(id), err)
	}
	applied := map[int64]bool{}
	rows, err := tx.Query(ctx, `SELECT version FROM plugin_migrations WHERE plugin_id = $1`, id)
	if err != nil {
		return err
	}
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return err
		}
		applied[v] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, m := range f.Migrations {
		if applied[m.Version] {
			continue
		}
		if roleChange.MatchString(m.SQL) {
			return fmt.Errorf("%s: a plugin's migration may not change the database role or search_path", m.File)
		}
		if err := asPlugin(ctx, tx, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == "42501" {
				return fmt.Errorf("%s: %s: a plugin's migration may only touch its own schema %s", m.File, pe.Message, Schema(id))
			}
			return fmt.Errorf("%s: %w", m.File, err)
		}
		if err := asCore(ctx, tx); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO plugin_migrations (plugin_id, version) VALUES ($1, $2)`, id, m.Version); err != nil {
			return err
		}
	}
	return nil
}
