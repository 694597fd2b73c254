// Package migrations embeds ITS's SQL migrations: one global ordered sequence named
// NNNN_<module>_<what>.sql, applied at start-up by core/db. Each module numbers its migrations
// inside the range its manifest declares (Ranges), so two modules never fight over a number.
package migrations

import (
	"embed"
	"sort"
)

// FS holds every migration.
//
//go:embed *.sql
var FS embed.FS

// Range is a block of migration numbers and the modules that number inside it.
type Range struct {
	From, To int64
	Modules  []string
}

// Reserved are core's own blocks. announcements is the dashboard's first migration, named before
// each module numbered in a block of its own.
var Reserved = []Range{
	{1, 99, []string{"core", "announcements"}},
	{300, 399, []string{"jobs", "uploads"}},
}

// Ranges are the migration ranges: core's reserved blocks and the block each module's manifest
// declares (migrations: {from, to}, generated into declared by make gen). A module may share a
// block only by declaring exactly the same one.
var Ranges = merge(Reserved, declared)

// merge adds each of add to ranges, a block equal to one already there as one more module of it.
func merge(ranges, add []Range) []Range {
	out := make([]Range, 0, len(ranges)+len(add))
	for _, r := range ranges {
		out = append(out, Range{r.From, r.To, append([]string(nil), r.Modules...)})
	}
next:
	for _, r := range add {
		for i := range out {
			if out[i].From == r.From && out[i].To == r.To {
				out[i].Modules = append(out[i].Modules, r.Modules...)
				continue next
			}
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	return out
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
