// Package policies holds ITS's OPA policies (Rego v1) and the role grants they
// read as data.grants. The single decision is data.its.authz.allow; the
// catalogue of known actions is data.its.authz.actions. Files ending in
// _test.rego are the policy tests and are not part of the production query.
package policies

import "embed"

// FS holds every policy, test and lib file plus grants.json.
//
//go:embed *.rego lib/*.rego grants.json
var FS embed.FS
