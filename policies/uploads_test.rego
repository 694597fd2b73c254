package its.tests.uploads

import data.its.testutil as t

test_uploads_create_allow_logged_in if t.allowed("uploads.create", {}, t.nobody)

test_uploads_create_deny_anonymous if not t.anonymous_allowed("uploads.create", {})

test_uploads_own_allow_owner if t.allowed("uploads.own", {"ownerId": "u-1"}, t.nobody)

test_uploads_own_allow_route_without_owner if t.allowed("uploads.own", {"uploadId": "abc"}, t.nobody)

test_uploads_own_deny_other_user if not t.allowed("uploads.own", {"ownerId": "u-2"}, t.role("its:advertisingAssets", "seniorEditor"))

test_uploads_own_deny_anonymous if not t.anonymous_allowed("uploads.own", {"ownerId": "u-1"})
