# Orders: sample, promo and wholesale. Plain role grants are in grants.json;
# the rules below depend on order type, status, user codes or flags.
package its.authz

import data.its.lib

actions contains action if some action in {
	"orders.sample.view",
	"orders.sample.styles",
	"orders.sample.viewDrafts",
	"orders.assignments.manage",
	"orders.promo.view",
	"orders.promo.viewAll",
	"orders.promo.viewAssigned",
	"orders.promo.setStatus",
	"orders.sample.setStatus",
	"orders.discount",
	"orders.wholesale.view",
	"orders.wholesale.edit",
	"orders.edit",
	"orders.delete",
	"orders.view",
	"orders.create",
	"orders.read",
	"orders.submit",
	"orders.complete",
	"orders.documents",
	"orders.addresses",
}

# A sample coordinator is a coordinator or senior coordinator in sample
# orders or promo orders.
sample_coordinator(u) if {
	some domain in {"its:sampleOrders", "its:promoOrders"}
	lib.has_role(u, domain, {"coordinator", "seniorCoordinator"})
}

# An approver is an approver or senior approver in promo orders.
approver(u) if lib.has_role(u, "its:promoOrders", {"approver", "seniorApprover"})

order_type := upper(resource.orderType) if is_string(resource.orderType)

order_status := upper(resource.status) if is_string(resource.status)

new_status := upper(resource.newStatus) if is_string(resource.newStatus)

# Access to an order type: its permission, or the wof flag for wholesale.
order_type_access(u, "SAMPLE") if lib.has_domain(u, "its:sampleOrders")

order_type_access(u, "PROMO") if lib.has_domain(u, "its:promoOrders")

order_type_access(u, "WHOLESALE") if lib.has_flag(u, "wof")

# Sample coordinators see only SUBMITTED and IN PROGRESS orders; others with
# the sample orders permission also see DRAFT.
allow if {
	input.action == "orders.sample.viewDrafts"
	lib.has_domain(user, "its:sampleOrders")
	not sample_coordinator(user)
}

# Approvers see only the promo orders assigned to them.
allow if {
	input.action == "orders.promo.viewAll"
	lib.has_domain(user, "its:promoOrders")
	not approver(user)
}

allow if {
	input.action == "orders.promo.viewAssigned"
	approver(user)
	is_string(user.userCode)
	user.userCode != ""
	some field in {"approverCode", "seniorApproverCode"}
	resource[field] == user.userCode
}

# Users with advanced rights may move a row in PENDING, APPROVED or DENIED
# only to APPROVED or DENIED.
allow if {
	input.action == "orders.promo.setStatus"
	approver(user)
	order_status in {"PENDING", "APPROVED", "DENIED"}
	new_status in {"APPROVED", "DENIED"}
	not own_order
}

# Only sample coordinators set the status of a sample order's lines.
allow if {
	input.action == "orders.sample.setStatus"
	sample_coordinator(user)
}

# A discount off a wholesale line's catalogue price: wof users who manage assortments or
# administer orders.
allow if {
	input.action == "orders.discount"
	order_type == "WHOLESALE"
	lib.has_flag(user, "wof")
	discounter(user)
}

discounter(u) if lib.has_role(u, "its:productAssortments", {"manager", "seniorEditor"})

discounter(u) if lib.has_role(u, "its:admin:orders", {"admin"})

allow if {
	input.action in {"orders.wholesale.view", "orders.wholesale.edit"}
	lib.has_flag(user, "wof")
}

# An order is editable when it is a DRAFT (of a type the user has access to),
# a SUBMITTED or IN PROGRESS sample order for a sample coordinator, a promo
# order awaiting the user as approver or senior approver, or a wholesale order.
allow if {
	input.action == "orders.edit"
	order_status == "DRAFT"
	order_type_access(user, order_type)
}

allow if {
	input.action == "orders.edit"
	order_type == "SAMPLE"
	sample_coordinator(user)
	order_status in {"SUBMITTED", "IN PROGRESS"}
}

allow if {
	input.action == "orders.edit"
	order_type == "PROMO"
	lib.has_role(user, "its:promoOrders", {"seniorApprover"})
	order_status in {"REQUIRES APPROVER", "REQUIRES SENIOR"}
}

allow if {
	input.action == "orders.edit"
	order_type == "PROMO"
	lib.has_role(user, "its:promoOrders", {"approver"})
	order_status == "REQUIRES APPROVER"
}

allow if {
	input.action == "orders.edit"
	order_type == "WHOLESALE"
	lib.has_flag(user, "wof")
}

# Only DRAFT orders may be deleted; wholesale orders also when PENDING (the
# wholesale draft).
allow if {
	input.action == "orders.delete"
	order_status == "DRAFT"
	order_type_access(user, order_type)
}

allow if {
	input.action == "orders.delete"
	order_type == "WHOLESALE"
	order_status == "PENDING"
	order_type_access(user, order_type)
}

# orders.view and orders.create: the order type of the route (SAMPLE, PROMO or
# WHOLESALE) is one the user has access to.
allow if {
	input.action in {"orders.view", "orders.create"}
	order_type_access(user, order_type)
}

# orders.documents: access to any order type; the order itself is checked with
# orders.read. orders.addresses (ship-to address lookups): the same.
allow if {
	input.action in {"orders.documents", "orders.addresses"}
	some t in {"SAMPLE", "PROMO", "WHOLESALE"}
	order_type_access(user, t)
}

own_order if {
	is_string(user.userCode)
	user.userCode != ""
	resource.requesterCode == user.userCode
}

assigned_approver if {
	approver(user)
	is_string(user.userCode)
	user.userCode != ""
	some field in {"approverCode", "seniorApproverCode"}
	resource[field] == user.userCode
}

# orders.read: who may see one order. The requester sees their own orders;
# sample coordinators see every sample order past DRAFT and every promo order
# past review; approvers see the promo orders assigned to them.
allow if {
	input.action == "orders.read"
	order_type_access(user, order_type)
	own_order
}

allow if {
	input.action == "orders.read"
	order_type == "SAMPLE"
	sample_coordinator(user)
	order_status != "DRAFT"
}

allow if {
	input.action == "orders.read"
	order_type == "PROMO"
	sample_coordinator(user)
	order_status in {"REVIEW COMPLETE", "PROCESSED", "FINALIZED"}
}

allow if {
	input.action == "orders.read"
	order_type == "PROMO"
	order_status != "DRAFT"
	assigned_approver
}

# orders.submit: the requester submits a DRAFT (PENDING for wholesale); the
# approver of a promo order passes it to the senior approver, who completes
# the review.
allow if {
	input.action == "orders.submit"
	order_status == "DRAFT"
	order_type in {"SAMPLE", "PROMO"}
	order_type_access(user, order_type)
	own_order
}

allow if {
	input.action == "orders.submit"
	order_status == "PENDING"
	order_type == "WHOLESALE"
	order_type_access(user, order_type)
	own_order
}

allow if {
	input.action == "orders.submit"
	order_type == "PROMO"
	order_status == "REQUIRES APPROVER"
	approver(user)
	is_string(user.userCode)
	resource.approverCode == user.userCode
	not own_order
}

allow if {
	input.action == "orders.submit"
	order_type == "PROMO"
	order_status == "REQUIRES SENIOR"
	lib.has_role(user, "its:promoOrders", {"seniorApprover"})
	is_string(user.userCode)
	resource.seniorApproverCode == user.userCode
	not own_order
}

# orders.complete (mark complete): a sample coordinator completes a SUBMITTED
# or IN PROGRESS sample order and moves a reviewed promo order on to
# PROCESSED and FINALIZED; a wof user completes a submitted wholesale order.
allow if {
	input.action == "orders.complete"
	order_type == "SAMPLE"
	sample_coordinator(user)
	order_status in {"SUBMITTED", "IN PROGRESS"}
}

allow if {
	input.action == "orders.complete"
	order_type == "PROMO"
	sample_coordinator(user)
	order_status in {"REVIEW COMPLETE", "PROCESSED"}
}

allow if {
	input.action == "orders.complete"
	order_type == "WHOLESALE"
	lib.has_flag(user, "wof")
	order_status in {"SUBMITTED", "IN PROGRESS"}
}
