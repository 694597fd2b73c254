# Builders and decision helpers shared by the policy tests. Every helper asks
# the real entry point, data.its.authz.allow, with the shipped grants.
package its.testutil

import data.its.authz

# perm is a permission not narrowed by channel, region or productType.
perm(domain, role) := {"domain": domain, "role": role, "channel": "All", "region": "All", "productType": "All"}

# user is a logged-in user holding perms and nothing else; like the Go side, it
# keys the permissions by domain.
user(perms) := {
	"id": "u-1",
	"email": "someone@example.com",
	"userCode": "U001",
	"permissions": {domain: [p | some p in perms; p.domain == domain] | some domain in {p.domain | some p in perms}},
	"departmentAccess": [],
	"flags": [],
	"userTBEs": [],
}

# role is a user holding one role in one permission.
role(domain, r) := user([perm(domain, r)])

# nobody is a logged-in user without permissions, flags or access.
nobody := user([])

flags(u, fs) := object.union(u, {"flags": fs})

departments(u, ds) := object.union(u, {"departmentAccess": ds})

tbes(u, ts) := object.union(u, {"userTBEs": ts})

code(u, c) := object.union(u, {"userCode": c})

allowed(action, resource, u) if {
	authz.allow with input as {"action": action, "resource": resource, "user": u, "env": {"grantAll": false}}
}

anonymous_allowed(action, resource) if {
	authz.allow with input as {"action": action, "resource": resource, "user": null, "env": {"grantAll": false}}
}
