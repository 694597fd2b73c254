package imports

import (
	"fmt"
	"net/http"
	"time"

	"github.com/xuri/excelize/v2"
)

// writeXLSX streams rows as a workbook (the bulk downloader subtype): the columns' headers,
// then each row's values, numbers as numbers.
func writeXLSX(w http.ResponseWriter, name string, cols []Column, rows []Row) error {
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		return err
	}
	head := make([]any, len(cols))
	for i, c := range cols {
		head[i] = c.Header
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	for i, r := range rows {
		vals := make([]any, len(cols))
		for j, c := range cols {
			v := r.Values.Get(c.Field)
			if n := number(v); n != nil && (c.Type == "number" || c.Type == "integer") {
				vals[j] = *n
			} else {
				vals[j] = v
			}
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, vals); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	filename := fmt.Sprintf("%s_%s.xlsx", name, time.Now().UTC().Format("2006-01-02"))
	w.Header().Set("Content-Type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", filename))
	_, err = f.WriteTo(w)
	return err
}
