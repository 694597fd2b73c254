package policies_test

import (
	"strings"
	"testing"

	"its/policies"
)

// TestGrantRulesRejectsMalformedEntries: an entry the compiler does not understand stops the
// load instead of being compiled without the condition (which would widen the grant).
func TestGrantRulesRejectsMalformedEntries(t *testing.T) {
	for _, bad := range []string{
		`{"a.b": [{"domain": "its:products", "role": ["user"]}]}`,
		`{"a.b": [{"domain": "its:products", "roles": []}]}`,
		`{"a.b": [{"domain": "its:products", "roles": "user"}]}`,
		`{"a.b": [{"domain": "its:products", "narrow": "channel"}]}`,
		`{"a.b": [{"domain": "its:products", "match": {"libraryType": 1}}]}`,
		`{"a.b": [{"domain": "its:products", "department": ""}]}`,
		`{"a.b": [{"domain": ""}]}`,
		`{"a.b": [{"public": true, "domain": "its:products"}]}`,
		`{"a.b": [{"public": false}]}`,
		`{"a.b": [{"authenticated": true, "roles": ["user"]}]}`,
		`{"a.b": [{}]}`,
		`{"a.b": [{"flag": ""}]}`,
		`{"a.b": [{"flag": "wof", "domain": "its:products"}]}`,
		`{"a.b": [{"flag": true}]}`,
		`{"a.b": {"public": true}}`,
	} {
		if _, err := policies.GrantRules([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

// TestGrantRulesQuoting: names are written as Rego strings, never as code.
func TestGrantRulesQuoting(t *testing.T) {
	src, err := policies.GrantRules([]byte(`{"a\"\nallow if true #": [{"domain": "d\"\n"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(src, "\nallow if true") {
		t.Fatalf("a name escaped its string:\n%s", src)
	}
}
