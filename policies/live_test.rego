package its.tests.live

import data.its.testutil as t

test_live_view_allow_signed_in if t.allowed("live.view", {}, t.nobody)

test_live_view_deny_anonymous if not t.anonymous_allowed("live.view", {})
