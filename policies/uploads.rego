# Uploads: multipart uploads to the blob store. Starting one needs a login at
# the route; the service then asks the action of the upload's usage type
# (libraries.manage for a library asset, assortments.edit for an assortment
# logo, ...). Parts, completion and abort are for the upload's owner only.
package its.authz

import data.its.lib

actions contains action if some action in {
	"uploads.create",
	"uploads.own",
}

allow if {
	input.action == "uploads.own"
	is_string(user.id)
	not lib.has_value(resource, "ownerId")
}

allow if {
	input.action == "uploads.own"
	lib.has_value(resource, "ownerId")
	resource.ownerId == user.id
}
