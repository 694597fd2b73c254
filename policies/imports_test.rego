package its.tests.imports

import data.its.testutil as t

inv(role, deps) := t.departments(t.role("its:sampleInventory", role), deps)

# imports.assortment: editor, seniorEditor or manager in its:productAssortments.

test_imports_assortment_allow_editor if t.allowed("imports.assortment", {}, t.role("its:productAssortments", "editor"))

test_imports_assortment_allow_seniorEditor if t.allowed("imports.assortment", {}, t.role("its:productAssortments", "seniorEditor"))

test_imports_assortment_allow_manager if t.allowed("imports.assortment", {}, t.role("its:productAssortments", "manager"))

test_imports_assortment_deny_user if not t.allowed("imports.assortment", {}, t.role("its:productAssortments", "user"))

test_imports_assortment_deny_other_domain if not t.allowed("imports.assortment", {}, t.role("its:internalAssortments", "adminEditor"))

test_imports_assortment_deny_anonymous if not t.anonymous_allowed("imports.assortment", {})

# imports.sampleInventory: the roles that edit samples, plus the library's department.

test_imports_sampleInventory_allow_editor if t.allowed("imports.sampleInventory", {"library": "Production"}, inv("editor", ["Production"]))

test_imports_sampleInventory_allow_seniorEditor if t.allowed("imports.sampleInventory", {"library": "Sales"}, inv("seniorEditor", ["Sales"]))

test_imports_sampleInventory_allow_coordinator if t.allowed("imports.sampleInventory", {"library": "Production"}, inv("coordinator", ["Production"]))

test_imports_sampleInventory_allow_seniorCoordinator if t.allowed("imports.sampleInventory", {"library": "Sales"}, inv("seniorCoordinator", ["Sales"]))

test_imports_sampleInventory_allow_admin if t.allowed("imports.sampleInventory", {"library": "Production"}, inv("admin", ["Production"]))

test_imports_sampleInventory_deny_user if not t.allowed("imports.sampleInventory", {"library": "Production"}, inv("user", ["Production"]))

test_imports_sampleInventory_deny_other_department if not t.allowed("imports.sampleInventory", {"library": "Production"}, inv("editor", ["Sales"]))

test_imports_sampleInventory_deny_anonymous if not t.anonymous_allowed("imports.sampleInventory", {"library": "Production"})
