package its.tests.conference

import data.its.testutil as t

attendee := t.role("its:conference", "user")

test_view_allow_any_logged_in_user if t.allowed("conference.view", {}, t.nobody)

test_view_deny_anonymous if not t.anonymous_allowed("conference.view", {})

test_dashboard_allow_asian_jv if t.allowed("conference.dashboard", {"event": "spring26"}, t.flags(attendee, ["conferenceAsianJV"]))

test_dashboard_allow_domestic if t.allowed("conference.dashboard", {"event": "fall25"}, t.flags(attendee, ["conferenceDomestic"]))

test_dashboard_allow_international if t.allowed("conference.dashboard", {"event": "spring24"}, t.flags(attendee, ["wof", "conferenceInternational"]))

test_dashboard_allow_spring23_without_flag if t.allowed("conference.dashboard", {"event": "spring23"}, attendee)

test_dashboard_allow_spring23_without_permission if t.allowed("conference.dashboard", {"event": "spring23"}, t.nobody)

test_dashboard_deny_spring23_anonymous if not t.anonymous_allowed("conference.dashboard", {"event": "spring23"})

test_dashboard_deny_without_flag if not t.allowed("conference.dashboard", {"event": "spring24"}, attendee)

test_dashboard_deny_other_flag if not t.allowed("conference.dashboard", {"event": "fall23"}, t.flags(attendee, ["wof"]))

test_dashboard_deny_flag_without_permission if not t.allowed("conference.dashboard", {"event": "spring26"}, t.flags(t.nobody, ["conferenceDomestic"]))

test_dashboard_deny_anonymous if not t.anonymous_allowed("conference.dashboard", {"event": "spring26"})

test_manage_allow_editor if t.allowed("conference.manage", {}, t.role("its:conference", "editor"))

test_manage_allow_admin if t.allowed("conference.manage", {}, t.role("its:conference", "admin"))

test_manage_deny_attendee if not t.allowed("conference.manage", {}, t.flags(attendee, ["conferenceDomestic"]))

test_manage_deny_other_editor if not t.allowed("conference.manage", {}, t.role("its:products", "editor"))
