package registry

import (
	"net/http"

	"go.uber.org/fx"
)

// Endpoint is a handler a module serves outside /api, under a path prefix of its own, with a
// credential of its own (a bearer token of another system): no session, no CSRF check and no
// policy action. Its handler answers every path under Prefix itself, refusals included.
type Endpoint struct {
	// Prefix is the path the handler serves, and everything under it ("/x/v1" serves "/x/v1/...").
	Prefix  string
	Handler http.Handler
}

// AsEndpoint annotates a constructor of Endpoint for the router's fx group.
func AsEndpoint(ctor any) fx.Option {
	return fx.Provide(fx.Annotate(ctor, fx.ResultTags(`group:"endpoints"`)))
}
