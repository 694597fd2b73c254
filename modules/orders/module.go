// Package orders is the orders module: sample, promo and wholesale orders with their lines
// (edited through core/grid with row versions), the promo approval steps with their
// notifications, the wholesale date and pack-code rules, the coordinator assignments and the
// customer list (order_customers). Requests read the catalog through the products module's Go
// API; only the demo seed reads the catalog's tables directly.
package orders

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/live"
	"its/core/registry"
	"its/modules/products"
)

//go:embed module.yaml
var manifest []byte

// Module wires the orders module; it needs the products module for the catalog.
var Module = fx.Module("orders",
	fx.Provide(NewStore, NewService, NewHandler, catalogOf, newAddressVerifier, fx.Private),
	live.AsTopic(customersTopic),
	live.AsTopic(assignmentsTopic),
	live.AsTopic(liveTopic),
	live.AsTopic(listTopic),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/orders/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: seed, SeedOrder: 60}
	}),
)

// catalogOf is the products service as the orders' Catalog.
func catalogOf(s products.Reader) Catalog { return s }
