package its.tests.admin

import data.its.testutil as t

test_admin_users_allow_admin if t.allowed("admin.users", {}, t.role("its:admin:users", "admin"))

test_admin_users_deny_admin_of_other_page if not t.allowed("admin.users", {}, t.role("its:admin:divisionGroups", "admin"))

test_admin_users_deny_other_role if not t.allowed("admin.users", {}, t.role("its:admin:users", "user"))

test_admin_divisionGroups_allow_admin if t.allowed("admin.divisionGroups", {}, t.role("its:admin:divisionGroups", "admin"))

test_admin_divisionGroups_deny_admin_of_other_page if not t.allowed("admin.divisionGroups", {}, t.role("its:admin:territories", "admin"))

test_admin_divisionGroups_deny_other_role if not t.allowed("admin.divisionGroups", {}, t.role("its:admin:divisionGroups", "user"))

test_admin_territories_allow_admin if t.allowed("admin.territories", {}, t.role("its:admin:territories", "admin"))

test_admin_territories_deny_admin_of_other_page if not t.allowed("admin.territories", {}, t.role("its:admin:customers", "admin"))

test_admin_territories_deny_other_role if not t.allowed("admin.territories", {}, t.role("its:admin:territories", "user"))

test_admin_customers_allow_admin if t.allowed("admin.customers", {}, t.role("its:admin:customers", "admin"))

test_admin_customers_deny_admin_of_other_page if not t.allowed("admin.customers", {}, t.role("its:admin:reports", "admin"))

test_admin_customers_deny_other_role if not t.allowed("admin.customers", {}, t.role("its:admin:customers", "user"))

test_admin_reports_allow_admin if t.allowed("admin.reports", {}, t.role("its:admin:reports", "admin"))

test_admin_reports_deny_admin_of_other_page if not t.allowed("admin.reports", {}, t.role("its:admin:orders", "admin"))

test_admin_reports_deny_other_role if not t.allowed("admin.reports", {}, t.role("its:admin:reports", "user"))

test_admin_orders_allow_admin if t.allowed("admin.orders", {}, t.role("its:admin:orders", "admin"))

test_admin_orders_deny_admin_of_other_page if not t.allowed("admin.orders", {}, t.role("its:admin:users", "admin"))

test_admin_orders_deny_other_role if not t.allowed("admin.orders", {}, t.role("its:admin:orders", "user"))

test_admin_policies_allow_admin if t.allowed("admin.policies", {}, t.role("its:admin:users", "admin"))

test_admin_policies_deny_admin_of_other_page if not t.allowed("admin.policies", {}, t.role("its:admin:orders", "admin"))

test_admin_policies_deny_other_role if not t.allowed("admin.policies", {}, t.role("its:admin:users", "user"))

test_admin_audit_allow_admin if t.allowed("admin.audit", {}, t.role("its:admin:users", "admin"))

test_admin_audit_deny_admin_of_other_page if not t.allowed("admin.audit", {}, t.role("its:admin:reports", "admin"))

test_admin_audit_deny_other_role if not t.allowed("admin.audit", {}, t.role("its:admin:users", "seniorEditor"))

test_admin_plugins_allow_admin if t.allowed("admin.plugins", {}, t.role("its:admin:users", "admin"))

test_admin_plugins_deny_admin_of_other_page if not t.allowed("admin.plugins", {}, t.role("its:admin:orders", "admin"))

test_admin_plugins_deny_other_role if not t.allowed("admin.plugins", {}, t.role("its:admin:users", "editor"))

test_admin_locations_allow_admin if t.allowed("admin.locations", {}, t.role("its:admin:users", "admin"))

test_admin_locations_deny_admin_of_other_page if not t.allowed("admin.locations", {}, t.role("its:admin:customers", "admin"))

test_admin_locations_deny_other_role if not t.allowed("admin.locations", {}, t.role("its:admin:users", "seniorEditor"))

test_admin_currencies_allow_admin if t.allowed("admin.currencies", {}, t.role("its:admin:users", "admin"))

test_admin_currencies_deny_admin_of_other_page if not t.allowed("admin.currencies", {}, t.role("its:admin:territories", "admin"))

test_admin_currencies_deny_other_role if not t.allowed("admin.currencies", {}, t.role("its:admin:users", "editor"))
