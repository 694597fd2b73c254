// Command conference is the global conference plugin: the seven event microsites under
// /global/conference (spring26, fall25, spring25, fall24, spring24, fall23 and spring23), their
// content in the blob store and the editors' content grid. The core checks each request's
// session and policy (policy/conference.rego) before it reaches these handlers.
package main

import (
	"net/http"

	"its/core/plugins/sdk"
)

const version = "1.0.0"

func main() { sdk.Serve("conference", version, routes(hostOf)) }

// hostOf is the core's host services of a request (nil only in tests without a core).
func hostOf(r *http.Request) host {
	if h := sdk.HostOf(r); h != nil {
		return h
	}
	return nil
}

func routes(hf func(*http.Request) host) *sdk.Mux {
	a := &app{cat: catalogue, host: hf, demo: demoEnabled()}
	m := sdk.NewMux()
	m.HandleFunc("GET", "/api/conference/events/{event}", a.getEvent)
	m.HandleFunc("PUT", "/api/conference/events/{event}/state", a.putState)
	m.HandleFunc("GET", "/api/conference/items", a.listItems)
	m.HandleFunc("POST", "/api/conference/items", a.upload)
	m.HandleFunc("PATCH", "/api/conference/items/{item}", a.patchItem)
	m.HandleFunc("DELETE", "/api/conference/items/{item}", a.deleteItem)
	return m
}
