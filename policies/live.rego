# Live rows and presence: any signed-in user may open a topic's stream (and announce themselves on
# it) at the route; the topic's module then answers whether they may read its rows (an assortment
# they may not read is a 404), and the stream carries row ids and field names only, never values.
package its.authz

actions contains "live.view"

allow if {
	input.action == "live.view"
	is_string(user.id)
}
