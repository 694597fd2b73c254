# Global conference microsites. conference.view is in grants.json.
package its.authz

import data.its.lib

actions contains action if some action in {
	"conference.view",
	"conference.dashboard",
}

# Event dashboards need one of the three conference group flags, except the
# spring23 site, which has no gate.
allow if {
	input.action == "conference.dashboard"
	lib.has_domain(user, "its:conference")
	conference_dashboard_open(user, resource)
}

conference_dashboard_open(_, res) if lib.same(res.event, "spring23")

conference_dashboard_open(u, _) if {
	some flag in {"conferenceAsianJV", "conferenceDomestic", "conferenceInternational"}
	lib.has_flag(u, flag)
}
