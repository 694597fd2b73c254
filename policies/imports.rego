# Excel import into assortments and sample libraries. Grants are in grants.json; the service
# also asks assortments.edit on the target assortment's channel.
package its.authz

actions contains action if some action in {
	"imports.assortment",
	"imports.sampleInventory",
}
