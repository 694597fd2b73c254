# The single decision of ITS: data.its.authz.allow.
#
# Input: {"action": "...", "resource": {...}, "user": null | {...}, "env": {"grantAll": bool}}.
# Rules are OR-ed: this file holds the default and the development bypass; the
# role grants of grants.json (also loaded as data.grants) are compiled at load
# into allow rules keyed on input.action, and the same bodies as granted rules
# (see grants.go); each <module>.rego adds the rules that do not fit data and
# adds the actions its module owns to data.its.authz.actions, the catalogue of
# every known action (each key of data.grants must be one of them; the Go side
# may use it to reject a route naming an unknown action).
package its.authz

default allow := false

# Development bypass; the Go side sets it only when configured to.
allow if input.env.grantAll == true

# user is undefined for anonymous requests, so every rule that names it
# denies them.
user := input.user if is_object(input.user)

default resource := {}

resource := input.resource if is_object(input.resource)
