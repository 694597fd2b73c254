// Package db gives ITS its PostgreSQL: a private cluster started from the system's binaries when
// no database URL is configured, the pgx pool, and the embedded migrations.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path/filepath"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/metrics"
	"its/migrations"
)

// DatabaseName is the database ITS uses inside its private cluster.
const DatabaseName = "its"

// Open connects to url and checks the connection.
func Open(ctx context.Context, url string) (*pgxpool.Pool, error) {
	return open(ctx, url, nil)
}

// open is Open with tracer (if not nil) told of every statement the pool's connections send.
func open(ctx context.Context, url string, tracer pgx.QueryTracer) (*pgxpool.Pool, error) {
	pc, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	if tracer != nil {
		pc.ConnConfig.Tracer = tracer
	}
	if pc.MaxConns < 8 {
		pc.MaxConns = 8
	}
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("database: %w", err)
	}
	return pool, nil
}

// startupLock is the key of the session advisory lock that start-up steps hold.
const startupLock int64 = 0x175_7a87

// Exclusive runs fn while holding a session advisory lock on the database, on a connection of
// its own: several servers starting on one database then migrate and load demo data one after
// the other, and each later one finds the work done. fn uses the pool as usual; a connection
// that dies (a killed server) lets PostgreSQL release the lock.
func Exclusive(ctx context.Context, pool *pgxpool.Pool, fn func(context.Context) error) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, startupLock); err != nil {
		return fmt.Errorf("start-up lock: %w", err)
	}
	fnErr := fn(ctx)
	// A connection whose unlock failed may still hold the lock: drop it rather than pool it.
	if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, startupLock); err != nil {
		_ = conn.Conn().Close(context.WithoutCancel(ctx))
	}
	return fnErr
}

// Migrate applies every pending migration; applying twice changes nothing, and servers starting
// together apply them once.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	return Exclusive(ctx, pool, func(ctx context.Context) error {
		sqlDB := stdlib.OpenDBFromPool(pool)
		defer sqlDB.Close()
		return migrateDB(ctx, sqlDB)
	})
}

func migrateDB(ctx context.Context, sqlDB *sql.DB) error {
	return migrateFS(ctx, sqlDB, migrations.FS, migrations.Renumbered)
}

// migrateFS applies the migrations of fsys. Each module numbers its migrations in its own range,
// so a module's new migration may sort below one another module shipped earlier: applying those
// out of order is the normal case, not an error. renumbered maps a migration's former number
// to its current one: a database that applied it under the former number has the record moved
// first, so the migration is not applied twice.
func migrateFS(ctx context.Context, sqlDB *sql.DB, fsys fs.FS, renumbered map[int64]int64) error {
	if err := renumber(ctx, sqlDB, renumbered); err != nil {
		return fmt.Errorf("migrations: renumbering: %w", err)
	}
	p, err := goose.NewProvider(goose.DialectPostgres, sqlDB, fsys, goose.WithAllowOutofOrder(true))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	return nil
}

// versionTable is where goose records the applied migrations, by number (not by file name).
const versionTable = "goose_db_version"

// renumber moves the applied records of renumbered migrations to their current numbers, in one
// transaction; a fresh database (no version table yet) and records already moved are left alone.
func renumber(ctx context.Context, sqlDB *sql.DB, renumbered map[int64]int64) error {
	if len(renumbered) == 0 {
		return nil
	}
	tx, err := sqlDB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var exists bool
	if err := tx.QueryRowContext(ctx, `SELECT to_regclass($1) IS NOT NULL`, versionTable).Scan(&exists); err != nil || !exists {
		return err
	}
	for from, to := range renumbered {
		if _, err := tx.ExecContext(ctx, `UPDATE `+versionTable+` SET version_id = $2 WHERE version_id = $1
			AND NOT EXISTS (SELECT 1 FROM `+versionTable+` WHERE version_id = $2)`, from, to); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// EnsureDatabase creates database name in the cluster at adminURL when it does not exist yet.
func EnsureDatabase(ctx context.Context, adminURL, name string) error {
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	return ensureDatabase(ctx, conn, name, "")
}

// ensureDatabase creates database name, owned by owner (empty: conn's role), when it does not
// exist yet.
func ensureDatabase(ctx context.Context, conn *pgx.Conn, name, owner string) error {
	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS(SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if exists {
		return nil
	}
	q := "CREATE DATABASE " + pgx.Identifier{name}.Sanitize()
	if owner != "" {
		q += " OWNER " + pgx.Identifier{owner}.Sanitize()
	}
	_, err := conn.Exec(ctx, q)
	return err
}

// Params are what the database needs from the rest of the app.
type Params struct {
	fx.In
	LC     fx.Lifecycle
	Config *config.Config
	Log    *slog.Logger
	// Metrics gets the pool's statistics (optional: tools open the database without).
	Metrics *metrics.Metrics `optional:"true"`
	// Tracer is told of every statement the app sends (optional: the tests count a request's).
	Tracer pgx.QueryTracer `optional:"true"`
}

// New gives the app its pool: from database_url, or from a private cluster under data_dir that
// lives as long as the app. Migrations are applied before anything else uses the pool.
func New(p Params) (*pgxpool.Pool, error) {
	ctx := context.Background()
	url := p.Config.DatabaseURL
	var cluster *Cluster
	if url == "" {
		c, err := NewCluster(filepath.Join(p.Config.DataDir, "pg"), p.Log)
		if err != nil {
			return nil, err
		}
		if err := c.Start(ctx); err != nil {
			return nil, err
		}
		cluster = c
		if err := c.Bootstrap(ctx, DatabaseName); err != nil {
			return nil, errors.Join(err, c.Stop(ctx))
		}
		url, _ = c.URL(DatabaseName)
	}
	pool, err := open(ctx, url, p.Tracer)
	if err == nil {
		err = Migrate(ctx, pool)
	}
	if err != nil {
		if pool != nil {
			pool.Close()
		}
		if cluster != nil {
			err = errors.Join(err, cluster.Stop(ctx))
		}
		return nil, err
	}
	p.LC.Append(fx.Hook{OnStop: func(ctx context.Context) error {
		pool.Close()
		if cluster != nil {
			return cluster.Stop(ctx)
		}
		return nil
	}})
	p.Metrics.MustRegister(newPoolCollector(pool))
	p.Log.Info("database ready", "embedded", cluster != nil, "url", redact(url))
	return pool, nil
}

func redact(url string) string {
	if at := strings.LastIndex(url, "@"); at > 0 {
		if scheme := strings.Index(url, "://"); scheme > 0 {
			return url[:scheme+3] + "***" + url[at:]
		}
	}
	return url
}

// Module wires the database into the app.
var Module = fx.Module("db", fx.Provide(New))

// EscapeLike escapes LIKE's wildcards in s, so a user's text matches only itself
// (e.g. "%"+EscapeLike(text)+"%" for "contains").
func EscapeLike(s string) string { return likeEscaper.Replace(s) }

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
