package its.tests.documents

import data.its.testutil as t

# documents.view: any role in product assortments.

test_documents_view_allow_user if t.allowed("documents.view", {}, t.role("its:productAssortments", "user"))

test_documents_view_allow_editor if t.allowed("documents.view", {}, t.role("its:productAssortments", "editor"))

test_documents_view_deny_other_permission if not t.allowed("documents.view", {}, t.role("its:internalAssortments", "adminEditor"))

test_documents_view_deny_anonymous if not t.anonymous_allowed("documents.view", {})

# documents.edit: editor, seniorEditor or manager in product assortments.

test_documents_edit_allow_editor if t.allowed("documents.edit", {}, t.role("its:productAssortments", "editor"))

test_documents_edit_allow_seniorEditor if t.allowed("documents.edit", {}, t.role("its:productAssortments", "seniorEditor"))

test_documents_edit_allow_manager if t.allowed("documents.edit", {}, t.role("its:productAssortments", "manager"))

test_documents_edit_deny_user if not t.allowed("documents.edit", {}, t.role("its:productAssortments", "user"))

test_documents_edit_deny_other_permission if not t.allowed("documents.edit", {}, t.role("its:advertisingAssets", "editor"))

test_documents_edit_deny_anonymous if not t.anonymous_allowed("documents.edit", {})

# documents.download: anyone holding the link.

test_documents_download_allow_anonymous if t.anonymous_allowed("documents.download", {})

test_documents_download_allow_user if t.allowed("documents.download", {}, t.role("its:products", "user"))

test_documents_download_deny_unknown_action if not t.anonymous_allowed("documents.downloadAll", {})

# documents.tearsheet: whoever may view products.

test_documents_tearsheet_allow_products_user if t.allowed("documents.tearsheet", {}, t.role("its:products", "user"))

test_documents_tearsheet_allow_internal if t.allowed("documents.tearsheet", {}, t.role("its:internalAssortments", "user"))

test_documents_tearsheet_deny_other_permission if not t.allowed("documents.tearsheet", {}, t.role("its:advertisingAssets", "editor"))

test_documents_tearsheet_deny_anonymous if not t.anonymous_allowed("documents.tearsheet", {})

# documents.package: any role in product assortments; documents.mailPackage: the editing roles.

test_documents_package_allow_user if t.allowed("documents.package", {}, t.role("its:productAssortments", "user"))

test_documents_package_deny_other_permission if not t.allowed("documents.package", {}, t.role("its:products", "user"))

test_documents_package_deny_anonymous if not t.anonymous_allowed("documents.package", {})

# documents.internalPackage: the internal assortments' users and admin editors.

test_documents_internalPackage_allow_user if t.allowed("documents.internalPackage", {}, t.role("its:internalAssortments", "user"))

test_documents_internalPackage_allow_adminEditor if t.allowed("documents.internalPackage", {}, t.role("its:internalAssortments", "adminEditor"))

test_documents_internalPackage_deny_regular_assortments if not t.allowed("documents.internalPackage", {}, t.role("its:productAssortments", "manager"))

test_documents_internalPackage_deny_anonymous if not t.anonymous_allowed("documents.internalPackage", {})

test_documents_mailPackage_allow_editor if t.allowed("documents.mailPackage", {}, t.role("its:productAssortments", "editor"))

test_documents_mailPackage_allow_manager if t.allowed("documents.mailPackage", {}, t.role("its:productAssortments", "manager"))

test_documents_mailPackage_deny_user if not t.allowed("documents.mailPackage", {}, t.role("its:productAssortments", "user"))

test_documents_mailPackage_deny_anonymous if not t.anonymous_allowed("documents.mailPackage", {})

# documents.manageTemplates: the managers of product assortments delete colleagues' shared templates.

test_documents_manageTemplates_allow_manager if t.allowed("documents.manageTemplates", {}, t.role("its:productAssortments", "manager"))

test_documents_manageTemplates_deny_editor if not t.allowed("documents.manageTemplates", {}, t.role("its:productAssortments", "editor"))

test_documents_manageTemplates_deny_seniorEditor if not t.allowed("documents.manageTemplates", {}, t.role("its:productAssortments", "seniorEditor"))

test_documents_manageTemplates_deny_admin_of_users if not t.allowed("documents.manageTemplates", {}, t.role("its:admin:users", "admin"))

test_documents_manageTemplates_deny_anonymous if not t.anonymous_allowed("documents.manageTemplates", {})
