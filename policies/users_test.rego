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

# Company sign-in: the buttons, the redirect to the provider and back, and its back-channel logout.

test_users_ssoProviders_allow_anonymous if t.anonymous_allowed("users.ssoProviders", {})

test_users_ssoProviders_allow_logged_in if t.allowed("users.ssoProviders", {}, t.nobody)

test_users_ssoProviders_deny_other_spelling if not t.anonymous_allowed("Users.ssoProviders", {})

test_users_ssoSignIn_allow_anonymous if t.anonymous_allowed("users.ssoSignIn", {})

test_users_ssoSignIn_allow_logged_in if t.allowed("users.ssoSignIn", {}, t.nobody)

test_users_ssoSignIn_deny_other_spelling if not t.anonymous_allowed("Users.ssoSignIn", {})

test_users_ssoLogout_allow_anonymous if t.anonymous_allowed("users.ssoLogout", {})

test_users_ssoLogout_allow_logged_in if t.allowed("users.ssoLogout", {}, t.nobody)

test_users_ssoLogout_deny_other_spelling if not t.anonymous_allowed("Users.ssoLogout", {})

# The colleague search: any role in product assortments.

test_users_autocomplete_allow_any_role if t.allowed("users.autocomplete", {}, t.role("its:productAssortments", "user"))

test_users_autocomplete_deny_other_permission if not t.allowed("users.autocomplete", {}, t.role("its:internalAssortments", "adminEditor"))

test_users_autocomplete_deny_anonymous if not t.anonymous_allowed("users.autocomplete", {})
