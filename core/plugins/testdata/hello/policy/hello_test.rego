package its.tests.hello

import data.its.testutil as t

test_view_allow_logged_in if t.allowed("hello.view", {}, t.nobody)

test_view_deny_anonymous if not t.anonymous_allowed("hello.view", {})

test_secret_allow_admin if t.allowed("hello.secret", {}, t.role("its:admin:users", "admin"))

test_secret_deny_user if not t.allowed("hello.secret", {}, t.role("its:conference", "user"))
