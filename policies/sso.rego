# Company sign-in: what a provider's groups give a user. At every sign-in through a company
# provider (auth.providers), the user's permissions, the flags named here and the territories
# are set from data.its.sso.account for input {"provider": "<provider id>", "groups": [...]}.
# Edit `groups` to map a group; a key "<provider id>:<group>" maps a group of that provider
# only. A permission's channel, region and productType default to "All".
package its.sso

groups := {
	"ITS Admins": {"permissions": [{"domain": "its:admin:users", "role": "admin"}]},
	"ITS Assortment Editors": {"permissions": [
		{"domain": "its:productAssortments", "role": "editor"},
		{"domain": "its:products", "role": "user"},
	]},
	"ITS Assortment Users": {"permissions": [
		{"domain": "its:productAssortments", "role": "user"},
		{"domain": "its:products", "role": "user"},
	]},
	"ITS Sample Orders": {"permissions": [{"domain": "its:sampleOrders", "role": "user"}]},
	"ITS Wholesale": {"flags": ["wof"]},
}

matched contains g if {
	some name in input.groups
	g := groups[name]
}

matched contains g if {
	some name in input.groups
	g := groups[concat(":", [input.provider, name])]
}

permissions contains p if {
	some g in matched
	some q in object.get(g, "permissions", [])
	p := {
		"domain": q.domain,
		"role": q.role,
		"channel": object.get(q, "channel", "All"),
		"region": object.get(q, "region", "All"),
		"productType": object.get(q, "productType", "All"),
	}
}

flags contains f if {
	some g in matched
	some f in object.get(g, "flags", [])
}

territories contains t if {
	some g in matched
	some t in object.get(g, "territories", [])
}

# Every flag the mapping can give: a sign-in sets these to what the groups give and leaves a
# user's other flags alone.
managed_flags contains f if {
	some g in groups
	some f in object.get(g, "flags", [])
}

account := {
	"permissions": permissions,
	"flags": flags,
	"territories": territories,
	"managedFlags": managed_flags,
}
