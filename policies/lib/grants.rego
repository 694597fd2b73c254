# Shared helpers: how a grant entry from data.grants admits a user, and the
# permission, flag and department checks the module rules build on.
package its.lib

# public is true when grants[action] has an entry open to anyone, anonymous
# callers included.
public(grants, action) if {
	some entry in grants[action]
	entry.public == true
}

# granted is true when one of the entries grants[action] admits user on
# resource. An undefined user (anonymous) makes it undefined: see public.
granted(grants, action, user, resource) if {
	some entry in grants[action]
	entry_admits(entry, user, resource)
}

entry_admits(entry, _, _) if entry.public == true

entry_admits(entry, user, _) if {
	entry.authenticated == true
	is_object(user)
}

entry_admits(entry, user, resource) if {
	is_string(entry.domain)
	is_object(user)
	match_ok(entry, resource)
	department_ok(entry, user, resource)
	some p in user.permissions
	permission_admits(entry, p, resource)
}

# A permission admits when its domain is the entry's, its role is listed (any
# role when the entry lists none), and for each narrowed attribute the
# permission's value is "All" or the resource's value; a resource without the
# attribute matches. A permission without the attribute matches only such a
# resource (fail closed).
permission_admits(entry, p, resource) if {
	p.domain == entry.domain
	role_ok(entry, p.role)
	every attr in object.get(entry, "narrow", []) {
		narrow_ok(p, resource, attr)
	}
}

role_ok(entry, role) if {
	not "roles" in object.keys(entry)
	is_string(role)
	role != ""
}

role_ok(entry, role) if role in entry.roles

narrow_ok(_, resource, attr) if not has_value(resource, attr)

narrow_ok(p, _, attr) if same(p[attr], "All")

narrow_ok(p, resource, attr) if same(p[attr], resource[attr])

# "match": {"libraryType": "AdvertisingAsset"} makes the entry apply only to
# resources with that value, or without the attribute at all.
match_ok(entry, resource) if {
	every attr, want in object.get(entry, "match", {}) {
		match_attr(resource, attr, want)
	}
}

match_attr(resource, attr, _) if not has_value(resource, attr)

match_attr(resource, attr, want) if same(resource[attr], want)

# "department": "library" requires the resource's library in the user's
# departmentAccess; a resource without it needs at least one department.
department_ok(entry, _, _) if not "department" in object.keys(entry)

department_ok(entry, user, resource) if {
	attr := entry.department
	has_value(resource, attr)
	some d in user.departmentAccess
	same(d, resource[attr])
}

department_ok(entry, user, resource) if {
	attr := entry.department
	not has_value(resource, attr)
	some d in user.departmentAccess
	is_string(d)
	d != ""
}

# has_role: user holds one of roles in domain.
has_role(user, domain, roles) if {
	some p in user.permissions
	p.domain == domain
	p.role in roles
}

# has_domain: user holds any role in domain.
has_domain(user, domain) if {
	some p in user.permissions
	p.domain == domain
	is_string(p.role)
	p.role != ""
}

has_flag(user, flag) if flag in user.flags

# has_value: obj carries a non-empty value for key.
has_value(obj, key) if {
	v := obj[key]
	v != null
	v != ""
}

# same compares two strings case-insensitively.
same(a, b) if {
	is_string(a)
	is_string(b)
	lower(a) == lower(b)
}
