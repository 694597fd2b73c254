// Package configs embeds the default configuration and its overlays so the binary runs with no
// files beside it.
package configs

import "embed"

// FS holds default.yaml and the overlays.
//
//go:embed *.yaml
var FS embed.FS
