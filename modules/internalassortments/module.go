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

	"its/core/live"
	"its/core/registry"
	"its/core/storage"
	"its/modules/assortments"
)

//go:embed module.yaml
var manifest []byte

// Module wires the internal assortments module.
var Module = fx.Module("internalassortments",
	fx.Provide(NewStore, NewRules, NewService, NewHandler, fx.Private),
	// The assortment manager's service scoped to internal assortments, for the modules that
	// read assortments of any type (the documents' zip of images).
	assortments.ProvideScoped(func(s *Service) assortments.Scoped {
		return assortments.Scoped{OrgType: OrgType, Service: s.Assortments}
	}),
	// Its assortments' live rows and presence: internalAssortment:<id>, under the internal rules.
	live.AsTopic(func(orgs assortments.Orgs, rules *Rules) live.Topic { return orgs.LiveTopic(rules) }),
	// Its channel lists' live rows: internalAssortments:<channel>.
	live.AsTopic(listTopic),
	registry.AsModule(func(h *Handler, blobs storage.Store) registry.Module {
		return registry.Module{File: "modules/internalassortments/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: seeder(blobs), SeedOrder: 30}
	}),
)
