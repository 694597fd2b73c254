# Admin: each admin page needs role admin in its own its:admin:* permission; the policies
# themselves (versions, simulator), the plugins, the audit log and the locations and currencies
# (reference data with no permission of their own in the spec) belong to the user admins (its:admin:users).
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
	"admin.locations",
	"admin.currencies",
}
