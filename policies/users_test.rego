package its.tests.users

import data.its.testutil as t

# Public account flows.

test_users_accessRequest_allow_anonymous if t.anonymous_allowed("users.accessRequest", {})

test_users_accessRequest_allow_logged_in if t.allowed("users.accessRequest", {}, t.nobody)

test_users_accessRequest_deny_other_spelling if not t.anonymous_allowed("Users.accessRequest", {})

test_users_confirmEmail_allow_anonymous if t.anonymous_allowed("users.confirmEmail", {})

test_users_confirmEmail_allow_logged_in if t.allowed("users.confirmEmail", {}, t.nobody)

test_users_confirmEmail_deny_other_spelling if not t.anonymous_allowed("Users.confirmEmail", {})

test_users_passwordReset_allow_anonymous if t.anonymous_allowed("users.passwordReset", {})

test_users_passwordReset_allow_logged_in if t.allowed("users.passwordReset", {}, t.nobody)

test_users_passwordReset_deny_other_spelling if not t.anonymous_allowed("Users.passwordReset", {})

test_users_setPassword_allow_anonymous if t.anonymous_allowed("users.setPassword", {})

test_users_setPassword_allow_logged_in if t.allowed("users.setPassword", {}, t.nobody)

test_users_setPassword_deny_other_spelling if not t.anonymous_allowed("Users.setPassword", {})

# The colleague search: any role in product assortments.

test_users_autocomplete_allow_any_role if t.allowed("users.autocomplete", {}, t.role("its:productAssortments", "user"))

test_users_autocomplete_deny_other_permission if not t.allowed("users.autocomplete", {}, t.role("its:internalAssortments", "adminEditor"))

test_users_autocomplete_deny_anonymous if not t.anonymous_allowed("users.autocomplete", {})
