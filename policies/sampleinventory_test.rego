package its.tests.sampleinventory

import data.its.testutil as t

inv(role, deps) := t.departments(t.role("its:sampleInventory", role), deps)

# sampleInventory.view: any role plus access to the library's department.

test_sampleInventory_view_allow_production if t.allowed("sampleInventory.view", {"library": "Production"}, inv("user", ["Production"]))

test_sampleInventory_view_allow_sales if t.allowed("sampleInventory.view", {"library": "Sales"}, inv("user", ["Production", "Sales"]))

test_sampleInventory_view_allow_without_library_with_one_department if t.allowed("sampleInventory.view", {}, inv("user", ["Sales"]))

test_sampleInventory_view_deny_other_department if not t.allowed("sampleInventory.view", {"library": "Sales"}, inv("user", ["Production"]))

test_sampleInventory_view_deny_without_library_and_no_department if not t.allowed("sampleInventory.view", {}, inv("admin", []))

test_sampleInventory_view_deny_department_without_permission if {
	not t.allowed("sampleInventory.view", {"library": "Production"}, t.departments(t.nobody, ["Production"]))
}

test_sampleInventory_view_deny_anonymous if not t.anonymous_allowed("sampleInventory.view", {"library": "Production"})

# sampleInventory.edit: editor, seniorEditor, coordinator, seniorCoordinator or admin, plus the department.

test_sampleInventory_edit_allow_editor if t.allowed("sampleInventory.edit", {"library": "Production"}, inv("editor", ["Production"]))

test_sampleInventory_edit_allow_seniorEditor if t.allowed("sampleInventory.edit", {"library": "Sales"}, inv("seniorEditor", ["Sales"]))

test_sampleInventory_edit_allow_coordinator if t.allowed("sampleInventory.edit", {"library": "Production"}, inv("coordinator", ["Production"]))

test_sampleInventory_edit_allow_seniorCoordinator if t.allowed("sampleInventory.edit", {"library": "Sales"}, inv("seniorCoordinator", ["Sales"]))

test_sampleInventory_edit_allow_admin if t.allowed("sampleInventory.edit", {"library": "Production"}, inv("admin", ["Production"]))

test_sampleInventory_edit_deny_user if not t.allowed("sampleInventory.edit", {"library": "Production"}, inv("user", ["Production"]))

test_sampleInventory_edit_deny_other_department if not t.allowed("sampleInventory.edit", {"library": "Production"}, inv("editor", ["Sales"]))

# sampleInventory.transfer: edit on Production and on Sales.

test_sampleInventory_transfer_allow_editor_of_both if t.allowed("sampleInventory.transfer", {}, inv("coordinator", ["Production", "Sales"]))

test_sampleInventory_transfer_allow_ignores_resource_library if {
	t.allowed("sampleInventory.transfer", {"library": "Sales"}, inv("editor", ["Sales", "Production"]))
}

test_sampleInventory_transfer_deny_one_department if not t.allowed("sampleInventory.transfer", {"library": "Sales"}, inv("admin", ["Sales"]))

test_sampleInventory_transfer_deny_user if not t.allowed("sampleInventory.transfer", {}, inv("user", ["Production", "Sales"]))
