package its.tests.searches

import data.its.testutil as t

# searches.save and searches.share: any logged-in user, never an anonymous caller.

test_searches_save_allow_user if t.allowed("searches.save", {}, t.role("its:products", "user"))

test_searches_save_allow_library_user if t.allowed("searches.save", {}, t.role("its:advertisingAssets", "user"))

test_searches_save_deny_anonymous if not t.anonymous_allowed("searches.save", {})

test_searches_share_allow_user if t.allowed("searches.share", {}, t.role("its:products", "user"))

test_searches_share_deny_anonymous if not t.anonymous_allowed("searches.share", {})
