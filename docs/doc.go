// Package docs holds the project's documentation. Its test keeps docs/spec-index.md honest: every
// file and symbol the index names must exist, and every API route a manifest declares must be
// listed in it.
package docs
