# Dashboard: the landing page, announcements and notifications, open to any
# logged-in user. Grants are in grants.json.
package its.authz

actions contains action if some action in {
	"dashboard.view",
	"announcements.view",
	"announcements.manage",
	"notifications.view",
}
