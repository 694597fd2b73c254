package policyversions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/audit"
	"its/core/authz"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/registry"
	"its/policies"
)

// Channel is the PostgreSQL notification channel a new live version is announced on.
const Channel = "its_policy_versions"

// Service keeps the policy versions and the live one in the engine.
type Service struct {
	db     *pgxpool.Pool
	store  *Store
	engine *authz.Engine
	log    *slog.Logger
	routes func() []registry.Route
	mods   func() []*registry.Manifest
}

// Manifests lists every module's manifest in module order (for the grants editor).
func (s *Service) Manifests() []*registry.Manifest {
	if s.mods == nil {
		return nil
	}
	return s.mods()
}

// Routes lists every module route (for the simulator).
func (s *Service) Routes() []registry.Route {
	if s.routes == nil {
		return nil
	}
	return s.routes()
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB     *pgxpool.Pool
	Store  *Store
	Engine *authz.Engine
	Log    *slog.Logger
}

// NewService gives the service.
func NewService(p ServiceParams) *Service {
	return &Service{db: p.DB, store: p.Store, engine: p.Engine, log: p.Log}
}

// Store is the service's store (for reads).
func (s *Service) Store() *Store { return s.store }

// Refused is a set that did not compile or failed a test: the handler answers 422 with the report.
type Refused struct{ Report *authz.Report }

func (r *Refused) Error() string {
	if len(r.Report.Failed) > 0 {
		return fmt.Sprintf("%d policy tests failed: %v", len(r.Report.Failed), r.Report.Failed)
	}
	return r.Report.Errors.Error()
}

// HTTPError is the 422 envelope naming the failing tests and the compile errors.
func (r *Refused) HTTPError() *httpx.Error {
	return &httpx.Error{Status: 422, Code: "ITS_ERR_POLICY_REFUSED", Message: r.Error(),
		Details: map[string]any{"failed": r.Report.Failed, "errors": r.Report.Errors, "tests": r.Report.Tests}}
}

// ErrConflict is a save based on a version that is no longer live.
var ErrConflict = errors.New("the live policy version changed since this draft was started")

// Save makes files a new version (kind edit, or rollback of rollbackOf) when it compiles and every
// test passes, based on version base (0: whatever is live). The new version is live on this
// server when Save returns and on every other within a second (NOTIFY).
func (s *Service) Save(ctx context.Context, actor *identity.User, base int64, comment string, files authz.Files, rollbackOf *int64) (*Version, error) {
	rep, prep, err := s.engine.Check(ctx, files)
	if err != nil {
		return nil, err
	}
	if prep == nil {
		s.recordRefused(ctx, actor, base, comment, files, rep)
		return nil, &Refused{Report: rep}
	}
	var v *Version
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		live, err := s.store.lockLive(ctx, tx)
		if err != nil {
			return err
		}
		if base != 0 && base != live {
			return ErrConflict
		}
		prev, err := s.store.Get(ctx, tx, live)
		if err != nil {
			return err
		}
		v = &Version{Version: live + 1, Kind: KindEdit, Comment: comment, Files: files, hash: prev.hash, RollbackOf: rollbackOf}
		if rollbackOf != nil {
			v.Kind = KindRollback
		}
		if actor != nil {
			v.AuthorID = &actor.ID
		}
		v.Diff = Diff(prev.Files, files)
		v.Changed = changedFiles(v.Diff)
		if err := s.store.insert(ctx, tx, v); err != nil {
			return err
		}
		actorID := ""
		if actor != nil {
			actorID = actor.ID
		}
		if err := audit.Record(ctx, tx, actorID, "policies.version."+v.Kind, "PolicyVersion", fmt.Sprint(v.Version), map[string]any{
			"before": map[string]any{"version": live}, "after": map[string]any{"version": v.Version},
			"comment": comment, "changed": v.Changed, "rollbackOf": rollbackOf, "tests": len(rep.Tests),
		}); err != nil {
			return err
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if err := s.engine.Activate(ctx, v.Version, prep); err != nil {
		return nil, err
	}
	v.Live = true
	return v, nil
}

// recordRefused keeps a refused save in the audit log: who tried what (the files it changed
// against the live version), and the failing tests and compile errors that stopped it.
func (s *Service) recordRefused(ctx context.Context, actor *identity.User, base int64, comment string, files authz.Files, rep *authz.Report) {
	ctx = context.WithoutCancel(ctx)
	actorID := ""
	if actor != nil {
		actorID = actor.ID
	}
	changed := []string{}
	if live, err := s.store.Get(ctx, s.db, 0); err == nil {
		changed = changedFiles(Diff(live.Files, files))
	}
	errs := rep.Errors
	if len(errs) > 20 {
		errs = errs[:20]
	}
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		return audit.Record(ctx, tx, actorID, "policies.version.refused", "PolicyVersion", "refused", map[string]any{
			"base": base, "comment": comment, "changed": changed, "failed": rep.Failed, "errors": errs,
		})
	})
	if err != nil {
		s.log.Error("audit: recording a refused policy version", "error", err)
	}
}

// Rollback makes version n's files live again, as a new version.
func (s *Service) Rollback(ctx context.Context, actor *identity.User, n int64, comment string) (*Version, error) {
	old, err := s.store.Get(ctx, s.db, n)
	if err != nil {
		return nil, err
	}
	if comment == "" {
		comment = fmt.Sprintf("Rollback to version %d", n)
	}
	return s.Save(ctx, actor, 0, comment, old.Files, &n)
}

// Validate checks a draft without saving it.
func (s *Service) Validate(ctx context.Context, files authz.Files) (*authz.Report, error) {
	rep, _, err := s.engine.Check(ctx, files)
	return rep, err
}

// Start seeds version 1 from the embedded set on an empty table, turns a newer binary's set into
// a new shipped version (keeping what admins changed when that still passes), and loads the live
// version into the engine. Servers starting together do it once (db.Exclusive).
func (s *Service) Start(ctx context.Context) error {
	shipped, err := authz.FilesOf(policies.FS)
	if err != nil {
		return err
	}
	err = db.Exclusive(ctx, s.db, func(ctx context.Context) error {
		return s.seed(ctx, shipped)
	})
	if err != nil {
		return fmt.Errorf("policy versions: %w", err)
	}
	return s.Sync(ctx)
}

func (s *Service) seed(ctx context.Context, shipped authz.Files) error {
	hash := shipped.Hash()
	live, err := s.store.Get(ctx, s.db, 0)
	if errors.Is(err, ErrNotFound) {
		return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
			v := &Version{Version: 1, Kind: KindShipped, Comment: "Policies shipped with ITS", Files: shipped, hash: hash}
			if err := s.store.insert(ctx, tx, v); err != nil {
				return err
			}
			if err := audit.Record(ctx, tx, "", "policies.version.shipped", "PolicyVersion", "1", map[string]any{"after": map[string]any{"version": 1}}); err != nil {
				return err
			}
			return nil
		})
	}
	if err != nil || live.hash == hash {
		return err
	}
	// A release with other shipped policies: start from them and keep every file an admin changed
	// or added since the last shipped version, if the result still passes its tests.
	prev, err := s.store.lastShipped(ctx, s.db)
	if err != nil {
		return err
	}
	next := maps.Clone(shipped)
	for p, src := range live.Files {
		if prev.Files[p] != src {
			next[p] = src
		}
	}
	comment := "Policies shipped with a new release of ITS, with the edits made since"
	if rep, prep, err := s.engine.Check(ctx, next); err != nil || prep == nil {
		s.log.Warn("policy edits do not pass with the new release's policies: they are set aside", "report", rep, "error", err)
		next = shipped
		comment = "Policies shipped with a new release of ITS (the edits made since failed its tests and were set aside)"
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		n, err := s.store.lockLive(ctx, tx)
		if err != nil {
			return err
		}
		v := &Version{Version: n + 1, Kind: KindShipped, Comment: comment, Files: next, hash: hash, Diff: Diff(live.Files, next)}
		if err := s.store.insert(ctx, tx, v); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, "", "policies.version.shipped", "PolicyVersion", fmt.Sprint(v.Version), map[string]any{
			"before": map[string]any{"version": n}, "after": map[string]any{"version": v.Version}, "comment": comment}); err != nil {
			return err
		}
		return nil
	})
}

// Sync loads the live version into the engine when it is not the one in effect.
func (s *Service) Sync(ctx context.Context) error {
	n, err := s.store.LiveNumber(ctx)
	if err != nil {
		return err
	}
	if cur, _ := s.engine.Live(); cur == n {
		return nil
	}
	v, err := s.store.Get(ctx, s.db, n)
	if err != nil {
		return err
	}
	if err := s.engine.SetLive(ctx, v.Version, v.Files); err != nil {
		return fmt.Errorf("policy version %d: %w", v.Version, err)
	}
	s.log.Info("policy version live", "version", v.Version)
	return nil
}

// DB is the pool (for reads through the store outside a transaction).
func (s *Service) DB() *pgxpool.Pool { return s.db }
