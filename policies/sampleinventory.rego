# Sample inventory: the sample inventory permission plus department access
# (Production or Sales) to the library. View and edit are in grants.json.
package its.authz

actions contains action if some action in {
	"sampleInventory.view",
	"sampleInventory.edit",
	"sampleInventory.transfer",
}

# A transfer moves samples between the two libraries, so it needs edit rights
# on both: the sampleInventory.edit grants, asked for each library.
allow if {
	input.action == "sampleInventory.transfer"
	every library in {"Production", "Sales"} {
		granted with input.action as "sampleInventory.edit"
			with input.resource as object.union(resource, {"library": library})
	}
}
