# Products: product search and data. Grants are in grants.json.
package its.authz

actions contains action if some action in {
	"products.view",
}
