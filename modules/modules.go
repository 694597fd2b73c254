// Package modules lists the modules compiled into the its binary. Adding a module means adding
// its fx.Module here (and its folder, manifest, policy, migrations and remote).
package modules

import (
	"go.uber.org/fx"

	"its/modules/admin"
	"its/modules/assortments"
	"its/modules/dashboard"
	"its/modules/documents"
	"its/modules/imports"
	"its/modules/internalassortments"
	"its/modules/libraries"
	"its/modules/notifications"
	"its/modules/orders"
	"its/modules/products"
	"its/modules/sampleinventory"
	"its/modules/searches"
	"its/modules/seasons"
	"its/modules/users"
)

// All is every in-process module.
var All = fx.Options(
	users.Module,
	admin.Module,
	dashboard.Module,
	notifications.Module,
	libraries.Module,
	sampleinventory.Module,
	products.Module,
	assortments.Module,
	seasons.Module,
	internalassortments.Module,
	documents.Module,
	orders.Module,
	imports.Module,
	searches.Module,
)
