package its.tests.seasons

import data.its.testutil as t

test_seasons_view_allow_any_role if t.allowed("seasons.view", {}, t.role("its:internalAssortments", "user"))

test_seasons_view_deny_other_permission if not t.allowed("seasons.view", {}, t.role("its:productAssortments", "manager"))

test_seasons_view_deny_anonymous if not t.anonymous_allowed("seasons.view", {})

test_seasons_manage_allow_adminEditor if t.allowed("seasons.manage", {}, t.role("its:internalAssortments", "adminEditor"))

test_seasons_manage_deny_user if not t.allowed("seasons.manage", {}, t.role("its:internalAssortments", "user"))

test_seasons_manage_deny_editor if not t.allowed("seasons.manage", {}, t.role("its:internalAssortments", "editor"))
