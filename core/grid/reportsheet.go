package grid

import "github.com/xuri/excelize/v2"

// SheetStyles are the cell styles of a report sheet: the header row, dates and date-times.
type SheetStyles struct{ Header, Date, Time int }

// NewReportSheet names f's first sheet and opens excelize's stream writer on it (rows go out
// as they are read, so memory stays flat), with the report styles: a bold grey header,
// mm/dd/yyyy dates and mm/dd/yyyy hh:mm date-times.
func NewReportSheet(f *excelize.File, name string) (*excelize.StreamWriter, SheetStyles, error) {
	var st SheetStyles
	if err := f.SetSheetName(f.GetSheetName(0), name); err != nil {
		return nil, st, err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return nil, st, err
	}
	if st.Header, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9D9D9"}}}); err != nil {
		return nil, st, err
	}
	dateFmt, timeFmt := "mm/dd/yyyy", "mm/dd/yyyy hh:mm"
	if st.Date, err = f.NewStyle(&excelize.Style{CustomNumFmt: &dateFmt}); err != nil {
		return nil, st, err
	}
	if st.Time, err = f.NewStyle(&excelize.Style{CustomNumFmt: &timeFmt}); err != nil {
		return nil, st, err
	}
	return sw, st, nil
}
