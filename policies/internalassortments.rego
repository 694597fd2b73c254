# Internal assortments (key initiatives, retail assortments). Grants are in
# grants.json, narrowed by channel, region and productType.
package its.authz

actions contains action if some action in {
	"internalAssortments.view",
	"internalAssortments.edit",
	# Editors with the permission see only the published state; other users
	# see all state options. Allowed means "published state only".
	"internalAssortments.publishedStateOnly",
}
