// Package sampleinventory is the sample inventory module: the Production and Sales sample
// libraries in the core grid protocol, the tracking history every write adds to, validation of
// rows before an import, and the transfer of samples from Production to Sales.
package sampleinventory

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/live"
	"its/core/registry"
)

//go:embed module.yaml
var manifest []byte

// Module wires the sample inventory module.
var Module = fx.Module("sampleinventory",
	fx.Provide(NewStore, NewService, NewHandler, fx.Private), // other modules get Samples (api.go)
	fx.Provide(NewSamples),
	live.AsTopic(liveTopic),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/sampleinventory/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: seed, SeedOrder: 50}
	}),
)
