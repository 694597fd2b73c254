// Package searches keeps a user's saved library and product searches (a name, the query and
// the page it belongs to, its queryPath) and mails links into the app: a search shared by
// e-mail and the app-link mail (platform spec §7).
package searches

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/registry"
)

//go:embed module.yaml
var manifest []byte

// Module wires the searches module.
var Module = fx.Module("searches",
	fx.Provide(NewStore, NewService, NewViews, NewHandler, fx.Private),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/searches/module.yaml", Manifest: manifest, Routes: h.Routes}
	}),
)
