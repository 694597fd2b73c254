package libraries

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// ReportRequest is POST /api/assets/{libraryType}/report/xlsx.
type ReportRequest struct {
	Status  string              `json:"status,omitempty"`
	Filters map[string][]string `json:"filters,omitempty"`
}

// maxReportRows bounds one report.
const maxReportRows = 50000

// Report writes the library's assets of one status (all statuses when empty) as a spreadsheet.
func (s *Service) Report(ctx context.Context, libraryType string, req ReportRequest, w io.Writer) (string, error) {
	if err := checkLibraryType(libraryType, "libraryType"); err != nil {
		return "", err
	}
	statuses := Statuses
	if req.Status != "" {
		if !contains(Statuses, req.Status) {
			return "", invalid("status", "oneOf", "status must be one of Pending, Published, Unpublished, Deleted")
		}
		statuses = []string{req.Status}
	}
	for k := range req.Filters {
		if !contains(filterFields[libraryType], k) {
			return "", invalid("filters."+k, "filter", k+" is not a filter of "+libraryType)
		}
	}
	assets, _, err := s.store.List(ctx, s.db, ListQuery{LibraryType: libraryType, Statuses: statuses, Filters: req.Filters, Limit: maxReportRows})
	if err != nil {
		return "", err
	}
	f := excelize.NewFile()
	defer f.Close()
	sheet := libraryType
	f.SetSheetName("Sheet1", sheet)
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return "", err
	}
	header := []any{"_id", "status"}
	for _, tf := range textFields {
		header = append(header, tf.json)
	}
	for _, df := range dateFields {
		header = append(header, df.json)
	}
	header = append(header, "files", "fileSize", "modifiedDate")
	if err := sw.SetRow("A1", header); err != nil {
		return "", err
	}
	for i, a := range assets {
		row := []any{a.ID, a.Status}
		for _, tf := range textFields {
			row = append(row, a.Fields[tf.json])
		}
		for _, df := range dateFields {
			row = append(row, a.Fields[df.json])
		}
		var names []string
		var size int64
		for _, fl := range a.Files {
			names = append(names, fl.Filename+" ("+fl.UsageType+")")
			size += fl.FileSize
		}
		row = append(row, strings.Join(names, "; "), size, a.ModifiedDate.Format("2006-01-02 15:04"))
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, row); err != nil {
			return "", err
		}
	}
	if err := sw.Flush(); err != nil {
		return "", err
	}
	filename := fmt.Sprintf("%s_report.xlsx", libraryType)
	_, err = f.WriteTo(w)
	return filename, err
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
