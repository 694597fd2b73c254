package products

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
)

// maxFigures bounds how many views' figures a server keeps.
const maxFigures = 256

// figures keeps the footer summaries and group counts of the product library per view (the
// request as normalized, with its pricing location) together with the catalog version they were
// computed at (products_catalog_version, which every write to products or their location rows
// moves, in the writing transaction): a view asked
// again while the catalog has not changed is answered without scanning it. Each server keeps its
// own; the version lives in the database, so a write through any server is seen by all.
type figures struct {
	mu      sync.Mutex
	entries map[string]figure
	// computed counts the answers computed rather than kept (for tests).
	computed atomic.Int64
}

type figure struct {
	version int64
	value   any
}

// catalogVersion reads the catalog's version.
func (s *Service) catalogVersion(ctx context.Context) (int64, error) {
	return s.store.catalogVersion(ctx)
}

// kept answers the figures of the view key (any value that marshals to JSON) at the catalog's
// current version: the ones kept, or compute's, then kept.
func kept[T any](ctx context.Context, s *Service, key any, compute func() (T, error)) (T, error) {
	var zero T
	k, err := json.Marshal(key)
	if err != nil {
		return zero, err
	}
	v, err := s.catalogVersion(ctx)
	if err != nil {
		return zero, err
	}
	f := &s.figures
	f.mu.Lock()
	e, ok := f.entries[string(k)]
	f.mu.Unlock()
	if ok && e.version == v {
		if out, ok := e.value.(T); ok {
			return out, nil
		}
	}
	out, err := compute()
	if err != nil {
		return zero, err
	}
	f.computed.Add(1)
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.entries == nil || len(f.entries) >= maxFigures {
		f.entries = map[string]figure{}
	}
	f.entries[string(k)] = figure{version: v, value: out}
	return out, nil
}
