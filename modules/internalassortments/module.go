// Package internalassortments is the internal assortments (key initiatives, retail
// assortments): assortments of orgType internal in four variants (domestic or international,
// wholesale or retail) of a season, year and gender, open to the users the internal assortments
// permission names by channel, region and productType. Their rows, batches, locks and group
// sort are the assortment manager's (modules/assortments through assortments.OrgRules and
// Service.For); this package keeps the internal rules (Rules), the table of contents
// (discover), the product options, the creation from a catalog query and the demo data.
package internalassortments

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/registry"
)

//go:embed module.yaml
var manifest []byte

// Module wires the internal assortments module.
var Module = fx.Module("internalassortments",
	fx.Provide(NewStore, NewRules, NewService, NewHandler),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/internalassortments/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: seed, SeedOrder: 30}
	}),
)
