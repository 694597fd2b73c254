package its.tests.core

import data.its.testutil as t

# Public.

test_session_login_allow_anonymous if t.anonymous_allowed("session.login", {})

test_session_login_allow_logged_in if t.allowed("session.login", {}, t.nobody)

test_session_login_deny_other_spelling if not t.anonymous_allowed("Session.login", {})

test_session_logout_allow_anonymous if t.anonymous_allowed("session.logout", {})

test_session_logout_allow_logged_in if t.allowed("session.logout", {}, t.nobody)

test_session_logout_deny_other_spelling if not t.anonymous_allowed("Session.logout", {})

test_options_public_allow_anonymous if t.anonymous_allowed("options.public", {})

test_options_public_allow_logged_in if t.allowed("options.public", {}, t.nobody)

test_options_public_deny_other_spelling if not t.anonymous_allowed("Options.public", {})

test_config_version_allow_anonymous if t.anonymous_allowed("config.version", {})

test_config_version_allow_logged_in if t.allowed("config.version", {}, t.nobody)

test_config_version_deny_other_spelling if not t.anonymous_allowed("Config.version", {})

test_health_allow_anonymous if t.anonymous_allowed("health", {})

test_health_allow_logged_in if t.allowed("health", {}, t.nobody)

test_health_deny_other_spelling if not t.anonymous_allowed("Health", {})

test_ready_allow_anonymous if t.anonymous_allowed("ready", {})

test_ready_allow_logged_in if t.allowed("ready", {}, t.nobody)

test_ready_deny_other_spelling if not t.anonymous_allowed("Ready", {})

# Any logged-in user.

test_session_ping_allow_logged_in_without_permissions if t.allowed("session.ping", {}, t.nobody)

test_session_ping_deny_anonymous if not t.anonymous_allowed("session.ping", {})

test_options_loggedIn_allow_logged_in_without_permissions if t.allowed("options.loggedIn", {}, t.nobody)

test_options_loggedIn_deny_anonymous if not t.anonymous_allowed("options.loggedIn", {})

test_registry_list_allow_logged_in_without_permissions if t.allowed("registry.list", {}, t.nobody)

test_registry_list_deny_anonymous if not t.anonymous_allowed("registry.list", {})

test_authz_decisions_allow_logged_in_without_permissions if t.allowed("authz.decisions", {}, t.nobody)

test_authz_decisions_deny_anonymous if not t.anonymous_allowed("authz.decisions", {})

test_stats_create_allow_logged_in_without_permissions if t.allowed("stats.create", {}, t.nobody)

test_stats_create_deny_anonymous if not t.anonymous_allowed("stats.create", {})

test_userFlags_create_allow_logged_in_without_permissions if t.allowed("userFlags.create", {}, t.nobody)

test_userFlags_create_deny_anonymous if not t.anonymous_allowed("userFlags.create", {})

# help.view: any role in product or internal assortments.

test_help_view_allow_product_assortments if t.allowed("help.view", {}, t.role("its:productAssortments", "user"))

test_help_view_allow_internal_assortments if t.allowed("help.view", {}, t.role("its:internalAssortments", "adminEditor"))

test_help_view_deny_other_permission if not t.allowed("help.view", {}, t.role("its:products", "user"))

test_help_view_deny_anonymous if not t.anonymous_allowed("help.view", {})

test_tools_travelCalendar_allow_any_role if t.allowed("tools.travelCalendar", {}, t.role("its:travelCalendar", "user"))

test_tools_travelCalendar_deny_other_tool if not t.allowed("tools.travelCalendar", {}, t.role("its:upcLookup", "user"))

test_tools_travelCalendar_deny_anonymous if not t.anonymous_allowed("tools.travelCalendar", {})

test_tools_keyItemPrice_allow_any_role if t.allowed("tools.keyItemPrice", {}, t.role("its:keyItemPrice", "user"))

test_tools_keyItemPrice_deny_other_tool if not t.allowed("tools.keyItemPrice", {}, t.role("its:upcLookup", "user"))

test_tools_keyItemPrice_deny_anonymous if not t.anonymous_allowed("tools.keyItemPrice", {})

test_tools_spendingApproval_allow_any_role if t.allowed("tools.spendingApproval", {}, t.role("its:spendingApproval", "user"))

test_tools_spendingApproval_deny_other_tool if not t.allowed("tools.spendingApproval", {}, t.role("its:upcLookup", "user"))

test_tools_spendingApproval_deny_anonymous if not t.anonymous_allowed("tools.spendingApproval", {})

test_tools_upcLookup_allow_any_role if t.allowed("tools.upcLookup", {}, t.role("its:upcLookup", "user"))

test_tools_upcLookup_deny_other_tool if not t.allowed("tools.upcLookup", {}, t.role("its:travelCalendar", "user"))

test_tools_upcLookup_deny_anonymous if not t.anonymous_allowed("tools.upcLookup", {})

# Locations and business entities.

test_locations_viewAll_allow_admin_territory_and_entity if {
	u := t.tbes(t.nobody, [
		{"territory": "US", "businessEntity": "US01", "locations": [{"key": "US"}]},
		{"territory": "ADMIN", "businessEntity": "ADMIN", "locations": [{"key": "US"}]},
	])
	t.allowed("locations.viewAll", {}, u)
}

test_locations_viewAll_deny_admin_territory_only if {
	u := t.tbes(t.nobody, [{"territory": "ADMIN", "businessEntity": "US01", "locations": []}])
	not t.allowed("locations.viewAll", {}, u)
}

test_locations_viewAll_deny_split_over_two_tbes if {
	u := t.tbes(t.nobody, [
		{"territory": "ADMIN", "businessEntity": "US01"},
		{"territory": "US", "businessEntity": "ADMIN"},
	])
	not t.allowed("locations.viewAll", {}, u)
}

test_locations_viewAll_deny_anonymous if not t.anonymous_allowed("locations.viewAll", {})

test_businessEntities_viewAll_allow_admin_territory if {
	u := t.tbes(t.nobody, [{"territory": "ADMIN", "businessEntity": "US01"}])
	t.allowed("businessEntities.viewAll", {}, u)
}

test_businessEntities_viewAll_deny_other_territory if {
	u := t.tbes(t.nobody, [{"territory": "US", "businessEntity": "ADMIN"}])
	not t.allowed("businessEntities.viewAll", {}, u)
}

test_businessEntities_viewAll_deny_anonymous if not t.anonymous_allowed("businessEntities.viewAll", {})
