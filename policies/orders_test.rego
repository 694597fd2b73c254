package its.tests.orders

import data.its.testutil as t

sample(role) := t.role("its:sampleOrders", role)

promo(role) := t.role("its:promoOrders", role)

wof := t.flags(t.nobody, ["wof"])

order(type, status) := {"orderType": type, "status": status, "requesterCode": "U999"}

# orders.sample.view, orders.sample.styles, orders.assignments.manage.

test_orders_sample_view_allow_any_role if t.allowed("orders.sample.view", {}, sample("user"))

test_orders_sample_view_deny_promo_only if not t.allowed("orders.sample.view", {}, promo("coordinator"))

test_orders_sample_view_deny_anonymous if not t.anonymous_allowed("orders.sample.view", {})

test_orders_sample_styles_allow_coordinator if t.allowed("orders.sample.styles", {}, sample("coordinator"))

test_orders_sample_styles_allow_seniorCoordinator if t.allowed("orders.sample.styles", {}, sample("seniorCoordinator"))

test_orders_sample_styles_deny_user if not t.allowed("orders.sample.styles", {}, sample("user"))

test_orders_sample_styles_deny_promo_coordinator if not t.allowed("orders.sample.styles", {}, promo("coordinator"))

test_orders_assignments_manage_allow_seniorCoordinator if t.allowed("orders.assignments.manage", {}, sample("seniorCoordinator"))

test_orders_assignments_manage_deny_coordinator if not t.allowed("orders.assignments.manage", {}, sample("coordinator"))

test_orders_assignments_manage_deny_promo_seniorCoordinator if not t.allowed("orders.assignments.manage", {}, promo("seniorCoordinator"))

# orders.sample.viewDrafts: sample orders permission, not a sample coordinator.

test_orders_sample_viewDrafts_allow_user if t.allowed("orders.sample.viewDrafts", {}, sample("user"))

test_orders_sample_viewDrafts_allow_with_promo_approver if {
	t.allowed("orders.sample.viewDrafts", {}, t.user([t.perm("its:sampleOrders", "user"), t.perm("its:promoOrders", "approver")]))
}

test_orders_sample_viewDrafts_deny_coordinator if not t.allowed("orders.sample.viewDrafts", {}, sample("coordinator"))

test_orders_sample_viewDrafts_deny_seniorCoordinator if not t.allowed("orders.sample.viewDrafts", {}, sample("seniorCoordinator"))

test_orders_sample_viewDrafts_deny_promo_coordinator if {
	not t.allowed("orders.sample.viewDrafts", {}, t.user([t.perm("its:sampleOrders", "user"), t.perm("its:promoOrders", "coordinator")]))
}

test_orders_sample_viewDrafts_deny_without_sample_orders if not t.allowed("orders.sample.viewDrafts", {}, t.nobody)

# orders.promo.view, viewAll, viewAssigned.

test_orders_promo_view_allow_any_role if t.allowed("orders.promo.view", {}, promo("approver"))

test_orders_promo_view_deny_sample_only if not t.allowed("orders.promo.view", {}, sample("user"))

test_orders_promo_viewAll_allow_user if t.allowed("orders.promo.viewAll", {}, promo("user"))

test_orders_promo_viewAll_allow_coordinator if t.allowed("orders.promo.viewAll", {}, promo("coordinator"))

test_orders_promo_viewAll_deny_approver if not t.allowed("orders.promo.viewAll", {}, promo("approver"))

test_orders_promo_viewAll_deny_seniorApprover if not t.allowed("orders.promo.viewAll", {}, promo("seniorApprover"))

test_orders_promo_viewAll_deny_without_promo_orders if not t.allowed("orders.promo.viewAll", {}, sample("user"))

test_orders_promo_viewAssigned_allow_approver if {
	t.allowed("orders.promo.viewAssigned", {"approverCode": "A1", "seniorApproverCode": "S1"}, t.code(promo("approver"), "A1"))
}

test_orders_promo_viewAssigned_allow_seniorApprover if {
	t.allowed("orders.promo.viewAssigned", {"approverCode": "A1", "seniorApproverCode": "S1"}, t.code(promo("seniorApprover"), "S1"))
}

test_orders_promo_viewAssigned_deny_other_codes if {
	not t.allowed("orders.promo.viewAssigned", {"approverCode": "A1", "seniorApproverCode": "S1"}, t.code(promo("seniorApprover"), "X9"))
}

test_orders_promo_viewAssigned_deny_not_approver if {
	not t.allowed("orders.promo.viewAssigned", {"approverCode": "A1"}, t.code(promo("user"), "A1"))
}

test_orders_promo_viewAssigned_deny_empty_codes if {
	not t.allowed("orders.promo.viewAssigned", {"approverCode": "", "seniorApproverCode": ""}, t.code(promo("approver"), ""))
}

# orders.promo.setStatus: approvers move PENDING, APPROVED or DENIED rows to APPROVED or DENIED.

test_orders_promo_setStatus_allow_approver if {
	t.allowed("orders.promo.setStatus", {"status": "PENDING", "newStatus": "APPROVED"}, promo("approver"))
}

test_orders_promo_setStatus_allow_seniorApprover if {
	t.allowed("orders.promo.setStatus", {"status": "APPROVED", "newStatus": "DENIED"}, promo("seniorApprover"))
}

test_orders_promo_setStatus_allow_from_denied if {
	t.allowed("orders.promo.setStatus", {"status": "DENIED", "newStatus": "APPROVED"}, promo("approver"))
}

test_orders_promo_setStatus_deny_user if {
	not t.allowed("orders.promo.setStatus", {"status": "PENDING", "newStatus": "APPROVED"}, promo("user"))
}

test_orders_promo_setStatus_deny_to_pending if {
	not t.allowed("orders.promo.setStatus", {"status": "APPROVED", "newStatus": "PENDING"}, promo("seniorApprover"))
}

test_orders_promo_setStatus_deny_from_draft if {
	not t.allowed("orders.promo.setStatus", {"status": "DRAFT", "newStatus": "APPROVED"}, promo("seniorApprover"))
}

test_orders_promo_setStatus_deny_without_new_status if {
	not t.allowed("orders.promo.setStatus", {"status": "PENDING"}, promo("approver"))
}

# orders.wholesale.view and edit: the wof flag.

test_orders_wholesale_view_allow_wof if t.allowed("orders.wholesale.view", {}, wof)

test_orders_wholesale_view_deny_without_flag if not t.allowed("orders.wholesale.view", {}, t.role("its:wholesaleOrders", "user"))

test_orders_wholesale_view_deny_anonymous if not t.anonymous_allowed("orders.wholesale.view", {})

test_orders_wholesale_edit_allow_wof if t.allowed("orders.wholesale.edit", {}, wof)

test_orders_wholesale_edit_deny_without_flag if not t.allowed("orders.wholesale.edit", {}, t.flags(t.nobody, ["conferenceDomestic"]))

# orders.edit (product spec §4.3).

test_orders_edit_allow_sample_draft if t.allowed("orders.edit", order("SAMPLE", "DRAFT"), sample("user"))

test_orders_edit_allow_promo_draft if t.allowed("orders.edit", order("PROMO", "DRAFT"), promo("user"))

test_orders_edit_allow_wholesale_draft if t.allowed("orders.edit", order("WHOLESALE", "DRAFT"), wof)

test_orders_edit_allow_status_case_insensitive if t.allowed("orders.edit", order("sample", "draft"), sample("user"))

test_orders_edit_deny_draft_without_type_permission if not t.allowed("orders.edit", order("SAMPLE", "DRAFT"), promo("user"))

test_orders_edit_deny_draft_without_order_type if not t.allowed("orders.edit", {"status": "DRAFT"}, sample("user"))

test_orders_edit_allow_sample_submitted_coordinator if t.allowed("orders.edit", order("SAMPLE", "SUBMITTED"), sample("coordinator"))

test_orders_edit_allow_sample_in_progress_seniorCoordinator if t.allowed("orders.edit", order("SAMPLE", "IN PROGRESS"), sample("seniorCoordinator"))

test_orders_edit_allow_sample_submitted_promo_coordinator if t.allowed("orders.edit", order("SAMPLE", "SUBMITTED"), promo("coordinator"))

test_orders_edit_deny_sample_submitted_user if not t.allowed("orders.edit", order("SAMPLE", "SUBMITTED"), sample("user"))

test_orders_edit_deny_sample_completed_coordinator if not t.allowed("orders.edit", order("SAMPLE", "COMPLETED"), sample("seniorCoordinator"))

test_orders_edit_allow_promo_requires_senior_seniorApprover if t.allowed("orders.edit", order("PROMO", "REQUIRES SENIOR"), promo("seniorApprover"))

test_orders_edit_allow_promo_requires_approver_seniorApprover if t.allowed("orders.edit", order("PROMO", "REQUIRES APPROVER"), promo("seniorApprover"))

test_orders_edit_allow_promo_requires_approver_approver if t.allowed("orders.edit", order("PROMO", "REQUIRES APPROVER"), promo("approver"))

test_orders_edit_deny_promo_requires_senior_approver if not t.allowed("orders.edit", order("PROMO", "REQUIRES SENIOR"), promo("approver"))

test_orders_edit_deny_promo_review_complete_seniorApprover if not t.allowed("orders.edit", order("PROMO", "REVIEW COMPLETE"), promo("seniorApprover"))

test_orders_edit_deny_promo_requires_approver_user if not t.allowed("orders.edit", order("PROMO", "REQUIRES APPROVER"), promo("user"))

test_orders_edit_deny_promo_requires_approver_sample_approver if not t.allowed("orders.edit", order("PROMO", "REQUIRES APPROVER"), sample("approver"))

test_orders_edit_allow_wholesale_any_status if t.allowed("orders.edit", order("WHOLESALE", "SUBMITTED"), wof)

test_orders_edit_deny_wholesale_without_flag if not t.allowed("orders.edit", order("WHOLESALE", "PENDING"), t.role("its:wholesaleOrders", "user"))

test_orders_edit_deny_anonymous if not t.anonymous_allowed("orders.edit", order("SAMPLE", "DRAFT"))

# orders.delete: DRAFT; wholesale also PENDING.

test_orders_delete_allow_sample_draft if t.allowed("orders.delete", order("SAMPLE", "DRAFT"), sample("user"))

test_orders_delete_allow_promo_draft if t.allowed("orders.delete", order("PROMO", "DRAFT"), promo("approver"))

test_orders_delete_allow_wholesale_draft if t.allowed("orders.delete", order("WHOLESALE", "DRAFT"), wof)

test_orders_delete_allow_wholesale_pending if t.allowed("orders.delete", order("WHOLESALE", "PENDING"), wof)

test_orders_delete_deny_sample_pending if not t.allowed("orders.delete", order("SAMPLE", "PENDING"), sample("seniorCoordinator"))

test_orders_delete_deny_sample_submitted_coordinator if not t.allowed("orders.delete", order("SAMPLE", "SUBMITTED"), sample("coordinator"))

test_orders_delete_deny_wholesale_submitted if not t.allowed("orders.delete", order("WHOLESALE", "SUBMITTED"), wof)

test_orders_delete_deny_wholesale_pending_without_flag if not t.allowed("orders.delete", order("WHOLESALE", "PENDING"), t.nobody)

test_orders_delete_deny_draft_without_type_permission if not t.allowed("orders.delete", order("PROMO", "DRAFT"), sample("user"))

# orders.view and orders.create: the route's order type.

test_orders_view_allow_sample_user if t.allowed("orders.view", {"orderType": "SAMPLE"}, sample("user"))

test_orders_view_allow_wholesale_wof if t.allowed("orders.view", {"orderType": "WHOLESALE"}, wof)

test_orders_view_deny_wholesale_without_flag if not t.allowed("orders.view", {"orderType": "WHOLESALE"}, t.role("its:wholesaleOrders", "user"))

test_orders_view_deny_unknown_type if not t.allowed("orders.view", {"orderType": "OTHER"}, sample("user"))

test_orders_create_allow_promo_user if t.allowed("orders.create", {"orderType": "PROMO"}, promo("user"))

test_orders_create_deny_promo_with_sample_only if not t.allowed("orders.create", {"orderType": "PROMO"}, sample("user"))

# orders.documents: any order type; each order is then checked with orders.read.

test_orders_documents_allow_sample_user if t.allowed("orders.documents", {}, sample("user"))

test_orders_documents_allow_wof if t.allowed("orders.documents", {}, wof)

test_orders_documents_deny_without_order_access if not t.allowed("orders.documents", {}, t.role("its:wholesaleOrders", "user"))

test_orders_documents_deny_nobody if not t.allowed("orders.documents", {}, t.nobody)

# orders.addresses: ship-to address lookups, for anyone with access to an order type.

test_orders_addresses_allow_sample_user if t.allowed("orders.addresses", {}, sample("user"))

test_orders_addresses_allow_promo_approver if t.allowed("orders.addresses", {}, promo("approver"))

test_orders_addresses_allow_wof if t.allowed("orders.addresses", {}, wof)

test_orders_addresses_deny_without_order_access if not t.allowed("orders.addresses", {}, t.role("its:wholesaleOrders", "user"))

test_orders_addresses_deny_nobody if not t.allowed("orders.addresses", {}, t.nobody)

test_orders_addresses_deny_anonymous if not t.anonymous_allowed("orders.addresses", {})

# orders.read: own orders, coordinators past DRAFT, assigned approvers.

test_orders_read_allow_own_draft if t.allowed("orders.read", order("SAMPLE", "DRAFT"), t.code(sample("user"), "U999"))

test_orders_read_deny_other_users_order if not t.allowed("orders.read", order("SAMPLE", "SUBMITTED"), t.code(sample("user"), "U1"))

test_orders_read_allow_coordinator_submitted if t.allowed("orders.read", order("SAMPLE", "SUBMITTED"), t.code(sample("coordinator"), "C1"))

test_orders_read_deny_coordinator_draft if not t.allowed("orders.read", order("SAMPLE", "DRAFT"), t.code(sample("coordinator"), "C1"))

test_orders_read_allow_coordinator_reviewed_promo if t.allowed("orders.read", order("PROMO", "REVIEW COMPLETE"), t.code(promo("coordinator"), "C1"))

test_orders_read_deny_coordinator_promo_in_review if not t.allowed("orders.read", order("PROMO", "REQUIRES APPROVER"), t.code(promo("coordinator"), "C1"))

test_orders_read_allow_assigned_approver if {
	t.allowed("orders.read", object.union(order("PROMO", "REQUIRES APPROVER"), {"approverCode": "A1"}), t.code(promo("approver"), "A1"))
}

test_orders_read_deny_unassigned_approver if {
	not t.allowed("orders.read", object.union(order("PROMO", "REQUIRES APPROVER"), {"approverCode": "A1"}), t.code(promo("approver"), "A2"))
}

test_orders_read_deny_wholesale_of_another if not t.allowed("orders.read", order("WHOLESALE", "PENDING"), t.code(wof, "W1"))

# orders.submit.

test_orders_submit_allow_own_draft if t.allowed("orders.submit", order("PROMO", "DRAFT"), t.code(promo("user"), "U999"))

test_orders_submit_deny_draft_of_another if not t.allowed("orders.submit", order("PROMO", "DRAFT"), t.code(promo("user"), "U1"))

test_orders_submit_allow_own_wholesale_pending if t.allowed("orders.submit", order("WHOLESALE", "PENDING"), t.code(wof, "U999"))

test_orders_submit_deny_sample_pending if not t.allowed("orders.submit", order("SAMPLE", "PENDING"), t.code(sample("user"), "U999"))

test_orders_submit_allow_approver_step if {
	t.allowed("orders.submit", object.union(order("PROMO", "REQUIRES APPROVER"), {"approverCode": "A1"}), t.code(promo("approver"), "A1"))
}

test_orders_submit_deny_approver_not_assigned if {
	not t.allowed("orders.submit", object.union(order("PROMO", "REQUIRES APPROVER"), {"approverCode": "A1"}), t.code(promo("approver"), "A2"))
}

test_orders_submit_allow_senior_step if {
	t.allowed("orders.submit", object.union(order("PROMO", "REQUIRES SENIOR"), {"seniorApproverCode": "S1"}), t.code(promo("seniorApprover"), "S1"))
}

test_orders_submit_deny_approver_senior_step if {
	not t.allowed("orders.submit", object.union(order("PROMO", "REQUIRES SENIOR"), {"seniorApproverCode": "A1"}), t.code(promo("approver"), "A1"))
}

# orders.complete.

test_orders_complete_allow_coordinator_in_progress if t.allowed("orders.complete", order("SAMPLE", "IN PROGRESS"), sample("coordinator"))

test_orders_complete_deny_user if not t.allowed("orders.complete", order("SAMPLE", "SUBMITTED"), sample("user"))

test_orders_complete_deny_coordinator_draft if not t.allowed("orders.complete", order("SAMPLE", "DRAFT"), sample("coordinator"))

test_orders_complete_allow_promo_processed if t.allowed("orders.complete", order("PROMO", "PROCESSED"), promo("coordinator"))

test_orders_complete_deny_promo_in_review if not t.allowed("orders.complete", order("PROMO", "REQUIRES SENIOR"), promo("coordinator"))

test_orders_complete_allow_wholesale_submitted if t.allowed("orders.complete", order("WHOLESALE", "SUBMITTED"), wof)

test_orders_complete_deny_wholesale_pending if not t.allowed("orders.complete", order("WHOLESALE", "PENDING"), wof)

# orders.sample.setStatus: only sample coordinators set sample line statuses.

test_orders_sample_setStatus_allow_coordinator if t.allowed("orders.sample.setStatus", {"status": "SUBMITTED"}, sample("coordinator"))

test_orders_sample_setStatus_deny_user if not t.allowed("orders.sample.setStatus", {"status": "DRAFT"}, sample("user"))

# orders.discount: wof users who manage assortments or administer orders.

test_orders_discount_allow_manager if {
	t.allowed("orders.discount", {"orderType": "WHOLESALE"}, t.flags(t.role("its:productAssortments", "manager"), ["wof"]))
}

test_orders_discount_deny_editor if {
	not t.allowed("orders.discount", {"orderType": "WHOLESALE"}, t.flags(t.role("its:productAssortments", "editor"), ["wof"]))
}

test_orders_discount_deny_without_wof if not t.allowed("orders.discount", {"orderType": "WHOLESALE"}, t.role("its:productAssortments", "manager"))

# Nobody reviews an order they requested.

test_orders_submit_deny_own_review if {
	not t.allowed("orders.submit", {"orderType": "PROMO", "status": "REQUIRES APPROVER", "requesterCode": "APR001", "approverCode": "APR001"}, t.code(promo("approver"), "APR001"))
}

test_orders_submit_deny_own_senior_review if {
	not t.allowed("orders.submit", {"orderType": "PROMO", "status": "REQUIRES SENIOR", "requesterCode": "SAP001", "seniorApproverCode": "SAP001"}, t.code(promo("seniorApprover"), "SAP001"))
}

test_orders_promo_setStatus_deny_own_order if {
	not t.allowed("orders.promo.setStatus", {"status": "PENDING", "newStatus": "APPROVED", "requesterCode": "APR001"}, t.code(promo("approver"), "APR001"))
}
