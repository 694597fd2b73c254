# Saved searches and app-link mails. Grants are in grants.json: every logged-in user keeps
# their own saved searches (the service scopes them to the caller) and may mail a link to a page
# of the app (the service keeps the link inside the app).
package its.authz

actions contains action if some action in {
	"searches.save",
	"searches.share",
}
