package assortments

import (
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // the report's time zone on machines without zoneinfo

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"its/core/config"
	"its/core/grid"
	"its/core/httpx"
	"its/core/identity"
	"its/core/jobs"
	"its/core/storage"
)

// Report routes of POST /api/assortments/admin/report/{reportRoute}: each a workbook of the
// assortments (regular and internal) the filter selects.
const (
	// ReportAssortments: one row per assortment with its customer, account, territory, counts and dates.
	ReportAssortments = "assortments"
	// ReportStyles: one row per style and season, channel and region, with how many assortments hold it.
	ReportStyles = "styles"
	// ReportSeasons: one row per season, channel and region with its assortments, styles and colours.
	ReportSeasons = "seasons"
)

// ReportRoutes are the reports in the order the reporting page offers them.
var ReportRoutes = []string{ReportAssortments, ReportStyles, ReportSeasons}

// Limits of a report filter, checked before anything is queued.
const (
	MaxReportSeasons = 60
	MaxReportValues  = 500
	maxReportValue   = 80
)

// ReportFilter is the report job's fileData (product spec §3.7): seasons ("FA 2025"), the
// creation dates of the assortments (from dateStart 01:00:00 to dateEnd 23:59:59 in the default
// time zone, YYYY-MM-DD), customer accounts, territories and a key initiative.
type ReportFilter struct {
	Seasons       []string       `json:"seasons,omitempty"`
	DateStart     string         `json:"dateStart,omitempty"`
	DateEnd       string         `json:"dateEnd,omitempty"`
	Accounts      []string       `json:"accounts,omitempty"`
	Territories   []string       `json:"territories,omitempty"`
	KeyInitiative *KeyInitiative `json:"keyInitiative,omitempty"`
}

// KeyInitiative narrows a report to assortments of one channel, region, product type, season
// and year (each optional).
type KeyInitiative struct {
	Channel     string `json:"channel,omitempty"`
	Region      string `json:"region,omitempty"`
	ProductType string `json:"productType,omitempty"`
	Season      string `json:"season,omitempty"`
	Year        *int   `json:"year,omitempty"`
}

// ReportRequest is the body of the report calls: {"fileData": {...}}.
type ReportRequest struct {
	FileData ReportFilter `json:"fileData"`
}

// seasonOf is a season of the filter: two letters and a year ("FA 2025" or "FA2025").
type seasonOf struct {
	Season string `json:"season"`
	Year   int    `json:"year"`
}

var (
	seasonRe     = regexp.MustCompile(`^([A-Za-z]{2}) ?(\d{4})$`)
	seasonCodeRe = regexp.MustCompile(`^[A-Z]{2}$`)
)

// reportScope is a checked filter, ready for SQL.
type reportScope struct {
	Seasons     []seasonOf     `json:"seasons,omitempty"`
	From        *time.Time     `json:"from,omitempty"`
	To          *time.Time     `json:"to,omitempty"`
	Accounts    []string       `json:"accounts,omitempty"`
	Territories []string       `json:"territories,omitempty"`
	Key         *KeyInitiative `json:"keyInitiative,omitempty"`
}

// reportStart and reportEnd are the times of day (hour, minute, second) a report's dates start
// and end (platform spec §9), as wall times, so a day of a clock change ends at 23:59:59 too.
var (
	reportStart = [3]int{1, 0, 0}
	reportEnd   = [3]int{23, 59, 59}
)

// check validates f in loc: every mistake is named, and none queues anything.
func (f ReportFilter) check(loc *time.Location) (*reportScope, []httpx.FieldError) {
	var bad []httpx.FieldError
	add := func(field, rule, msg string) {
		bad = append(bad, httpx.FieldError{Field: field, Rule: rule, Message: msg})
	}
	sc := &reportScope{}
	if len(f.Seasons) > MaxReportSeasons {
		add("fileData.seasons", "max", fmt.Sprintf("At most %d seasons", MaxReportSeasons))
	} else {
		for _, s := range f.Seasons {
			m := seasonRe.FindStringSubmatch(strings.TrimSpace(s))
			if m == nil {
				add("fileData.seasons", "season", fmt.Sprintf("%.40q is not a season like FA 2025", s))
				continue
			}
			y, _ := strconv.Atoi(m[2])
			sc.Seasons = append(sc.Seasons, seasonOf{Season: strings.ToUpper(m[1]), Year: y})
		}
	}
	day := func(field, v string, at [3]int) *time.Time {
		if v == "" {
			return nil
		}
		d, err := time.ParseInLocation(time.DateOnly, v, loc)
		if err != nil || d.Year() < 1990 || d.Year() > 2200 {
			add(field, "date", field+" must be a date like 2025-03-31")
			return nil
		}
		t := time.Date(d.Year(), d.Month(), d.Day(), at[0], at[1], at[2], 0, loc)
		return &t
	}
	sc.From, sc.To = day("fileData.dateStart", f.DateStart, reportStart), day("fileData.dateEnd", f.DateEnd, reportEnd)
	if sc.From != nil && sc.To != nil && sc.To.Before(*sc.From) {
		add("fileData.dateEnd", "afterStart", "dateEnd must not be before dateStart")
	}
	list := func(field string, in []string) []string {
		if len(in) > MaxReportValues {
			add(field, "max", fmt.Sprintf("At most %d values", MaxReportValues))
			return nil
		}
		var out []string
		for _, v := range in {
			v = strings.TrimSpace(v)
			if v == "" || len(v) > maxReportValue {
				add(field, "value", fmt.Sprintf("Each value is 1 to %d characters", maxReportValue))
				return nil
			}
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		return out
	}
	sc.Accounts, sc.Territories = list("fileData.accounts", f.Accounts), list("fileData.territories", f.Territories)
	if k := f.KeyInitiative; k != nil {
		kc := *k
		for _, e := range []struct {
			field, v string
			values   []string
		}{{"channel", k.Channel, Channels}, {"region", k.Region, Regions}, {"productType", k.ProductType, ProductTypes}} {
			if e.v != "" && !slices.Contains(e.values, e.v) {
				add("fileData.keyInitiative."+e.field, "oneOf", fmt.Sprintf("%s must be one of %s", e.field, strings.Join(e.values, ", ")))
			}
		}
		kc.Season = strings.ToUpper(strings.TrimSpace(k.Season))
		if kc.Season != "" && !seasonCodeRe.MatchString(kc.Season) {
			add("fileData.keyInitiative.season", "season", "season is two letters, like FA")
		}
		if k.Year != nil && (*k.Year < 1990 || *k.Year > 2200) {
			add("fileData.keyInitiative.year", "year", "year must be between 1990 and 2200")
		}
		sc.Key = &kc
	}
	return sc, bad
}

// ReportArgs asks for a report workbook; the job writes it to the blob store for the download queue.
type ReportArgs struct {
	UserID   string      `json:"userId"`
	Route    string      `json:"route"`
	Scope    reportScope `json:"scope"`
	Filename string      `json:"filename"`
}

func (ReportArgs) Kind() string { return "assortments.report" }

// ReportCancelled is the download queue's message for a cancelled report.
const ReportCancelled = "Your document has been canceled"

// Reports builds the assortment manager's reports and the reporting page's charts.
type Reports struct {
	db    *pgxpool.Pool
	store *Store
	queue *jobs.Queue
	blobs storage.Store
	loc   *time.Location
}

// ReportsParams wire the reports.
type ReportsParams struct {
	fx.In
	DB     *pgxpool.Pool
	Store  *Store
	Queue  *jobs.Queue
	Blobs  storage.Store
	Config *config.Config
}

// NewReports gives the reports, in the configured time zone.
func NewReports(p ReportsParams) (*Reports, error) {
	loc, err := time.LoadLocation(p.Config.I18n.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("i18n.time_zone: %w", err)
	}
	return &Reports{db: p.DB, store: p.Store, queue: p.Queue, blobs: p.Blobs, loc: loc}, nil
}

// Queue checks a report request and queues its job; the caller follows it with GET /api/jobs/{id}.
func (r *Reports) Queue(ctx context.Context, route string, f ReportFilter) (int64, string, error) {
	if !slices.Contains(ReportRoutes, route) {
		return 0, "", httpx.NotFound("Report")
	}
	sc, bad := f.check(r.loc)
	if len(bad) > 0 {
		return 0, "", httpx.Invalid(bad...)
	}
	u := identity.FromContext(ctx)
	name := fmt.Sprintf("%s_Report_%s.xlsx", reportTitles[route], time.Now().In(r.loc).Format(time.DateOnly))
	id, err := r.queue.Enqueue(ctx, nil, ReportArgs{UserID: u.ID, Route: route, Scope: *sc, Filename: name},
		jobs.Spec{UserID: u.ID, Title: name, CancelMessage: ReportCancelled})
	return id, name, err
}

var reportTitles = map[string]string{ReportAssortments: "Assortments", ReportStyles: "Styles", ReportSeasons: "Seasons"}

// ChartCount is one bar of the reporting page's charts.
type ChartCount struct {
	Key         string `json:"key"`
	Assortments int    `json:"assortments"`
	Styles      int    `json:"styles"`
}

// Charts are the counts of assortments and styles per season, channel and region.
type Charts struct {
	Seasons  []ChartCount `json:"seasons"`
	Channels []ChartCount `json:"channels"`
	Regions  []ChartCount `json:"regions"`
}

// Charts answers the reporting page's charts for the filter.
func (r *Reports) Charts(ctx context.Context, f ReportFilter) (*Charts, error) {
	sc, bad := f.check(r.loc)
	if len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	return r.store.reportCharts(ctx, sc)
}

type reportWorker struct {
	river.WorkerDefaults[ReportArgs]
	r *Reports
}

// Work streams the report's rows into the workbook (excelize's stream writer, so memory stays
// flat), reporting progress, then stores it as the job's download. A cancelled job stores nothing.
func (w *reportWorker) Work(ctx context.Context, job *river.Job[ReportArgs]) error {
	r, a := w.r, job.Args
	tmp, err := os.CreateTemp("", "its-report-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	defer tmp.Close()
	last := -1
	progress := func(pct int) {
		if pct != last {
			last = pct
			_ = r.queue.Progress(ctx, job.ID, pct)
		}
	}
	if err := r.store.writeReport(ctx, tmp, a.Route, &a.Scope, r.loc, progress); err != nil {
		if ctx.Err() == nil {
			_ = r.queue.Fail(context.WithoutCancel(ctx), job.ID, "The report could not be built")
		}
		return err
	}
	size, err := tmp.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	key := fmt.Sprintf("downloads/%d/%s", job.ID, a.Filename)
	if err := r.blobs.Put(ctx, key, tmp, size, grid.XLSXType); err != nil {
		return err
	}
	return r.queue.SetResult(ctx, job.ID, key, a.Filename)
}

func (r *Reports) registration() jobs.Registration {
	return jobs.Registration{Workers: func(w *river.Workers) { river.AddWorker(w, &reportWorker{r: r}) }}
}
