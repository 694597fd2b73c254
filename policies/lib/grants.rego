# Shared helpers: the conditions of a grants.json entry (the rules compiled
# from grants.json call them, see grants.go) and the permission, flag and
# department checks the module rules build on.
#
# input.user.permissions is keyed by permission name (domain), so a check
# reads only the user's permissions in the domain it names.
package its.lib

# narrow_ok: for a narrowed attribute, the permission's value is "All" or the
# resource's value (case-insensitive); a resource without the attribute
# matches. A permission without the attribute matches only such a resource
# (fail closed). The most common case comes first: the function stops at the
# first body that holds. The rules compiled from grants.json inline this first
# body as their fast path (grants.go): keep the two in step.
narrow_ok(p, resource, attr) if {
	is_string(resource[attr])
	is_string(p[attr])
	lower(p[attr]) in {"all", lower(resource[attr])}
}

narrow_ok(_, resource, attr) if absent(resource, attr)

narrow_ok(p, _, attr) if {
	is_string(p[attr])
	lower(p[attr]) == "all"
}

# match_ok: "match": {"libraryType": "AdvertisingAsset"} makes the entry apply
# only to resources with that value (case-insensitive), or without the
# attribute at all.
match_ok(resource, attr, want) if {
	is_string(resource[attr])
	lower(resource[attr]) == lower(want)
}

match_ok(resource, attr, _) if absent(resource, attr)

# department_ok: "department": "library" requires the resource's library in
# the user's departmentAccess; a resource without it needs at least one
# department.
department_ok(user, resource, attr) if {
	has_value(resource, attr)
	some d in user.departmentAccess
	same(d, resource[attr])
}

department_ok(user, resource, attr) if {
	absent(resource, attr)
	some d in user.departmentAccess
	is_string(d)
	d != ""
}

# has_role: user holds one of roles in domain.
has_role(user, domain, roles) if {
	some p in user.permissions[domain]
	p.role in roles
}

# has_domain: user holds any role in domain.
has_domain(user, domain) if {
	some p in user.permissions[domain]
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

# absent: obj has no value for key: missing, null or "" (not has_value, without
# the cost of a negation).
absent(obj, key) if object.get(obj, key, null) in {null, ""}

# same compares two strings case-insensitively.
same(a, b) if {
	is_string(a)
	is_string(b)
	lower(a) == lower(b)
}
