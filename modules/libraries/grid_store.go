package libraries

import (
	"slices"

	"its/core/grid"
)

// gridColumns declares a library's grid. The publish fields (spec §5.6) are required and
// non-clearable; text columns read empty as null, so a blank cell is null on the wire.
func gridColumns(libraryType string) []grid.Column {
	required := requiredFields[libraryType]
	cols := []grid.Column{{
		Field: fieldThumbnail, Header: "Thumbnail", Type: grid.Text, NoFilter: true, NoSort: true, Width: 64,
		// The primary file with a preview; GET /api/assets/{libraryType}/thumbnail/{fileId} shows it.
		Expr: `(SELECT f.id::text FROM library_files f WHERE f.asset_id = library_assets.id AND f.usage_type = 'Primary' AND f.thumbnail_key <> '' ORDER BY f.filename LIMIT 1)`,
	}}
	for _, field := range gridFields[libraryType] {
		col, _ := column(field)
		c := grid.Column{Field: field, Header: headers[field], Column: col, Edit: grid.Always, Width: 140, Expr: "nullif(" + col + ", '')"}
		switch {
		case isDateField(field):
			c.Type, c.Validators, c.Width, c.Expr = grid.Date, []string{"date"}, 130, ""
		case listOptions(libraryType, field) != nil:
			c.Type, c.Validators, c.Options = grid.List, []string{"list"}, listOptions(libraryType, field)
		default:
			c.Type = grid.Text
		}
		if field == "name" {
			c.Width = 280
		}
		if slices.Contains(required, field) {
			c.Required = true
			c.Validators = append(c.Validators, "nonClearable")
		}
		cols = append(cols, c)
	}
	return append(cols,
		grid.Column{Field: "status", Header: "Status", Type: grid.List, Column: "status", Edit: grid.Always, Validators: []string{"list", "nonClearable"}, Options: Statuses, Required: true, Width: 130},
		grid.Column{Field: fieldFile, Header: "File", Type: grid.Text, Width: 240,
			Expr: `(SELECT f.filename FROM library_files f WHERE f.asset_id = library_assets.id AND f.usage_type = 'Primary' ORDER BY f.filename LIMIT 1)`},
		grid.Column{Field: "fileSize", Header: "File Size", Type: grid.Integer, Width: 110,
			Expr: `(SELECT coalesce(sum(f.file_size), 0) FROM library_files f WHERE f.asset_id = library_assets.id)`},
		grid.Column{Field: "addedBy", Header: "Added By", Type: grid.Text, Width: 150, Hidden: true,
			Expr: `(SELECT nullif(trim(u.name || ' ' || u.last_name), '') FROM users u WHERE u.id = library_assets.added_by)`},
		grid.Column{Field: "modifiedDate", Header: "Modified", Type: grid.DateTime, Column: "modified_at", Width: 160},
	)
}
