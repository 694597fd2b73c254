package its.authz

import data.its.lib

actions contains action if some action in {"hello.view", "hello.secret"}

allow if {
	input.action == "hello.view"
	user.id
}

allow if {
	input.action == "hello.secret"
	lib.has_role(user, "its:admin:users", {"admin"})
}
