// Package migrations embeds ITS's SQL migrations: one global ordered sequence named
// NNNN_<module>_<what>.sql, applied at start-up by core/db.
package migrations

import "embed"

// FS holds every migration.
//
//go:embed *.sql
var FS embed.FS
