package its.tests.dashboard

import data.its.testutil as t

# Any logged-in user.

test_dashboard_view_allow_logged_in_without_permissions if t.allowed("dashboard.view", {}, t.nobody)

test_dashboard_view_deny_anonymous if not t.anonymous_allowed("dashboard.view", {})

test_announcements_view_allow_logged_in_without_permissions if t.allowed("announcements.view", {}, t.nobody)

test_announcements_view_deny_anonymous if not t.anonymous_allowed("announcements.view", {})

test_notifications_view_allow_logged_in_without_permissions if t.allowed("notifications.view", {}, t.nobody)

test_notifications_view_deny_anonymous if not t.anonymous_allowed("notifications.view", {})
