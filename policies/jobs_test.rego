package its.tests.jobs

import data.its.testutil as t

test_jobs_view_allow_own_job if t.allowed("jobs.view", {"ownerId": "u-1"}, t.nobody)

test_jobs_view_allow_route_without_owner if t.allowed("jobs.view", {"id": "42"}, t.nobody)

test_jobs_view_deny_other_users_job if not t.allowed("jobs.view", {"ownerId": "u-2"}, t.role("its:admin:users", "admin"))

test_jobs_view_deny_anonymous if not t.anonymous_allowed("jobs.view", {"id": "42"})

test_jobs_cancel_allow_own_job if t.allowed("jobs.cancel", {"ownerId": "u-1"}, t.nobody)

test_jobs_cancel_allow_route_without_owner if t.allowed("jobs.cancel", {}, t.nobody)

test_jobs_cancel_deny_other_users_job if not t.allowed("jobs.cancel", {"ownerId": "u-2"}, t.nobody)

test_jobs_cancel_deny_anonymous if not t.anonymous_allowed("jobs.cancel", {"ownerId": "u-1"})
