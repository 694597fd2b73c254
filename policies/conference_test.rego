package its.tests.conference

import data.its.testutil as t

attendee := t.role("its:conference", "user")

test_conference_view_allow_any_role if t.allowed("conference.view", {}, attendee)

test_conference_view_deny_other_permission if not t.allowed("conference.view", {}, t.role("its:products", "user"))

test_conference_view_deny_anonymous if not t.anonymous_allowed("conference.view", {})

test_conference_dashboard_allow_asian_jv if t.allowed("conference.dashboard", {"event": "spring26"}, t.flags(attendee, ["conferenceAsianJV"]))

test_conference_dashboard_allow_domestic if t.allowed("conference.dashboard", {"event": "fall25"}, t.flags(attendee, ["conferenceDomestic"]))

test_conference_dashboard_allow_international if t.allowed("conference.dashboard", {"event": "spring24"}, t.flags(attendee, ["wof", "conferenceInternational"]))

test_conference_dashboard_allow_spring23_without_flag if t.allowed("conference.dashboard", {"event": "spring23"}, attendee)

test_conference_dashboard_deny_without_flag if not t.allowed("conference.dashboard", {"event": "spring24"}, attendee)

test_conference_dashboard_deny_without_event_and_flag if not t.allowed("conference.dashboard", {}, attendee)

test_conference_dashboard_deny_other_flag if not t.allowed("conference.dashboard", {"event": "fall23"}, t.flags(attendee, ["wof"]))

test_conference_dashboard_deny_flag_without_permission if {
	not t.allowed("conference.dashboard", {"event": "spring26"}, t.flags(t.nobody, ["conferenceDomestic"]))
}

test_conference_dashboard_deny_spring23_without_permission if not t.allowed("conference.dashboard", {"event": "spring23"}, t.nobody)
