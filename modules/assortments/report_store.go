package assortments

import (
	"context"
	"fmt"
	"io"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/xuri/excelize/v2"

	"its/core/db"
	"its/core/grid"
)

// reportWhere narrows b (assortments a) to the items the scope selects.
func reportWhere(b sq.SelectBuilder, sc *reportScope) sq.SelectBuilder {
	b = b.Where("a.type = 'item'")
	if len(sc.Seasons) > 0 {
		or := sq.Or{}
		for _, s := range sc.Seasons {
			or = append(or, sq.Eq{"a.season": s.Season, "a.year": s.Year})
		}
		b = b.Where(or)
	}
	if sc.From != nil {
		b = b.Where(sq.GtOrEq{"a.created_date": *sc.From})
	}
	if sc.To != nil {
		b = b.Where(sq.LtOrEq{"a.created_date": *sc.To})
	}
	if len(sc.Accounts) > 0 {
		b = b.Where("EXISTS (SELECT 1 FROM customer_accounts c WHERE c.account = ANY(?) AND lower(c.name) = lower(a.sub_title))", sc.Accounts)
	}
	if len(sc.Territories) > 0 {
		b = b.Where("EXISTS (SELECT 1 FROM customer_accounts c WHERE c.territory = ANY(?) AND lower(c.name) = lower(a.sub_title))", sc.Territories)
	}
	if k := sc.Key; k != nil {
		for col, v := range map[string]string{"a.channel": k.Channel, "a.region": k.Region, "a.product_type": k.ProductType, "a.season": k.Season} {
			if v != "" {
				b = b.Where(sq.Eq{col: v})
			}
		}
		if k.Year != nil {
			b = b.Where(sq.Eq{"a.year": *k.Year})
		}
	}
	return b
}

// reportCharts counts the scope's assortments and distinct styles per season, channel and region.
func (s *Store) reportCharts(ctx context.Context, sc *reportScope) (*Charts, error) {
	b := reportWhere(psql.Select("GROUPING(a.season, a.year)", "GROUPING(a.channel)", "COALESCE(a.season || ' ' || a.year, a.season, '')",
		"a.channel", "a.region", "count(DISTINCT a.id)", "count(DISTINCT ap.style)").
		From("assortments a").LeftJoin("assortment_products ap ON ap.assortment_id = a.id"), sc).
		GroupBy("GROUPING SETS ((a.season, a.year), (a.channel), (a.region))").
		OrderBy("a.year NULLS FIRST", "a.season", "a.channel", "a.region")
	rows, err := db.Query(ctx, s.db, b)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := &Charts{Seasons: []ChartCount{}, Channels: []ChartCount{}, Regions: []ChartCount{}}
	for rows.Next() {
		var gSeason, gChannel int
		var season string
		var channel, region *string
		var c ChartCount
		if err := rows.Scan(&gSeason, &gChannel, &season, &channel, &region, &c.Assortments, &c.Styles); err != nil {
			return nil, err
		}
		switch {
		case gSeason == 0:
			c.Key = season
			out.Seasons = append(out.Seasons, c)
		case gChannel == 0 && channel != nil:
			c.Key = *channel
			out.Channels = append(out.Channels, c)
		case region != nil:
			c.Key = *region
			out.Regions = append(out.Regions, c)
		}
	}
	return out, rows.Err()
}

// reportColumn is a column of a report: its header, width and how its cell is read.
type reportColumn struct {
	Header string
	Width  float64
	SQL    string
	Kind   string // "", "int" or "time"
}

// reportColumns are each report's columns; the rows come from reportQuery.
var reportColumns = map[string][]reportColumn{
	ReportAssortments: {
		{"Title", 36, "a.title", ""},
		{"Customer", 28, "a.sub_title", ""},
		{"Account", 12, "COALESCE((SELECT min(c.account) FROM customer_accounts c WHERE lower(c.name) = lower(a.sub_title)), '')", ""},
		{"Territory", 12, "COALESCE((SELECT min(c.territory) FROM customer_accounts c WHERE lower(c.name) = lower(a.sub_title)), '')", ""},
		{"Owner", 22, "trim(u.name || ' ' || u.last_name)", ""},
		{"Type", 10, "a.org_type", ""},
		{"Method", 10, "a.method", ""},
		{"Channel", 12, "a.channel", ""},
		{"Region", 14, "a.region", ""},
		{"Season", 8, "a.season", ""},
		{"Year", 8, "a.year", "int"},
		{"Product type", 12, "a.product_type", ""},
		{"State", 12, "a.state", ""},
		{"Styles", 9, "(SELECT count(DISTINCT ap.style) FROM assortment_products ap WHERE ap.assortment_id = a.id)", "int"},
		{"Products", 10, "(SELECT count(*) FROM assortment_products ap WHERE ap.assortment_id = a.id)", "int"},
		{"Quantity", 10, "(SELECT sum(ap.quantity)::int8 FROM assortment_products ap WHERE ap.assortment_id = a.id)", "int"},
		{"Created", 18, "a.created_date", "time"},
		{"Modified", 18, "a.modified_date", "time"},
		{"Last CRM sync", 18, "a.last_sync_date", "time"},
	},
	ReportStyles: {
		{"Style", 12, "ap.style", ""},
		{"Name", 30, "max(p.name)", ""},
		{"Division", 16, "max(p.division)", ""},
		{"Season", 8, "a.season", ""},
		{"Year", 8, "a.year", "int"},
		{"Channel", 12, "a.channel", ""},
		{"Region", 14, "a.region", ""},
		{"Assortments", 12, "count(DISTINCT a.id)", "int"},
		{"Colors", 9, "count(DISTINCT ap.color)", "int"},
		{"Quantity", 10, "sum(ap.quantity)::int8", "int"},
	},
	ReportSeasons: {
		{"Season", 8, "a.season", ""},
		{"Year", 8, "a.year", "int"},
		{"Channel", 12, "a.channel", ""},
		{"Region", 14, "a.region", ""},
		{"Assortments", 12, "count(DISTINCT a.id)", "int"},
		{"Styles", 9, "count(DISTINCT ap.style)", "int"},
		{"Products", 10, "count(ap.id)", "int"},
		{"Quantity", 10, "sum(ap.quantity)::int8", "int"},
	},
}

// reportQuery is the select of a report's rows in the scope, in order.
func reportQuery(route string, sc *reportScope) sq.SelectBuilder {
	var cols []string
	for _, c := range reportColumns[route] {
		cols = append(cols, c.SQL)
	}
	switch route {
	case ReportStyles:
		return reportWhere(psql.Select(cols...).From("assortments a").Join("assortment_products ap ON ap.assortment_id = a.id").
			Join("catalog_products p ON p.id = ap.product_id"), sc).
			GroupBy("ap.style", "a.season", "a.year", "a.channel", "a.region").OrderBy("a.year NULLS FIRST", "a.season", "a.channel", "a.region", "ap.style")
	case ReportSeasons:
		return reportWhere(psql.Select(cols...).From("assortments a").LeftJoin("assortment_products ap ON ap.assortment_id = a.id"), sc).
			GroupBy("a.season", "a.year", "a.channel", "a.region").OrderBy("a.year NULLS FIRST", "a.season", "a.channel", "a.region")
	default:
		return reportWhere(psql.Select(cols...).From("assortments a").Join("users u ON u.id = a.owner_id"), sc).
			OrderBy("a.created_date", "a.id")
	}
}

// writeReport streams the report's rows, read by one query, into a workbook written to w.
// progress gets 0-99.
func (s *Store) writeReport(ctx context.Context, w io.Writer, route string, sc *reportScope, loc *time.Location, progress func(int)) error {
	cols := reportColumns[route]
	q := reportQuery(route, sc)
	sql, args, err := q.ToSql()
	if err != nil {
		return err
	}
	var total int
	if err := s.db.QueryRow(ctx, "SELECT count(*) FROM ("+sql+") r", args...).Scan(&total); err != nil {
		return err
	}
	f := excelize.NewFile()
	defer f.Close()
	sw, st, err := grid.NewReportSheet(f, reportTitles[route])
	if err != nil {
		return err
	}
	bold, timeStyle := st.Header, st.Time
	header := make([]any, len(cols))
	for i, c := range cols {
		header[i] = excelize.Cell{StyleID: bold, Value: c.Header}
		if err := sw.SetColWidth(i+1, i+1, c.Width); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	if err := sw.SetRow("A1", header); err != nil {
		return err
	}
	rows, err := s.db.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return err
		}
		line := make([]any, len(cols))
		for i, v := range vals {
			line[i] = reportCell(v, cols[i].Kind, timeStyle, loc)
		}
		n++
		cell, _ := excelize.CoordinatesToCellName(1, n+1)
		if err := sw.SetRow(cell, line); err != nil {
			return err
		}
		if n%500 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			progress(n * 99 / max(total, 1))
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	progress(99)
	_, err = f.WriteTo(w)
	return err
}

// reportCell gives a value its Excel form: times in the report's zone, numbers as numbers.
func reportCell(v any, kind string, timeStyle int, loc *time.Location) any {
	switch x := v.(type) {
	case nil:
		return nil
	case time.Time:
		// Excel has no zones: the wall time of the report's zone is written.
		t := x.In(loc)
		return excelize.Cell{StyleID: timeStyle, Value: time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC)}
	case int16, int32, int64, int:
		return x
	default:
		if kind == "int" {
			return fmt.Sprint(x)
		}
		return x
	}
}
