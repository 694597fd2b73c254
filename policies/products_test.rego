package its.tests.products

import data.its.testutil as t

test_products_view_allow_products if t.allowed("products.view", {}, t.role("its:products", "user"))

test_products_view_allow_product_assortments if t.allowed("products.view", {}, t.role("its:productAssortments", "editor"))

test_products_view_allow_internal_assortments if t.allowed("products.view", {}, t.role("its:internalAssortments", "user"))

test_products_view_deny_other_permission if not t.allowed("products.view", {}, t.role("its:sampleOrders", "user"))

test_products_view_deny_anonymous if not t.anonymous_allowed("products.view", {})
