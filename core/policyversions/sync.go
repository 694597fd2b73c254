package policyversions

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"its/core/registry"
)

// How often a server asks which version is live: the fallback for a missed notification
// (listening) and the only way while it cannot listen.
const (
	pollListening = 5 * time.Second
	pollDeaf      = time.Second
)

// listen keeps the engine on the live version: it LISTENs on Channel on a connection of its own
// (outside the pool) and syncs on every notification, and polls while no notification comes or
// the connection is down.
func (s *Service) listen(ctx context.Context) {
	for ctx.Err() == nil {
		conn, err := pgx.ConnectConfig(ctx, s.db.Config().ConnConfig.Copy())
		if err == nil {
			_, err = conn.Exec(ctx, "LISTEN "+Channel)
		}
		for err == nil {
			// Whatever went live while this server was not listening.
			if err := s.Sync(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("policy versions: sync", "error", err)
			}
			wctx, cancel := context.WithTimeout(ctx, pollListening)
			_, err = conn.WaitForNotification(wctx)
			cancel()
			if err != nil && !conn.IsClosed() && ctx.Err() == nil {
				err = nil // the poll interval passed: sync and wait again
			}
		}
		if conn != nil {
			_ = conn.Close(context.WithoutCancel(ctx))
		}
		if ctx.Err() != nil {
			return
		}
		s.log.Warn("policy versions: not listening, polling", "error", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(pollDeaf):
		}
		if err := s.Sync(ctx); err != nil && !errors.Is(err, context.Canceled) {
			s.log.Error("policy versions: sync", "error", err)
		}
	}
}

// run starts the service with the server and stops its listener with it. It takes the registry
// so that the declared actions are required before any version is loaded.
func run(lc fx.Lifecycle, s *Service, reg *registry.Registry) {
	s.routes = reg.Routes
	s.mods = func() []*registry.Manifest {
		out := make([]*registry.Manifest, 0, len(reg.Modules))
		for _, l := range reg.Modules {
			out = append(out, l.Manifest)
		}
		return out
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	lc.Append(fx.Hook{
		OnStart: func(start context.Context) error {
			if err := s.Start(start); err != nil {
				return err
			}
			wg.Add(1)
			go func() { defer wg.Done(); s.listen(ctx) }()
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			wg.Wait()
			return nil
		},
	})
}

// Module provides the store and service and keeps the live version in the engine.
var Module = fx.Module("policyversions", fx.Provide(NewStore, NewService), fx.Invoke(run))
