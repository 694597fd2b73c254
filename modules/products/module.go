// Package products is the product catalog: style/colour rows with pricing and availability per
// location, search (streaming and cached), autocomplete, validation and rendered product images,
// plus the deterministic demo catalog.
package products

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/live"
	"its/core/registry"
)

//go:embed module.yaml
var manifest []byte

// Module wires the products module; other modules read the catalog through Catalog and Reader (api.go).
var Module = fx.Module("products",
	fx.Provide(NewStore, NewHandler, fx.Private),
	// Other modules get Catalog and Reader (api.go); the service stays public for the tests that
	// drive it directly.
	fx.Provide(NewService, NewCatalog, NewReader),
	// The product library's live topic (products:catalog): a catalog load tells its open pages.
	live.AsTopic(liveTopic),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/products/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: seed, SeedOrder: 10}
	}),
)
