# The global conference microsites (product spec §2.3, platform spec §2 and §6). A plugin's rules
# are allow rules that first ask for one of its own actions, its actions, and helpers named
# conference_...
package its.authz

import data.its.lib

actions contains action if some action in {
	"conference.view",
	"conference.dashboard",
	"conference.manage",
}

# The conference area (its pages in the shell) opens for every logged-in user: spring23 has no
# gate, and the other events' data is asked with conference.dashboard.
allow if {
	input.action == "conference.view"
	user.id
}

# An event's site and content: spring23 for every logged-in user; every other event needs the
# conference permission and one of the three conference group flags.
allow if {
	input.action == "conference.dashboard"
	user.id
	lib.same(resource.event, "spring23")
}

allow if {
	input.action == "conference.dashboard"
	lib.has_domain(user, "its:conference")
	conference_group(user)
}

# Editors of the conference content (the content grid, uploads).
allow if {
	input.action == "conference.manage"
	lib.has_role(user, "its:conference", {"editor", "seniorEditor", "admin"})
}

conference_group(u) if {
	some flag in {"conferenceAsianJV", "conferenceDomestic", "conferenceInternational"}
	lib.has_flag(u, flag)
}
