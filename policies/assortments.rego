# Assortments and collections (the assortment manager). Grants are in
# grants.json; editing is narrowed by channel.
package its.authz

actions contains action if some action in {
	"assortments.view",
	"assortments.edit",
	"assortments.manage",
	"assortments.reporting",
	"assortments.crmOutbox",
	"collections.view",
	"collections.edit",
}
