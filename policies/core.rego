# Core: session, configuration, registry, decisions, help, tools and locations.
# Role grants for these actions are in grants.json.
package its.authz

import data.its.lib

actions contains action if some action in {
	"session.login",
	"session.logout",
	"session.ping",
	"options.public",
	"options.loggedIn",
	"config.version",
	"health",
	"ready",
	"registry.list",
	"authz.decisions",
	"stats.create",
	"userFlags.create",
	"help.view",
	"tools.travelCalendar",
	"tools.keyItemPrice",
	"tools.spendingApproval",
	"tools.upcLookup",
	"locations.viewAll",
	"businessEntities.viewAll",
}

# Users with territory ADMIN and business entity ADMIN see all locations.
allow if {
	input.action == "locations.viewAll"
	some tbe in user.userTBEs
	tbe.territory == "ADMIN"
	tbe.businessEntity == "ADMIN"
}

# Admin-territory users get the full option list for business entities.
allow if {
	input.action == "businessEntities.viewAll"
	some tbe in user.userTBEs
	tbe.territory == "ADMIN"
}
