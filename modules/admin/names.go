package admin

// PermissionNames are the permission domains of the spec (platform-spec §3).
var PermissionNames = []string{
	"its:advertisingAssets", "its:advertisingLogos", "its:globalRetailAssets", "its:globalRetailResources",
	"its:products", "its:productDocuments", "its:productAssortments", "its:internalAssortments",
	"its:sampleOrders", "its:promoOrders", "its:wholesaleOrders", "its:conference",
	"its:admin:users", "its:admin:divisionGroups", "its:admin:territories", "its:admin:customers",
	"its:admin:reports", "its:admin:orders", "its:stepTraining", "its:travelCalendar",
	"its:keyItemPrice", "its:spendingApproval", "its:upcLookup", "its:sampleInventory",
}

// Roles are the roles of the spec (platform-spec §6).
var Roles = []string{
	"user", "editor", "seniorEditor", "admin", "adminEditor", "approver", "seniorApprover",
	"coordinator", "seniorCoordinator", "sampleCoordinator", "distributor", "manager",
	"DIS", "FR", "REP", "CSREP",
}

// Channels, Regions and ProductTypes narrow a permission ("All" = not narrowed).
var (
	Channels     = []string{"All", "Wholesale", "Retail"}
	Regions      = []string{"All", "International", "Europe", "Domestic"}
	ProductTypes = []string{"All", "Footwear", "Apparel", "POP"}
	// Flags are the user access flags the policies read.
	Flags = []string{"wof", "conferenceAsianJV", "conferenceDomestic", "conferenceInternational"}
	// Departments give sample inventory library access.
	Departments = []string{"Production", "Sales"}
	// Statuses an account moves through.
	Statuses = []string{"active", "pendingEmail", "pendingApproval", "notApproved", "deactivated"}
)

// In reports whether v is one of list.
func In(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}
