// Package users is the accounts module: login, ping and logout over core/session, and the public
// flows for requesting access and (re)setting passwords; it seeds one demo account per role.
package users

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/authz"
	"its/core/registry"
)

//go:embed module.yaml
var manifest []byte

// Module wires the users module.
var Module = fx.Module("users",
	fx.Provide(NewStore, NewService, NewHandler, fx.Private),
	// SCIM provisioning at /scim/v2, with the providers' bearer tokens instead of sessions.
	registry.AsEndpoint(newSCIM),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/users/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: seed, SeedOrder: -10}
	}),
	// A policy set is saved only when each role's demo user gets every decision within budget.
	fx.Invoke(func(e *authz.Engine) error {
		probes, err := DemoUsers()
		if err != nil {
			return err
		}
		e.SetProbes(probes)
		return nil
	}),
)
