# Sample inventory: the sample inventory permission plus department access
# (Production or Sales) to the library. View and edit are in grants.json.
package its.authz

import data.its.lib

actions contains action if some action in {
	"sampleInventory.view",
	"sampleInventory.edit",
	"sampleInventory.transfer",
}

# A transfer moves samples between the two libraries, so it needs edit rights
# on both.
allow if {
	input.action == "sampleInventory.transfer"
	every library in {"Production", "Sales"} {
		lib.granted(data.grants, "sampleInventory.edit", user, object.union(resource, {"library": library}))
	}
}
