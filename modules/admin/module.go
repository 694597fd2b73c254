// Package admin is account administration: review access requests, edit who may do what
// (permissions, flags, departments, territories, status), and read the mail outbox.
package admin

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/live"
	"its/core/plugins"
	"its/core/registry"
)

//go:embed module.yaml
var manifest []byte

// Module wires the admin module.
var Module = fx.Module("admin",
	fx.Provide(NewStore, NewService, NewHandler, fx.Private),
	live.AsTopic(refDataTopic),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/admin/module.yaml", Manifest: manifest, Routes: h.Routes}
	}),
	// The plugin installer checks a bundle against the registry, which is built from the
	// modules' handlers: the handler gets it once the registry exists.
	fx.Invoke(func(h *Handler, reg *registry.Registry) { h.reg = reg }),
	// The server's plugin host (absent from the one-shot commands) says why a plugin it should
	// run does not; it is built after the registry too.
	fx.Invoke(func(h *Handler, p pluginHost) { h.pluginHost = p.Host }),
)

type pluginHost struct {
	fx.In
	Host *plugins.Host `optional:"true"`
}
