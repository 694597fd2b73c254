package libraries

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/riverqueue/river"
	"github.com/xuri/excelize/v2"

	"its/core/grid"
	"its/core/identity"
	"its/core/jobs"
)

// ReportRequest is POST /api/assets/{libraryType}/report/xlsx: the assets of one status (every
// status when empty) matching the grid filters (docs/grid.md §3.3), e.g. {"category": ["Running"]}.
type ReportRequest struct {
	Status  string                 `json:"status,omitempty"`
	Filters map[string]grid.Filter `json:"filters,omitempty"`
}

// ReportArgs asks for a library report; the job writes the workbook to the blob store.
type ReportArgs struct {
	UserID      string                 `json:"userId"`
	LibraryType string                 `json:"libraryType"`
	Status      string                 `json:"status,omitempty"`
	Filters     map[string]grid.Filter `json:"filters,omitempty"`
	Filename    string                 `json:"filename"`
}

func (ReportArgs) Kind() string { return "libraries.report" }

// ReportCancelled is the download queue's message for a cancelled report (spec §4.5).
const ReportCancelled = "Your document has been canceled"

// reportPage is how many rows the job reads per query; progress moves once per page.
const reportPage = 1000

func (a ReportArgs) query(cursor string) grid.Query {
	q := grid.Query{Filters: maps.Clone(a.Filters), Limit: reportPage, Cursor: cursor}
	if a.Status != "" {
		if q.Filters == nil {
			q.Filters = map[string]grid.Filter{}
		}
		q.Filters["status"] = grid.Filter{In: []string{a.Status}}
	}
	return q
}

// Report checks the request (an unknown status or filter is a 400 and queues nothing) and
// queues the report job; the caller follows it with GET /api/jobs/{id}.
func (s *Service) Report(ctx context.Context, libraryType string, req ReportRequest) (int64, error) {
	g, err := gridOf(libraryType)
	if err != nil {
		return 0, err
	}
	if req.Status != "" && !slices.Contains(Statuses, req.Status) {
		return 0, invalid("status", "oneOf", "status must be one of Pending, Published, Unpublished, Deleted")
	}
	scope := req.Status
	if scope == "" {
		scope = "All"
	}
	args := ReportArgs{UserID: identity.FromContext(ctx).ID, LibraryType: libraryType, Status: req.Status, Filters: req.Filters,
		Filename: fmt.Sprintf("%s_%s_Report_%s.xlsx", libraryType, scope, time.Now().Format("2006-01-02"))}
	// The same query the job runs, limited to one row: its mistakes are the caller's 400.
	probe := args.query("")
	probe.Limit = 1
	if _, err := g.Page(ctx, s.db, probe, inLibrary(libraryType)); err != nil {
		return 0, err
	}
	return s.queue.Enqueue(ctx, nil, args, jobs.Spec{UserID: args.UserID, Title: args.Filename, CancelMessage: ReportCancelled})
}

type reportWorker struct {
	river.WorkerDefaults[ReportArgs]
	svc *Service
}

// Work reads the assets page by page (keyset cursor, so memory stays flat) into excelize's
// streaming writer, reporting progress by rows, then stores the workbook for the download
// queue. A cancelled job stops between pages and stores nothing.
func (w *reportWorker) Work(ctx context.Context, job *river.Job[ReportArgs]) error {
	s, a := w.svc, job.Args
	g, err := gridOf(a.LibraryType)
	if err != nil {
		return river.JobCancel(err)
	}
	var cols []*grid.Column
	for _, c := range g.Schema().Columns {
		if c.Field != fieldThumbnail {
			cols = append(cols, g.Column(c.Field))
		}
	}
	f := excelize.NewFile()
	defer f.Close()
	sw, st, err := grid.NewReportSheet(f, a.LibraryType)
	if err != nil {
		return err
	}
	bold, dateStyle, timeStyle := st.Header, st.Date, st.Time
	if err := sw.SetColWidth(1, 1, 38); err != nil {
		return err
	}
	for i, c := range cols {
		if err := sw.SetColWidth(i+2, i+2, max(float64(c.Width)/7, 10)); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	header := []any{excelize.Cell{StyleID: bold, Value: "ID"}}
	for _, c := range cols {
		header = append(header, excelize.Cell{StyleID: bold, Value: c.Header})
	}
	if err := sw.SetRow("A1", header); err != nil {
		return err
	}
	r, done, last := 2, 0, -1
	cursor := ""
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		page, err := g.Page(ctx, s.db, a.query(cursor), inLibrary(a.LibraryType))
		if err != nil {
			return err
		}
		for _, row := range page.Rows {
			line := make([]any, 0, len(cols)+1)
			line = append(line, row.ID())
			for _, c := range cols {
				line = append(line, reportCell(c, row.Get(c.Field), dateStyle, timeStyle))
			}
			cell, _ := excelize.CoordinatesToCellName(1, r)
			if err := sw.SetRow(cell, line); err != nil {
				return err
			}
			r++
		}
		done += len(page.Rows)
		if pct := int(int64(done) * 99 / max(page.TotalCount, 1)); pct != last {
			last = pct
			_ = s.queue.Progress(ctx, job.ID, pct)
		}
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	tmp, err := os.CreateTemp("", "its-report-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	if _, err := f.WriteTo(tmp); err != nil {
		return err
	}
	return s.storeDownload(ctx, job.ID, tmp, strings.ReplaceAll(a.Filename, " ", "_"), grid.XLSXType)
}

// reportCell gives a value its Excel form: real dates, numbers as numbers, blanks empty.
func reportCell(c *grid.Column, v any, dateStyle, timeStyle int) any {
	switch x := v.(type) {
	case nil:
		return nil
	case time.Time:
		return excelize.Cell{StyleID: timeStyle, Value: x.UTC()}
	case string:
		if c.Type == grid.Date {
			if d, err := time.Parse(time.DateOnly, x); err == nil {
				return excelize.Cell{StyleID: dateStyle, Value: d}
			}
		}
	}
	return v
}
