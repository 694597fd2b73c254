package its.tests.internalassortments

import data.its.testutil as t

narrowed(role) := t.user([object.union(
	t.perm("its:internalAssortments", role),
	{"channel": "Retail", "region": "EU", "productType": "Footwear"},
)])

mine := {"channel": "retail", "region": "EU", "productType": "Footwear"}

# internalAssortments.view: user or adminEditor, narrowed by channel, region, productType.

test_internalAssortments_view_allow_user if t.allowed("internalAssortments.view", mine, t.role("its:internalAssortments", "user"))

test_internalAssortments_view_allow_adminEditor if t.allowed("internalAssortments.view", mine, t.role("its:internalAssortments", "adminEditor"))

test_internalAssortments_view_allow_narrowed_match if t.allowed("internalAssortments.view", mine, narrowed("user"))

test_internalAssortments_view_allow_partial_resource if t.allowed("internalAssortments.view", {"channel": "Retail"}, narrowed("user"))

test_internalAssortments_view_deny_other_channel if {
	not t.allowed("internalAssortments.view", object.union(mine, {"channel": "Wholesale"}), narrowed("user"))
}

test_internalAssortments_view_deny_other_region if {
	not t.allowed("internalAssortments.view", object.union(mine, {"region": "US"}), narrowed("adminEditor"))
}

test_internalAssortments_view_deny_other_product_type if {
	not t.allowed("internalAssortments.view", object.union(mine, {"productType": "Apparel"}), narrowed("user"))
}

test_internalAssortments_view_deny_editor if not t.allowed("internalAssortments.view", mine, t.role("its:internalAssortments", "editor"))

test_internalAssortments_view_deny_anonymous if not t.anonymous_allowed("internalAssortments.view", mine)

# internalAssortments.edit: adminEditor, narrowed likewise.

test_internalAssortments_edit_allow_adminEditor if t.allowed("internalAssortments.edit", mine, narrowed("adminEditor"))

test_internalAssortments_edit_deny_user if not t.allowed("internalAssortments.edit", mine, t.role("its:internalAssortments", "user"))

test_internalAssortments_edit_deny_other_region if {
	not t.allowed("internalAssortments.edit", object.union(mine, {"region": "US"}), narrowed("adminEditor"))
}

# internalAssortments.publishedStateOnly: editors see only the published state.

test_internalAssortments_publishedStateOnly_allow_editor if {
	t.allowed("internalAssortments.publishedStateOnly", {}, t.role("its:internalAssortments", "editor"))
}

test_internalAssortments_publishedStateOnly_allow_seniorEditor if {
	t.allowed("internalAssortments.publishedStateOnly", {}, t.role("its:internalAssortments", "seniorEditor"))
}

test_internalAssortments_publishedStateOnly_allow_adminEditor if {
	t.allowed("internalAssortments.publishedStateOnly", {}, t.role("its:internalAssortments", "adminEditor"))
}

test_internalAssortments_publishedStateOnly_deny_user if {
	not t.allowed("internalAssortments.publishedStateOnly", {}, t.role("its:internalAssortments", "user"))
}

test_internalAssortments_publishedStateOnly_deny_editor_of_other_permission if {
	not t.allowed("internalAssortments.publishedStateOnly", {}, t.role("its:productAssortments", "editor"))
}
