package its.tests.dashboard

import data.its.testutil as t

# Any logged-in user.

test_dashboard_view_allow_logged_in_without_permissions if t.allowed("dashboard.view", {}, t.nobody)

test_dashboard_view_deny_anonymous if not t.anonymous_allowed("dashboard.view", {})

test_announcements_view_allow_logged_in_without_permissions if t.allowed("announcements.view", {}, t.nobody)

test_announcements_view_deny_anonymous if not t.anonymous_allowed("announcements.view", {})

# Editors of the advertising assets write announcements.

test_announcements_manage_allow_editor if t.allowed("announcements.manage", {}, t.role("its:advertisingAssets", "editor"))

test_announcements_manage_allow_senior_editor if t.allowed("announcements.manage", {}, t.role("its:advertisingAssets", "seniorEditor"))

test_announcements_manage_deny_user if not t.allowed("announcements.manage", {}, t.role("its:advertisingAssets", "user"))

test_announcements_manage_deny_editor_of_another_library if not t.allowed("announcements.manage", {}, t.role("its:advertisingLogos", "editor"))

test_announcements_manage_deny_anonymous if not t.anonymous_allowed("announcements.manage", {})

test_notifications_view_allow_logged_in_without_permissions if t.allowed("notifications.view", {}, t.nobody)

test_notifications_view_deny_anonymous if not t.anonymous_allowed("notifications.view", {})
