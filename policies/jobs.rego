# Jobs: the download queue follows and cancels background jobs. A logged-in
# user may read or cancel only the jobs they started: the route check (the
# owner is not known yet) needs a login, the handler asks again with ownerId.
package its.authz

import data.its.lib

actions contains action if some action in {
	"jobs.view",
	"jobs.cancel",
}

allow if {
	input.action in {"jobs.view", "jobs.cancel"}
	is_string(user.id)
	not lib.has_value(resource, "ownerId")
}

allow if {
	input.action in {"jobs.view", "jobs.cancel"}
	lib.has_value(resource, "ownerId")
	resource.ownerId == user.id
}
