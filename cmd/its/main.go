// Command its is ITS's one binary: serve the product, migrate the database, load demo data, back
// up and restore, or print the version.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/app"
	"its/core/backup"
	"its/core/config"
	"its/core/db"
	"its/core/logging"
	"its/core/registry"
	"its/modules"
	"its/modules/products"
)

const usage = `usage: its <command>

commands:
  serve     start the HTTP server (with the embedded PostgreSQL unless ITS_DATABASE_URL is set)
  migrate   apply pending database migrations and exit
  seed [--products N]  load the demo data into an empty database and exit; with --products,
            then grow the product catalog to N generated products (for measuring at scale)
  backup <file>   write the database (pg_dump) and the local blob store into one tar.gz
  restore <file>  restore such a file into an empty database and an empty data_dir
  plugins new <kind> <id> [dir]   create a plugin (kind: module or microsite) in dir (default plugins/<id>)
  plugins install <bundle.tar.gz> check and install (or upgrade) a plugin bundle; running servers pick it up
  plugins remove|disable|enable <id>, plugins list
  version   print the version

configuration: configs/default.yaml, overridden by ITS_<KEY> environment variables.
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	cmd := os.Args[1]
	if cmd == "version" {
		fmt.Println(app.Version)
		return
	}
	cfg, err := config.Load()
	if err != nil {
		fmt.Fprintln(os.Stderr, "its:", err)
		os.Exit(1)
	}
	switch cmd {
	case "serve":
		err = serve(cfg)
	case "migrate":
		// The database module applies migrations when it opens the pool.
		err = once(cfg, func(context.Context, *pgxpool.Pool, *registry.Registry, *slog.Logger) error { return nil })
	case "seed":
		var n int
		if n, err = seedSize(os.Args[2:]); err != nil {
			fmt.Fprintf(os.Stderr, "its seed: %v\n\n%s", err, usage)
			os.Exit(2)
		}
		err = onceWithin(cfg, time.Hour, func(ctx context.Context, db *pgxpool.Pool, reg *registry.Registry, log *slog.Logger) error {
			if n > 0 && cfg.Production() {
				return fmt.Errorf("seed --products generates a catalog for measuring; it is refused in production")
			}
			if _, err := app.Seed(ctx, db, reg, cfg, log, true); err != nil || n == 0 {
				return err
			}
			return growCatalog(ctx, db, n, log)
		})
	case "backup", "restore":
		if len(os.Args) != 3 {
			fmt.Fprintf(os.Stderr, "usage: its %s <file>\n", cmd)
			os.Exit(2)
		}
		err = archive(cmd, os.Args[2], cfg)
	case "plugins":
		err = pluginsCmd(cfg, os.Args[2:])
	case "-h", "--help", "help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "its: unknown command %q\n\n%s", cmd, usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "its:", err)
		os.Exit(1)
	}
}

func serve(cfg *config.Config) error {
	a := app.Serve(cfg, modules.All)
	startCtx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := a.Start(startCtx); err != nil {
		stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = a.Stop(stopCtx)
		return err
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	stopCtx, cancel2 := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel2()
	return a.Stop(stopCtx)
}

// archive backs up into or restores from file.
func archive(cmd, file string, cfg *config.Config) error {
	log := logging.New(cfg)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	o := backup.Options{Config: cfg, Log: log, Version: app.Version}
	run := backup.Backup
	if cmd == "restore" {
		run = backup.Restore
	}
	start := time.Now()
	sum, err := run(ctx, file, o)
	if err != nil {
		return err
	}
	log.Info(cmd+" done", "file", file, "databaseDumpBytes", sum.DumpBytes, "blobs", sum.Files, "blobBytes", sum.Bytes,
		"blobStore", sum.Blobs, "ms", time.Since(start).Milliseconds())
	return nil
}

// once starts the core (database, registry) without the HTTP server, runs fn, and stops.
func once(cfg *config.Config, fn func(context.Context, *pgxpool.Pool, *registry.Registry, *slog.Logger) error) error {
	return onceWithin(cfg, 2*time.Minute, fn)
}

// onceWithin is once allowing fn up to d (a generated catalog of a million products takes minutes).
func onceWithin(cfg *config.Config, d time.Duration, fn func(context.Context, *pgxpool.Pool, *registry.Registry, *slog.Logger) error) error {
	var runErr error
	a := fx.New(app.Core(cfg, modules.All), fx.Invoke(func(lc fx.Lifecycle, db *pgxpool.Pool, reg *registry.Registry, log *slog.Logger) {
		lc.Append(fx.Hook{OnStart: func(ctx context.Context) error {
			runErr = fn(ctx, db, reg, log)
			return nil
		}})
	}), fx.StartTimeout(d))
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	if err := a.Start(ctx); err != nil {
		return err
	}
	stopErr := a.Stop(context.Background())
	if runErr != nil {
		return runErr
	}
	return stopErr
}

// seedSize reads seed's arguments: none, or --products N (N ≥ 1).
func seedSize(args []string) (int, error) {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	n := fs.Int("products", 0, "")
	if err := fs.Parse(args); err != nil {
		return 0, err
	}
	if fs.NArg() > 0 {
		return 0, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *n < 0 {
		return 0, fmt.Errorf("--products must be a positive number, not %d", *n)
	}
	return *n, nil
}

// growCatalog grows the product catalog to n generated products in one transaction.
func growCatalog(ctx context.Context, pool *pgxpool.Pool, n int, log *slog.Logger) error {
	start := time.Now()
	var added int
	if err := db.InTx(ctx, pool, func(tx pgx.Tx) error {
		var err error
		added, err = products.GrowCatalog(ctx, tx, n, log)
		return err
	}); err != nil {
		return err
	}
	if err := products.VacuumCatalog(ctx, pool); err != nil {
		return err
	}
	secs := time.Since(start).Seconds()
	log.Info("catalog generated", "products", n, "added", added, "seconds", secs, "productsPerSecond", int(float64(added)/max(secs, 0.001)))
	return nil
}
