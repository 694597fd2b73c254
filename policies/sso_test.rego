package its.sso_test

import data.its.sso

test_groups_give_permissions if {
	a := sso.account with input as {"provider": "corp", "groups": ["ITS Assortment Editors", "ITS Wholesale"]}
	{"domain": "its:productAssortments", "role": "editor", "channel": "All", "region": "All", "productType": "All"} in a.permissions
	"wof" in a.flags
	"wof" in a.managedFlags
}

test_unknown_group_gives_nothing if {
	a := sso.account with input as {"provider": "corp", "groups": ["Cafeteria"]}
	count(a.permissions) == 0
	count(a.flags) == 0
}

test_provider_scoped_group if {
	a := sso.account with sso.groups as {"corp:Buyers": {"permissions": [{"domain": "its:products", "role": "user", "region": "Europe"}]}}
		with input as {"provider": "corp", "groups": ["Buyers"]}
	{"domain": "its:products", "role": "user", "channel": "All", "region": "Europe", "productType": "All"} in a.permissions
	b := sso.account with sso.groups as {"corp:Buyers": {"permissions": [{"domain": "its:products", "role": "user"}]}}
		with input as {"provider": "other", "groups": ["Buyers"]}
	count(b.permissions) == 0
}
