// Package libraries is the asset libraries module: advertising assets and logos, global retail
// assets and resources, product documents and STEP assets — browsing (Published only), the
// editors' status pages with publish validity, uploads into a library, previews, reports, users'
// collections with zip downloads, 'Seen' flags and statistics events.
package libraries

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/jobs"
	"its/core/live"
	"its/core/registry"
	"its/core/storage"
	"its/core/uploads"
)

//go:embed module.yaml
var manifest []byte

// Module wires the libraries module.
var Module = fx.Module("libraries",
	fx.Provide(NewStore, NewService, NewHandler, fx.Private), // other modules get Assets (api.go)
	fx.Provide(NewAssets),
	live.AsTopic(libraryTopic),
	registry.AsModule(func(h *Handler, blobs storage.Store) registry.Module {
		return registry.Module{File: "modules/libraries/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: seeder(blobs), SeedOrder: 20}
	}),
	uploads.AsUsage(func(s *Service) uploads.Usage { return s.uploadUsage() }),
	jobs.AsRegistration(func(s *Service) jobs.Registration { return s.registration() }),
)
