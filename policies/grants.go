package policies

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// GrantRulesPath names the module GrantRules returns, as compile errors and traces show it.
const GrantRulesPath = "grants.json.rego"

// GrantRules compiles grants.json into Rego (package its.authz): each entry becomes one allow
// rule whose first condition is input.action == "<action>", so that OPA's rule index evaluates
// only the rules of the action asked about, and each rule reads only the user's permissions in
// its domain. The same bodies are also emitted as granted rules ("grants.json admits the input"),
// for policy rules that ask another action's grants with `granted with input.action as ...`.
// The conditions are calls of the lib helpers that define them (README.md, lib/grants.rego):
//
//	{"public": true}         allow if input.action == "a"
//	{"authenticated": true}  allow if { input.action == "a"; is_object(input.user) }
//	{"flag": "f"}            allow if { input.action == "a"; is_object(input.user); lib.has_flag(input.user, "f") }
//	{"domain": "d", ...}     allow if {
//	                             input.action == "a"
//	                             some p in input.user.permissions["d"]
//	                             p.role in {"r1", "r2"}   (roles; without: is_string(p.role); p.role != "")
//	                             lib.match_ok(resource, "k", "v")              (each match key)
//	                             lib.narrow_ok(p, resource, "k")               (each narrow attribute)
//	                             lib.department_ok(input.user, resource, "k")  (department)
//	                         }
//
// An entry with narrow also gets a fast rule, emitted first: when the resource carries every
// narrowed attribute as a string, it checks them inline, with the first body of lib.narrow_ok
// (is_string(p[k]); lower(p[k]) in {"all", lower(input.resource[k])}), and so saves a function
// call per attribute on the common path. It admits only what the general rule admits; any other
// resource fails its first condition and falls to the general rule.
//
// An entry with an unknown key or a value of the wrong type is an error, never skipped: a
// skipped condition would widen the grant.
func GrantRules(grantsJSON []byte) (string, error) {
	var grants map[string][]map[string]json.RawMessage
	if err := json.Unmarshal(grantsJSON, &grants); err != nil {
		return "", fmt.Errorf("grants.json: want {action: [entry, ...]}: %w", err)
	}
	actions := make([]string, 0, len(grants))
	for a := range grants {
		actions = append(actions, a)
	}
	sort.Strings(actions)
	var b strings.Builder
	b.WriteString("# Compiled from grants.json at load; see GrantRules in grants.go.\npackage its.authz\n\nimport data.its.lib\n")
	for _, action := range actions {
		for i, entry := range grants[action] {
			bodies, err := grantBodies(entry)
			if err != nil {
				return "", fmt.Errorf("grants.json: %s[%d]: %w", action, i, err)
			}
			for _, head := range []string{"allow", "granted"} {
				for _, body := range bodies {
					fmt.Fprintf(&b, "\n# %s[%d]\n%s if {\n\tinput.action == %[1]s\n", quote(action), i, head)
					for _, l := range body {
						fmt.Fprintf(&b, "\t%s\n", l)
					}
					b.WriteString("}\n")
				}
			}
		}
	}
	return b.String(), nil
}

// grantBodies is the conditions of one entry after the action's: one rule body, or for an entry
// with narrow two, the fast one first (see GrantRules).
func grantBodies(entry map[string]json.RawMessage) ([][]string, error) {
	kind := ""
	for _, k := range []string{"public", "authenticated", "flag", "domain"} {
		if _, ok := entry[k]; ok {
			if kind != "" {
				return nil, fmt.Errorf("%s and %s in one entry", kind, k)
			}
			kind = k
		}
	}
	switch kind {
	case "":
		return nil, fmt.Errorf("want one of public, authenticated, flag, domain")
	case "flag":
		var flag string
		if err := json.Unmarshal(entry[kind], &flag); err != nil || flag == "" || len(entry) != 1 {
			return nil, fmt.Errorf(`want {"flag": "<user access flag>"} alone`)
		}
		return [][]string{{"is_object(input.user)", fmt.Sprintf("lib.has_flag(input.user, %s)", quote(flag))}}, nil
	case "public", "authenticated":
		var yes bool
		if err := json.Unmarshal(entry[kind], &yes); err != nil || !yes || len(entry) != 1 {
			return nil, fmt.Errorf("want {%q: true} alone", kind)
		}
		if kind == "authenticated" {
			return [][]string{{"is_object(input.user)"}}, nil
		}
		return [][]string{nil}, nil
	}
	var domain string
	if err := json.Unmarshal(entry["domain"], &domain); err != nil || domain == "" {
		return nil, fmt.Errorf("domain must be a permission name")
	}
	// The conditions come in a fixed order (role, match, narrow, department).
	role := []string{"is_string(p.role)", `p.role != ""`}
	var match, narrow, department, fastNeeds, fastNarrow []string
	for k, raw := range entry {
		switch k {
		case "domain":
		case "roles":
			var roles []string
			if err := json.Unmarshal(raw, &roles); err != nil || len(roles) == 0 || slices.Contains(roles, "") {
				return nil, fmt.Errorf("roles must be a non-empty list of roles (omit it for any role)")
			}
			quoted := make([]string, len(roles))
			for i, r := range roles {
				quoted[i] = quote(r)
			}
			role = []string{fmt.Sprintf("p.role in {%s}", strings.Join(quoted, ", "))}
		case "match":
			var want map[string]string
			if err := json.Unmarshal(raw, &want); err != nil || len(want) == 0 {
				return nil, fmt.Errorf("match must be a non-empty object of strings")
			}
			for a, v := range want {
				match = append(match, fmt.Sprintf("lib.match_ok(resource, %s, %s)", quote(a), quote(v)))
			}
			sort.Strings(match)
		case "narrow":
			var attrs []string
			if err := json.Unmarshal(raw, &attrs); err != nil || len(attrs) == 0 || slices.Contains(attrs, "") {
				return nil, fmt.Errorf("narrow must be a non-empty list of attributes")
			}
			for _, a := range attrs {
				a := quote(a)
				narrow = append(narrow, fmt.Sprintf("lib.narrow_ok(p, resource, %s)", a))
				fastNeeds = append(fastNeeds, fmt.Sprintf("is_string(input.resource[%s])", a))
				fastNarrow = append(fastNarrow, fmt.Sprintf("is_string(p[%s])", a),
					fmt.Sprintf(`lower(p[%s]) in {"all", lower(input.resource[%[1]s])}`, a))
			}
		case "department":
			var attr string
			if err := json.Unmarshal(raw, &attr); err != nil || attr == "" {
				return nil, fmt.Errorf("department must name a resource attribute")
			}
			department = []string{fmt.Sprintf("lib.department_ok(input.user, resource, %s)", quote(attr))}
		default:
			return nil, fmt.Errorf("unknown key %q", k)
		}
	}
	perms := []string{fmt.Sprintf("some p in input.user.permissions[%s]", quote(domain))}
	general := slices.Concat(perms, role, match, narrow, department)
	if len(narrow) == 0 {
		return [][]string{general}, nil
	}
	return [][]string{slices.Concat(fastNeeds, perms, role, match, fastNarrow, department), general}, nil
}

// quote writes s as a Rego string literal (JSON string syntax).
func quote(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}
