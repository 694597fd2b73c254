# Assortment documents (line, price and tear sheets). Grants are in grants.json:
# exporting follows assortment viewing, saving, sharing and scheduling need an
# editing role, and a shared or scheduled file is public (its access code decides). A catalog
# product's tear sheet follows product viewing; an assortment's package follows exporting, and
# mailing it follows sharing. Templates of a document's options are listed with exporting,
# saved with editing, and a manager may delete a colleague's shared one.
package its.authz

actions contains action if some action in {
	"documents.view",
	"documents.edit",
	"documents.download",
	"documents.tearsheet",
	"documents.package",
	"documents.mailPackage",
	# The zip of an internal assortment's images: the internal assortments' users (the
	# service narrows by the assortment's channel, region and productType).
	"documents.internalPackage",
	# Deleting a colleague's shared document template: the assortment managers (their own
	# templates need documents.edit only; the service checks the owner and the shared flag).
	"documents.manageTemplates",
}
