# The single decision of ITS: data.its.authz.allow.
#
# Input: {"action": "...", "resource": {...}, "user": null | {...}, "env": {"grantAll": bool}}.
# Rules are OR-ed: this file holds the default, the development bypass and the
# rule that reads role grants from data.grants; each <module>.rego adds the
# rules that do not fit data and adds the actions its module owns to
# data.its.authz.actions, the catalogue of every known action (each key of
# data.grants must be one of them; the Go side may use it to reject a route
# naming an unknown action).
package its.authz

import data.its.lib

default allow := false

# Development bypass; the Go side sets it only when configured to.
allow if input.env.grantAll == true

allow if lib.public(data.grants, input.action)

allow if lib.granted(data.grants, input.action, user, resource)

# user is undefined for anonymous requests, so every rule that names it
# denies them.
user := input.user if is_object(input.user)

default resource := {}

resource := input.resource if is_object(input.resource)
