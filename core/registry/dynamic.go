package registry

import (
	"net/http"

	"its/core/httpx"
)

// Dynamic is a set of modules that changes while ITS runs (out-of-process plugins): GET
// /api/modules shows them beside the compiled-in modules, filtered by the same policy.
type Dynamic interface {
	// Manifests lists the modules serving now.
	Manifests() []*Manifest
}

// SetDynamic adds the run-time modules; call it once while the app is wired, before serving.
func (reg *Registry) SetDynamic(d Dynamic) { reg.dynamic = d }

// Guard wraps h with the same check every compiled-in route gets: the action asked of the
// policy with the route's URL parameters (or resource's answer) as the resource; 401 for an
// anonymous caller, 403 for a refused one. Routes mounted outside Mount (a plugin's) use it.
func (reg *Registry) Guard(module, method, path, action string, resource ResourceFunc, h httpx.HandlerFunc) http.Handler {
	return reg.guard(&route{module: module, method: method, path: path, action: action, handler: h, resource: resource})
}

// StaticModule reports whether a compiled-in module uses id, and ActionModule which module
// declared action ("" for none): a plugin may reuse neither.
func (reg *Registry) StaticModule(id string) bool {
	for _, l := range reg.Modules {
		if l.Manifest.ID == id {
			return true
		}
	}
	return false
}

// ActionModule names the compiled-in module that declared action, "" for none.
func (reg *Registry) ActionModule(action string) string { return reg.Actions[action] }
