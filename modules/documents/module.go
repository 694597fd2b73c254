// Package documents renders an assortment's line sheets, price sheets and tear sheets (product
// spec §3.2) as PDF, from embedded HTML templates printed by the Chromium pool, and as Excel
// workbooks with images; it saves a user's document settings, shares a document by e-mail with
// a link that works without a login until it expires or is revoked, and sends scheduled
// documents from a periodic job.
package documents

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/jobs"
	"its/core/registry"
)

//go:embed module.yaml
var manifest []byte

// Module wires the documents module; it reads assortments and the products catalog through
// their services.
var Module = fx.Module("documents",
	fx.Provide(NewStore, NewHandler, fx.Private),
	fx.Provide(NewService), // public for the tests that render through it directly
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/documents/module.yaml", Manifest: manifest, Routes: h.Routes}
	}),
	jobs.AsRegistration(func(s *Service) jobs.Registration { return s.registration() }),
)
