package authz

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
)

// Policies that admins edit decide from their input and the grants alone: the capabilities they
// are compiled with leave out every builtin that calls out (http.send, net.lookup_ip_addr, a
// JSON schema's remote $ref), reads the server's state (opa.runtime) or answers differently from
// call to call (time.now_ns, rand.intn, uuid.rfc4122, the signing JWT builtins): OPA marks those
// nondeterministic. The whole net.* family goes too.
func forbiddenBuiltin(b *ast.Builtin) bool {
	return b.Nondeterministic || strings.HasPrefix(b.Name, "net.")
}

// restrictions are what every policy set is compiled with: the capabilities (OPA's for this
// version less the forbidden builtins) and the forbidden names. Both are read-only once made.
type restrictions struct {
	caps      *ast.Capabilities
	forbidden map[string]bool
}

var restricted = sync.OnceValue(func() restrictions {
	c := ast.CapabilitiesForThisVersion()
	r := restrictions{caps: c, forbidden: map[string]bool{}}
	for _, b := range c.Builtins {
		if forbiddenBuiltin(b) {
			r.forbidden[b.Name] = true
		}
	}
	c.Builtins = slices.DeleteFunc(slices.Clone(c.Builtins), forbiddenBuiltin)
	return r
})

// NewCompiler is the compiler of every policy, the live set's, an admin's draft's and a
// plugin's: only the allowed builtins exist.
func NewCompiler() *ast.Compiler { return ast.NewCompiler().WithCapabilities(restricted().caps) }

// CheckBuiltins refuses modules that use a builtin policies may not call, naming each use.
func CheckBuiltins(modules map[string]*ast.Module) error {
	if errs := forbiddenCalls(modules); len(errs) > 0 {
		return errs
	}
	return nil
}

// forbiddenCalls names each use of a forbidden builtin in the modules, with its file and line,
// before anything of the set is compiled or run (its tests included, which must not call out
// either).
func forbiddenCalls(modules map[string]*ast.Module) CompileErrors {
	forbidden := restricted().forbidden
	var errs CompileErrors
	for _, path := range slices.Sorted(maps.Keys(modules)) {
		ast.WalkRefs(modules[path], func(r ast.Ref) bool {
			name := r.String()
			if !forbidden[name] {
				return false
			}
			ce := CompileError{File: path, Message: fmt.Sprintf("%s is not allowed in ITS policies: a policy decides from its input and the grants, and may not call out, read the server's state or depend on time or chance", name)}
			if loc := r[0].Location; loc != nil {
				ce.Row, ce.Col = loc.Row, loc.Col
			}
			errs = append(errs, ce)
			return false
		})
	}
	return errs
}
