# Assortment documents (line, price and tear sheets). Grants are in grants.json:
# exporting follows assortment viewing, saving, sharing and scheduling need an
# editing role, and a shared or scheduled file is public (its access code decides).
package its.authz

actions contains action if some action in {
	"documents.view",
	"documents.edit",
	"documents.download",
}
