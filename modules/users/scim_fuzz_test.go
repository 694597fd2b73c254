package users

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/elimity-com/scim"
)

// parsedOnly are resource handlers over one account and one group held in memory, so that the
// fuzz target runs what the protocol server and this module do with a filter or a PATCH body
// (parse, check against the schema, turn into SQL or apply) without a database.
type parsedOnly struct {
	t     *testing.T
	group bool
}

var fuzzUser = scimUser{ID: "u1", Email: "jane@example.com", Name: "Jane", LastName: "Doe", ExternalID: "x1", Active: true}

func (p parsedOnly) Create(*http.Request, scim.ResourceAttributes) (scim.Resource, error) {
	return scim.Resource{}, nil
}
func (p parsedOnly) Get(*http.Request, string) (scim.Resource, error) { return scim.Resource{}, nil }
func (p parsedOnly) Delete(*http.Request, string) error               { return nil }
func (p parsedOnly) Replace(*http.Request, string, scim.ResourceAttributes) (scim.Resource, error) {
	return scim.Resource{}, nil
}

func (p parsedOnly) GetAll(_ *http.Request, params scim.ListRequestParams) (scim.Page, error) {
	all := []scim.Resource{fuzzUser.resource()}
	if params.FilterValidator != nil {
		if cond, _, ok := userFilterSQL(params.FilterValidator.GetFilter()); ok {
			// Only fixed conditions reach SQL; the compared value is always a parameter.
			switch cond {
			case `lower(u.email) = lower($2)`, `s.external_id = $2`, `u.id::text = $2`:
			default:
				p.t.Fatalf("filter turned into SQL %q", cond)
			}
		}
		all = passing(all, params)
	}
	return page(all, params), nil
}

func (p parsedOnly) Patch(_ *http.Request, _ string, ops []scim.PatchOperation) (scim.Resource, error) {
	if p.group {
		g := scimGroup{ID: "g1", DisplayName: "Buyers", Members: []string{"u1", "u2"}}
		return g.resource(nil), applyGroupPatch(&g, ops)
	}
	u := fuzzUser
	if err := applyUserPatch(&u, ops); err != nil {
		return scim.Resource{}, err
	}
	return u.resource(), u.check()
}

// FuzzSCIMRequest sends any filter and any PATCH body to /Users and /Groups: the answer is a
// SCIM answer, never a panic or a 500.
func FuzzSCIMRequest(f *testing.F) {
	f.Add(`userName eq "jane@example.com"`, `{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"Replace","path":"active","value":"False"}]}`)
	f.Add(`emails[value eq "a@b.c"]`, `{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"replace","value":{"active":false,"name.givenName":"J"}}]}`)
	f.Add(`externalId eq "x" or not (active eq true)`, `{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"Replace","path":"emails[type eq \"work\"].value","value":"j@x.io"}]}`)
	f.Add(`displayName co "uy"`, `{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"remove","path":"members[value eq \"u1\"]"},{"op":"add","path":"members","value":[{"value":"u3"}]}]}`)
	f.Add(`meta.lastModified gt "2011-05-13T04:42:34Z"`, `{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],"Operations":[{"op":"Remove","path":"members","value":[{"value":"u2"}]}]}`)
	f.Add(`userName eq`, `{"Operations":[]}`)
	f.Fuzz(func(t *testing.T, filterText, body string) {
		srv, err := newSCIMServer(parsedOnly{t: t}, parsedOnly{t: t, group: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, req := range []*http.Request{
			httptest.NewRequest("GET", "/v2/Users?filter="+url.QueryEscape(filterText), nil),
			httptest.NewRequest("GET", "/v2/Groups?filter="+url.QueryEscape(filterText), nil),
			httptest.NewRequest("PATCH", "/v2/Users/u1", strings.NewReader(body)),
			httptest.NewRequest("PATCH", "/v2/Groups/g1", strings.NewReader(body)),
		} {
			rec := httptest.NewRecorder()
			srv.ServeHTTP(rec, req)
			if rec.Code >= 500 {
				t.Fatalf("%s %s: %d %s", req.Method, req.URL, rec.Code, rec.Body)
			}
		}
	})
}
