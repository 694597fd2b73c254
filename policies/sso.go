package policies

import (
	"encoding/json"
	"fmt"

	"its/core/identity"
)

// SignInMappingQuery is the policy set's group mapping (sso.rego): what a company sign-in
// provider's groups give a user, for input {"provider": id, "groups": [...]}.
const SignInMappingQuery = "data.its.sso.account"

// SignInMapping is the value of SignInMappingQuery.
type SignInMapping struct {
	Permissions  []identity.Permission `json:"permissions"`
	Flags        []string              `json:"flags"`
	Territories  []identity.TBE        `json:"territories"`
	ManagedFlags []string              `json:"managedFlags"`
}

// SignInMappingInput is the query's input.
func SignInMappingInput(provider string, groups []string) map[string]any {
	return map[string]any{"provider": provider, "groups": groups}
}

// DecodeSignInMapping reads the query's value (a set evaluates to a list).
func DecodeSignInMapping(v any) (*SignInMapping, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	m := &SignInMapping{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("group mapping: %s gives %s: %w", SignInMappingQuery, b, err)
	}
	return m, nil
}
