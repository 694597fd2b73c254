# Admin: each admin page needs role admin in its own its:admin:* permission; the policies
# themselves (versions, simulator), the plugins and the audit log belong to the user admins (its:admin:users).
# Grants are in grants.json.
package its.authz

actions contains action if some action in {
	"admin.users",
	"admin.divisionGroups",
	"admin.territories",
	"admin.customers",
	"admin.reports",
	"admin.orders",
	"admin.policies",
	"admin.audit",
	"admin.plugins",
}
