// Package migrations embeds ITS's SQL migrations: one global ordered sequence named
// NNNN_<module>_<what>.sql, applied at start-up by core/db. Each module numbers its migrations
// inside a range of its own (Ranges), so two modules never fight over a number.
package migrations

import "embed"

// FS holds every migration.
//
//go:embed *.sql
var FS embed.FS

// Range is a block of migration numbers and the modules that number inside it.
type Range struct {
	From, To int64
	Modules  []string
}

// Ranges are the migration ranges (the README lists them too); a reserved range names the
// modules to come.
var Ranges = []Range{
	{1, 99, []string{"core", "notifications", "announcements", "admin"}},
	{100, 199, []string{"sampleinventory"}},
	{200, 249, []string{"products"}},
	{250, 299, []string{"assortments"}},
	{300, 399, []string{"jobs", "uploads", "libraries"}},
	{400, 499, []string{"dashboard"}},
	{500, 599, []string{"orders"}},
	{600, 699, []string{"seasons", "internalassortments"}},
	{700, 799, []string{"documents"}},
	{800, 849, []string{"imports"}},
	{850, 899, []string{"searches"}},
	{900, 949, []string{"users"}},
}

// Renumbered maps the former number of a migration to its number now, for databases that
// applied it under the former one (core/db moves the record before migrating). Products and
// assortments once shared 0200–0299.
var Renumbered = map[int64]int64{
	210: 250, // assortments_base
	211: 251, // assortments_collections
	213: 252, // assortments_alert_params
	214: 253, // assortments_dynamic_count
	212: 201, // products_search
	215: 202, // products_sort_desc
}
