// Package assortments is the assortment manager: assortments and folders of a user (static or
// dynamic, with labels, stars and an archive), their product rows edited through core/grid with
// the spec's pricing rules, batches, the edit lock, copies and merges, collections, display
// groups (their sort and custom content), logos and thumbnails, the digital showroom, list
// exports and the admin reports, the CRM sync and the statistics events. The rules of other
// organisation types (OrgRules) let the internal assortments module reuse it; Excel imports and
// documents build on its ImportTarget and rows. The customer list is the orders module's
// (its customer_accounts view), which the reports filter by.
package assortments

import (
	_ "embed"

	"go.uber.org/fx"

	"its/core/jobs"
	liverows "its/core/live"
	"its/core/registry"
	"its/core/uploads"
)

//go:embed module.yaml
var manifest []byte

// Module wires the assortments module; it reads the catalog of the products module.
var Module = fx.Module("assortments",
	// The store, service, handlers, CRM driver and reports are the module's own (fx.Private);
	// other modules get Assortments and Orgs (api.go).
	fx.Provide(NewStore, NewService, NewHandler, NewCRM, NewReports, fx.Private),
	fx.Provide(NewAssortments, NewOrgs),
	jobs.AsRegistration(crmRegistration),
	jobs.AsRegistration(contentRegistration),
	jobs.AsRegistration(historyRegistration),
	jobs.AsRegistration(func(r *Reports) jobs.Registration { return r.registration() }),
	registry.AsModule(func(h *Handler) registry.Module {
		return registry.Module{File: "modules/assortments/module.yaml", Manifest: manifest, Routes: h.Routes, Seed: seed, SeedOrder: 20}
	}),
	uploads.AsUsages(uploadUsages),
	liverows.AsTopic(liveTopic),
	liverows.AsTopic(listTopic),
)
