# Seasons of internal assortments. Grants are in grants.json.
package its.authz

actions contains action if some action in {
	"seasons.view",
	"seasons.manage",
}
