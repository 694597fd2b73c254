package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"its/cmd/its/scaffold"
	"its/core/backup"
	"its/core/config"
	"its/core/logging"
	"its/core/plugins"
	"its/core/registry"
)

const pluginsUsage = `usage:
  its plugins new <module|microsite> <id> [dir]
  its plugins install <bundle.tar.gz>   (checks <bundle>.sha256 too when it exists)
  its plugins remove <id>
  its plugins disable <id>
  its plugins enable <id>
  its plugins list                      (id, version, source, state, checksum, why it fails)
`

// errPluginsUsage is the answer to a command line it does not take: the usage, as printed.
//
//lint:ignore ST1005 the usage text ends with its last line's newline
var errPluginsUsage = errors.New(pluginsUsage)

// pluginsCmd runs `its plugins ...`. Every command but new works on the installation's
// database: the running servers follow the plugins table and apply the change within seconds.
func pluginsCmd(cfg *config.Config, args []string) error {
	if len(args) == 0 {
		return errPluginsUsage
	}
	switch args[0] {
	case "new":
		if len(args) < 3 || len(args) > 4 {
			return errPluginsUsage
		}
		dir := "plugins/" + args[2]
		if len(args) == 4 {
			dir = args[3]
		}
		if err := scaffold.New(args[1], args[2], dir); err != nil {
			return err
		}
		fmt.Printf("created %s: run make -C %s to build %s.tar.gz, then its plugins install %s/%s.tar.gz\n", dir, dir, args[2], dir, args[2])
		return nil
	case "install":
		if len(args) != 2 {
			return errPluginsUsage
		}
		bundle, want, err := readBundle(args[1])
		if err != nil {
			return err
		}
		return onDB(cfg, func(ctx context.Context, db *pgxpool.Pool, reg *registry.Registry, log *slog.Logger) error {
			m, err := (&plugins.Installer{Pool: db, Registry: reg, Sandbox: plugins.SandboxFor(cfg)}).Install(ctx, bundle, want)
			if err != nil {
				return fmt.Errorf("%s refused: %w", args[1], err)
			}
			fmt.Printf("installed %s %s\n", m.ID, m.Plugin.Version)
			return nil
		})
	case "remove", "disable", "enable":
		if len(args) != 2 {
			return errPluginsUsage
		}
		return onDB(cfg, func(ctx context.Context, db *pgxpool.Pool, reg *registry.Registry, log *slog.Logger) error {
			in := &plugins.Installer{Pool: db, Registry: reg, Dir: cfg.PluginsDir()}
			var err error
			switch args[0] {
			case "remove":
				err = in.Remove(ctx, args[1])
			default:
				err = in.SetEnabled(ctx, args[1], args[0] == "enable")
			}
			if err == nil {
				fmt.Printf("%s: %s\n", args[1], map[string]string{"remove": "removed", "disable": "disabled", "enable": "enabled"}[args[0]])
			}
			return err
		})
	case "list":
		return onDB(cfg, func(ctx context.Context, db *pgxpool.Pool, reg *registry.Registry, log *slog.Logger) error {
			list, err := (&plugins.Installer{Pool: db, Registry: reg, Dir: cfg.PluginsDir()}).List(ctx)
			if err != nil {
				return err
			}
			writeList(os.Stdout, list)
			return nil
		})
	}
	return errPluginsUsage
}

// onDB is once for the plugins commands: they run beside a live server, so with the private
// cluster they use the server's running PostgreSQL and leave it running (they start and stop it
// only when no server runs).
func onDB(cfg *config.Config, fn func(context.Context, *pgxpool.Pool, *registry.Registry, *slog.Logger) error) error {
	return backup.WithDatabase(context.Background(), backup.Options{Config: cfg, Log: logging.New(cfg)}, func(dbURL string) error {
		local := *cfg
		local.DatabaseURL = dbURL
		return once(&local, fn)
	})
}

// readBundle reads a bundle (within the size limit) and its published checksum, if any.
func readBundle(path string) ([]byte, string, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, plugins.MaxBundleBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(b) > plugins.MaxBundleBytes {
		return nil, "", fmt.Errorf("%s: larger than %d bytes", path, plugins.MaxBundleBytes)
	}
	want := ""
	if s, err := os.ReadFile(path + ".sha256"); err == nil {
		if f := strings.Fields(string(s)); len(f) > 0 {
			want = f[0]
		}
	}
	return b, want, nil
}

// writeList prints one plugin a line: id, version, source, state, checksum and, for a plugin
// that cannot serve, the reason.
func writeList(w io.Writer, list []plugins.Installed) {
	for _, p := range list {
		state := "enabled"
		switch {
		case !p.Enabled:
			state = "disabled"
		case p.Error != "":
			state = "failed"
		}
		line := fmt.Sprintf("%s\t%s\t%s\t%s\t%s", p.ID, p.Version, p.Source, state, p.Checksum)
		if p.Error != "" {
			line += "\t" + strings.ReplaceAll(p.Error, "\n", " ")
		}
		fmt.Fprintln(w, line)
	}
}
