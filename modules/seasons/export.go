package seasons

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"its/core/grid"
)

// listGrid declares the Manage Seasons grid for the generic export (core/grid): its columns as
// the page shows them, the rows read by List (InGo).
var listGrid = grid.MustNew(grid.Grid{
	Name: "seasons.list",
	InGo: true,
	Columns: []grid.Column{
		{Field: "season", Header: "Season", Type: grid.Text},
		{Field: "year", Header: "Year", Type: grid.Integer},
		{Field: "channel", Header: "Channel", Type: grid.Text},
		{Field: "state", Header: "State", Type: grid.Text},
		{Field: "setNames", Header: "Season sets", Type: grid.Text},
		{Field: "modifiedDate", Header: "Modified", Type: grid.DateTime},
	},
	DefaultSort: []grid.Sort{{Field: "year", Dir: "desc"}, {Field: "season"}},
})

// Value is the season's value of a list grid field, as the page shows it.
func (s *Season) Value(field string) any {
	switch field {
	case "season":
		return s.Season
	case "year":
		return s.Year
	case "channel":
		return s.Channel
	case "state":
		return s.State
	case "setNames":
		names := make([]string, len(s.SeasonSets))
		for i, x := range s.SeasonSets {
			names[i] = x.ShortName
		}
		return strings.Join(names, ", ")
	case "modifiedDate":
		return s.Modified
	}
	return nil
}

// Export writes a channel's seasons (All for every channel) as the page shows them (columns,
// filters, sort, grouping) to an .xlsx or .csv download.
func (s *Service) Export(ctx context.Context, w http.ResponseWriter, channel string, req grid.ExportRequest) error {
	list, err := s.List(ctx, ListRequest{Channel: channel})
	if err != nil {
		return err
	}
	name := grid.ExportFileNameAs(req.FileName, fmt.Sprintf("Seasons_%s_%s", channel, time.Now().Format("2006-01-02")), req.Format)
	return listGrid.ExportRows(ctx, w, req, func(yield func(grid.Record) bool) {
		for _, x := range list {
			if !yield(x) {
				return
			}
		}
	}, name)
}
