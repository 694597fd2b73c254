package authz

import (
	"encoding/binary"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"

	"its/core/identity"
)

// maxCachedUsers bounds the users whose input.user value is kept for reuse.
const maxCachedUsers = 512

// nullUser is input.user for anonymous callers.
var nullUser = ast.NullTerm()

// userCache keeps the input.user values of recent users, keyed by everything the value is built
// from: a user whose permissions, flags, departments or territories change gets a new key, so a
// cached value is never stale. Values are immutable and shared by concurrent evaluations.
type userCache struct {
	mu sync.RWMutex
	m  map[string]*ast.Term
}

// value is input.user for u: nullUser when u is nil.
func (c *userCache) value(u *identity.User) *ast.Term {
	if u == nil {
		return nullUser
	}
	var buf [1024]byte
	key := userKey(buf[:0], u)
	c.mu.RLock()
	t, ok := c.m[string(key)]
	c.mu.RUnlock()
	if ok {
		return t
	}
	t = ast.NewTerm(userValue(u))
	c.mu.Lock()
	if c.m == nil {
		c.m = make(map[string]*ast.Term, maxCachedUsers)
	}
	if len(c.m) >= maxCachedUsers {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[string(key)] = t
	c.mu.Unlock()
	return t
}

// userKey appends to b every field of u that userValue reads, each length-prefixed so that
// different users cannot share a key.
func userKey(b []byte, u *identity.User) []byte {
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	str(u.ID)
	str(u.Email)
	str(u.UserCode)
	b = binary.AppendUvarint(b, uint64(len(u.Permissions)))
	for _, p := range u.Permissions {
		str(p.Domain)
		str(p.Role)
		str(p.Channel)
		str(p.Region)
		str(p.ProductType)
	}
	b = binary.AppendUvarint(b, uint64(len(u.DepartmentAccess)))
	for _, d := range u.DepartmentAccess {
		str(d)
	}
	b = binary.AppendUvarint(b, uint64(len(u.Flags)))
	for _, f := range u.Flags {
		str(f)
	}
	b = binary.AppendUvarint(b, uint64(len(u.UserTBEs)))
	for _, t := range u.UserTBEs {
		str(t.Territory)
		str(t.BusinessEntity)
		b = binary.AppendUvarint(b, uint64(len(t.Locations)))
		for _, l := range t.Locations {
			str(l.Key)
		}
	}
	return b
}

// Object keys of input.user, built once.
var (
	keyID, keyEmail, keyUserCode    = ast.StringTerm("id"), ast.StringTerm("email"), ast.StringTerm("userCode")
	keyPermissions, keyDepartments  = ast.StringTerm("permissions"), ast.StringTerm("departmentAccess")
	keyFlags, keyTBEs               = ast.StringTerm("flags"), ast.StringTerm("userTBEs")
	keyRole, keyChannel             = ast.StringTerm("role"), ast.StringTerm("channel")
	keyRegion, keyProductType       = ast.StringTerm("region"), ast.StringTerm("productType")
	keyTerritory, keyBusinessEntity = ast.StringTerm("territory"), ast.StringTerm("businessEntity")
	keyLocations, keyKey            = ast.StringTerm("locations"), ast.StringTerm("key")
)

// userValue builds the input.user object of the policies' contract (policies/README.md):
// permissions are keyed by domain, each a list of {role, channel, region, productType}.
func userValue(u *identity.User) ast.Value {
	domains := make([][2]*ast.Term, 0, len(u.Permissions))
	for i, p := range u.Permissions {
		if seen(u.Permissions[:i], p.Domain) {
			continue
		}
		var perms []*ast.Term
		for _, q := range u.Permissions[i:] {
			if q.Domain == p.Domain {
				perms = append(perms, ast.ObjectTerm(
					ast.Item(keyRole, ast.StringTerm(q.Role)),
					ast.Item(keyChannel, ast.StringTerm(q.Channel)),
					ast.Item(keyRegion, ast.StringTerm(q.Region)),
					ast.Item(keyProductType, ast.StringTerm(q.ProductType)),
				))
			}
		}
		domains = append(domains, ast.Item(ast.StringTerm(p.Domain), ast.ArrayTerm(perms...)))
	}
	tbes := make([]*ast.Term, len(u.UserTBEs))
	for i, t := range u.UserTBEs {
		locs := make([]*ast.Term, len(t.Locations))
		for j, l := range t.Locations {
			locs[j] = ast.ObjectTerm(ast.Item(keyKey, ast.StringTerm(l.Key)))
		}
		tbes[i] = ast.ObjectTerm(
			ast.Item(keyTerritory, ast.StringTerm(t.Territory)),
			ast.Item(keyBusinessEntity, ast.StringTerm(t.BusinessEntity)),
			ast.Item(keyLocations, ast.ArrayTerm(locs...)),
		)
	}
	return ast.NewObject(
		ast.Item(keyID, ast.StringTerm(u.ID)),
		ast.Item(keyEmail, ast.StringTerm(u.Email)),
		ast.Item(keyUserCode, ast.StringTerm(u.UserCode)),
		ast.Item(keyPermissions, ast.ObjectTerm(domains...)),
		ast.Item(keyDepartments, stringsTerm(u.DepartmentAccess)),
		ast.Item(keyFlags, stringsTerm(u.Flags)),
		ast.Item(keyTBEs, ast.ArrayTerm(tbes...)),
	)
}

// seen reports whether one of perms has domain.
func seen(perms []identity.Permission, domain string) bool {
	for _, p := range perms {
		if p.Domain == domain {
			return true
		}
	}
	return false
}

func stringsTerm(ss []string) *ast.Term {
	ts := make([]*ast.Term, len(ss))
	for i, s := range ss {
		ts[i] = ast.StringTerm(s)
	}
	return ast.ArrayTerm(ts...)
}

// reset forgets every memoised user term (a new policy set is live).
func (c *userCache) reset() {
	c.mu.Lock()
	clear(c.m)
	c.mu.Unlock()
}
