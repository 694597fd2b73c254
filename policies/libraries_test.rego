package its.tests.libraries

import data.its.testutil as t

library_permissions := {
	"AdvertisingAsset": "its:advertisingAssets",
	"AdvertisingLogo": "its:advertisingLogos",
	"GlobalRetailAsset": "its:globalRetailAssets",
	"GlobalRetailResource": "its:globalRetailResources",
	"ProductDocument": "its:productDocuments",
	"StepAsset": "its:stepTraining",
}

# libraries.view: user, editor or seniorEditor in the library's permission.

test_libraries_view_allow_user if t.allowed("libraries.view", {"libraryType": "AdvertisingAsset"}, t.role("its:advertisingAssets", "user"))

test_libraries_view_allow_editor if t.allowed("libraries.view", {"libraryType": "ProductDocument"}, t.role("its:productDocuments", "editor"))

test_libraries_view_allow_seniorEditor if t.allowed("libraries.view", {"libraryType": "StepAsset"}, t.role("its:stepTraining", "seniorEditor"))

test_libraries_view_allow_every_library_type if {
	every library_type, domain in library_permissions {
		t.allowed("libraries.view", {"libraryType": library_type}, t.role(domain, "user"))
	}
}

test_libraries_view_allow_library_type_case_insensitive if {
	t.allowed("libraries.view", {"libraryType": "advertisingasset"}, t.role("its:advertisingAssets", "user"))
}

test_libraries_view_allow_without_library_type_with_one_library if {
	t.allowed("libraries.view", {}, t.role("its:globalRetailResources", "user"))
}

test_libraries_view_deny_other_library if {
	not t.allowed("libraries.view", {"libraryType": "AdvertisingAsset"}, t.role("its:advertisingLogos", "seniorEditor"))
}

test_libraries_view_deny_role_not_listed if {
	not t.allowed("libraries.view", {"libraryType": "AdvertisingAsset"}, t.role("its:advertisingAssets", "manager"))
}

test_libraries_view_deny_unknown_library_type if {
	not t.allowed("libraries.view", {"libraryType": "Unknown"}, t.role("its:advertisingAssets", "editor"))
}

test_libraries_view_deny_without_library_type_and_no_library if {
	not t.allowed("libraries.view", {}, t.role("its:products", "user"))
}

test_libraries_view_deny_anonymous if not t.anonymous_allowed("libraries.view", {"libraryType": "AdvertisingAsset"})

# libraries.manage: editor or seniorEditor in the library's permission.

test_libraries_manage_allow_editor if t.allowed("libraries.manage", {"libraryType": "GlobalRetailAsset"}, t.role("its:globalRetailAssets", "editor"))

test_libraries_manage_allow_seniorEditor if t.allowed("libraries.manage", {"libraryType": "AdvertisingLogo"}, t.role("its:advertisingLogos", "seniorEditor"))

test_libraries_manage_allow_every_library_type if {
	every library_type, domain in library_permissions {
		t.allowed("libraries.manage", {"libraryType": library_type}, t.role(domain, "editor"))
	}
}

test_libraries_manage_allow_without_library_type_with_one_library if {
	t.allowed("libraries.manage", {}, t.role("its:stepTraining", "editor"))
}

test_libraries_manage_deny_user if {
	not t.allowed("libraries.manage", {"libraryType": "GlobalRetailAsset"}, t.role("its:globalRetailAssets", "user"))
}

test_libraries_manage_deny_other_library if {
	not t.allowed("libraries.manage", {"libraryType": "ProductDocument"}, t.role("its:globalRetailAssets", "editor"))
}

test_libraries_manage_deny_without_library_type_as_user if {
	not t.allowed("libraries.manage", {}, t.role("its:stepTraining", "user"))
}

# prototypes.view: the product playgrounds are for editors and admins.
test_prototypes_view_allow_editor if t.allowed("prototypes.view", {}, t.role("its:productAssortments", "editor"))

test_prototypes_view_allow_seniorEditor if t.allowed("prototypes.view", {}, t.role("its:productAssortments", "seniorEditor"))

test_prototypes_view_allow_admin if t.allowed("prototypes.view", {}, t.role("its:admin:users", "admin"))

test_prototypes_view_deny_user if not t.allowed("prototypes.view", {}, t.role("its:productAssortments", "user"))

test_prototypes_view_deny_manager if not t.allowed("prototypes.view", {}, t.role("its:productAssortments", "manager"))
