package its.tests.assortments

import data.its.testutil as t

retail_only(role) := t.user([object.union(t.perm("its:productAssortments", role), {"channel": "Retail"})])

# assortments.view and collections.view: any role in product assortments.

test_assortments_view_allow_any_role if t.allowed("assortments.view", {}, t.role("its:productAssortments", "user"))

test_assortments_view_deny_other_permission if not t.allowed("assortments.view", {}, t.role("its:internalAssortments", "adminEditor"))

test_assortments_view_deny_anonymous if not t.anonymous_allowed("assortments.view", {})

test_collections_view_allow_any_role if t.allowed("collections.view", {}, t.role("its:productAssortments", "user"))

test_collections_view_deny_other_permission if not t.allowed("collections.view", {}, t.role("its:products", "user"))

# assortments.edit and collections.edit: editor, seniorEditor or manager, narrowed by channel.

test_assortments_edit_allow_editor if t.allowed("assortments.edit", {"channel": "Retail"}, t.role("its:productAssortments", "editor"))

test_assortments_edit_allow_seniorEditor if t.allowed("assortments.edit", {"channel": "Retail"}, t.role("its:productAssortments", "seniorEditor"))

test_assortments_edit_allow_manager if t.allowed("assortments.edit", {"channel": "Retail"}, t.role("its:productAssortments", "manager"))

test_assortments_edit_allow_own_channel if t.allowed("assortments.edit", {"channel": "Retail"}, retail_only("editor"))

test_assortments_edit_allow_without_channel if t.allowed("assortments.edit", {}, retail_only("editor"))

test_assortments_edit_deny_other_channel if not t.allowed("assortments.edit", {"channel": "Wholesale"}, retail_only("seniorEditor"))

test_assortments_edit_deny_user if not t.allowed("assortments.edit", {"channel": "Retail"}, t.role("its:productAssortments", "user"))

test_assortments_edit_deny_anonymous if not t.anonymous_allowed("assortments.edit", {"channel": "Retail"})

test_collections_edit_allow_editor if t.allowed("collections.edit", {"channel": "Retail"}, t.role("its:productAssortments", "editor"))

test_collections_edit_allow_seniorEditor if t.allowed("collections.edit", {"channel": "Retail"}, retail_only("seniorEditor"))

test_collections_edit_allow_manager if t.allowed("collections.edit", {"channel": "Retail"}, t.role("its:productAssortments", "manager"))

test_collections_edit_deny_other_channel if not t.allowed("collections.edit", {"channel": "Wholesale"}, retail_only("manager"))

test_collections_edit_deny_user if not t.allowed("collections.edit", {}, t.role("its:productAssortments", "user"))

# assortments.manage and assortments.reporting: manager only.

test_assortments_manage_allow_manager if t.allowed("assortments.manage", {}, t.role("its:productAssortments", "manager"))

test_assortments_manage_deny_seniorEditor if not t.allowed("assortments.manage", {}, t.role("its:productAssortments", "seniorEditor"))

test_assortments_manage_deny_manager_of_other_permission if not t.allowed("assortments.manage", {}, t.role("its:internalAssortments", "manager"))

test_assortments_reporting_allow_manager if t.allowed("assortments.reporting", {}, t.role("its:productAssortments", "manager"))

test_assortments_reporting_deny_user if not t.allowed("assortments.reporting", {}, t.role("its:productAssortments", "user"))

test_assortments_reporting_deny_manager_of_other_permission if not t.allowed("assortments.reporting", {}, t.role("its:internalAssortments", "manager"))

test_assortments_reporting_deny_editor if not t.allowed("assortments.reporting", {}, t.role("its:productAssortments", "editor"))

# assortments.crmOutbox: the assortments manager and the accounts admin read the CRM outbox.

test_assortments_crmOutbox_allow_manager if t.allowed("assortments.crmOutbox", {}, t.role("its:productAssortments", "manager"))

test_assortments_crmOutbox_allow_admin if t.allowed("assortments.crmOutbox", {}, t.role("its:admin:users", "admin"))

test_assortments_crmOutbox_deny_editor if not t.allowed("assortments.crmOutbox", {}, t.role("its:productAssortments", "editor"))

test_assortments_crmOutbox_deny_plain_admin_user if not t.allowed("assortments.crmOutbox", {}, t.role("its:admin:users", "user"))
