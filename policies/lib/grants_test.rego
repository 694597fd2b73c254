# Tests of the entry point and of the generic grant rule in lib.
package its.tests.lib

import data.its.authz
import data.its.testutil as t

test_default_is_false_not_undefined if {
	authz.allow == false with input as {}
}

test_unknown_action_denied if {
	not t.allowed("no.such.action", {}, t.user([t.perm("its:admin:users", "admin")]))
}

test_actions_are_case_sensitive if {
	not t.allowed("Assortments.View", {}, t.role("its:productAssortments", "user"))
}

test_grant_all_allows_anything if {
	authz.allow with input as {"action": "admin.users", "resource": {}, "user": null, "env": {"grantAll": true}}
}

test_grant_all_must_be_true if {
	not authz.allow with input as {"action": "admin.users", "resource": {}, "user": t.nobody, "env": {"grantAll": "true"}}
}

test_missing_env_and_resource if {
	authz.allow with input as {"action": "assortments.view", "user": t.role("its:productAssortments", "user")}
}

test_null_resource_treated_as_empty if {
	authz.allow with input as {"action": "assortments.edit", "resource": null, "user": t.role("its:productAssortments", "editor")}
}

test_missing_user_is_anonymous if {
	not authz.allow with input as {"action": "session.ping", "resource": {}}
}

test_any_role_needs_a_role if {
	not t.allowed("assortments.view", {}, t.user([{"domain": "its:productAssortments", "role": ""}]))
}

test_narrow_case_insensitive if {
	u := t.user([object.union(t.perm("its:productAssortments", "editor"), {"channel": "Wholesale"})])
	t.allowed("assortments.edit", {"channel": "WHOLESALE"}, u)
}

test_narrow_all_case_insensitive if {
	u := t.user([object.union(t.perm("its:productAssortments", "editor"), {"channel": "all"})])
	t.allowed("assortments.edit", {"channel": "Retail"}, u)
}

test_narrow_permission_without_attribute_fails_closed if {
	u := t.user([{"domain": "its:productAssortments", "role": "editor"}])
	not t.allowed("assortments.edit", {"channel": "Retail"}, u)
	t.allowed("assortments.edit", {}, u)
}

test_narrow_empty_resource_value_is_absent if {
	u := t.user([object.union(t.perm("its:productAssortments", "editor"), {"channel": "Retail"})])
	t.allowed("assortments.edit", {"channel": ""}, u)
	t.allowed("assortments.edit", {"channel": null}, u)
}

test_narrow_one_permission_must_match_all if {
	# channel from one permission and region from another do not combine.
	u := t.user([
		object.union(t.perm("its:internalAssortments", "user"), {"channel": "Retail", "region": "EU"}),
		object.union(t.perm("its:internalAssortments", "user"), {"channel": "Wholesale", "region": "US"}),
	])
	t.allowed("internalAssortments.view", {"channel": "Retail", "region": "EU"}, u)
	not t.allowed("internalAssortments.view", {"channel": "Retail", "region": "US"}, u)
}

test_every_grant_is_a_declared_action if {
	every action, _ in data.grants {
		action in authz.actions
	}
}
