package assortments_test

import (
	"bytes"
	"context"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/app/apptest"
)

// reportRows queues a report, waits for its job and answers the workbook's rows.
func reportRows(t *testing.T, c *apptest.Client, route string, fileData map[string]any) [][]string {
	t.Helper()
	r := c.Do("POST", "/api/assortments/admin/report/"+route, map[string]any{"fileData": fileData})
	job := r.Data(t, 202)
	st := c.WaitJob(str(job["jobId"]))
	if st["status"] != "success" {
		t.Fatalf("%s report: %v", route, st)
	}
	dl := c.Do("GET", str(st["url"]), nil)
	if dl.Status != 200 {
		t.Fatalf("%s report download: %d", route, dl.Status)
	}
	f, err := excelize.OpenReader(bytes.NewReader(dl.Raw))
	if err != nil {
		t.Fatalf("%s report is not a workbook: %v", route, err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestReports: a manager's reports over seasons, accounts, territories, dates and a key
// initiative are workbooks of the matching assortments, styles and seasons, and the charts count
// the same; a bad filter is a 400 and an unknown report a 404, both queueing nothing; an editor
// and a plain user get 403 from every reporting call.
func TestReports(t *testing.T) {
	e := setup(t)
	a, editor, manager := e.app, e.editor, e.manager
	// The account of the report: a customer of the one list admins keep (order_customers).
	account, customer, territory := "RPT-0001", "Report Test Outfitters", "WEST"
	if _, err := a.DB.Exec(context.Background(), `INSERT INTO order_customers (id, name, email, region, country, currency, account, territory)
		VALUES ($1, $2, '', 'US', 'US', 'USD', $1, $3)`, account, customer, territory); err != nil {
		t.Fatal(err)
	}
	three := pairs(t, a, 3, "product_type = 'Footwear' AND color = (SELECT min(q.color) FROM products q WHERE q.style = p.style)")
	create(t, editor, map[string]any{"title": "Report Wholesale", "subTitle": customer, "channel": "Wholesale", "region": "Domestic", "season": "SU", "year": 2031, "products": three})
	create(t, editor, map[string]any{"title": "Report Retail", "channel": "Retail", "region": "Europe", "season": "SU", "year": 2031, "products": three[:2]})
	create(t, manager, map[string]any{"title": "Report Other Season", "channel": "Retail", "region": "Europe", "season": "FA", "year": 2031, "products": three[:1]})
	season := map[string]any{"seasons": []string{"SU 2031"}}

	rows := reportRows(t, manager, "assortments", season)
	if len(rows) != 3 || rows[0][0] != "Title" || rows[0][2] != "Account" {
		t.Fatalf("assortments report: %v", rows)
	}
	byTitle := map[string][]string{}
	for _, r := range rows[1:] {
		byTitle[r[0]] = r
	}
	w := byTitle["Report Wholesale"]
	if w == nil || w[1] != customer || w[2] != account || w[3] != territory || w[7] != "Wholesale" || w[13] != "3" || w[14] != "3" {
		t.Fatalf("wholesale row: %v", w)
	}
	if rows := reportRows(t, manager, "assortments", map[string]any{"seasons": []string{"SU2031"}, "accounts": []string{account}}); len(rows) != 2 || rows[1][0] != "Report Wholesale" {
		t.Fatalf("by account: %v", rows)
	}
	if rows := reportRows(t, manager, "assortments", map[string]any{"seasons": []string{"su 2031", "FA 2031"}, "territories": []string{territory}}); len(rows) != 2 {
		t.Fatalf("by territory: %v", rows)
	}
	if rows := reportRows(t, manager, "assortments", map[string]any{"keyInitiative": map[string]any{"channel": "Retail", "region": "Europe", "season": "SU", "year": 2031}}); len(rows) != 2 || rows[1][0] != "Report Retail" {
		t.Fatalf("by key initiative: %v", rows)
	}
	// A report's days run from 01:00:00 to 23:59:59 in the default zone (platform spec §9): one
	// created at noon on a day is in it, one created at half past midnight only from the day before.
	if _, err := a.DB.Exec(context.Background(), `UPDATE assortments SET created_date = CASE title
		WHEN 'Report Wholesale' THEN timestamptz '2031-03-10 12:00:00 America/Los_Angeles'
		ELSE timestamptz '2031-03-10 00:30:00 America/Los_Angeles' END
		WHERE title IN ('Report Wholesale', 'Report Retail')`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		from, to string
		want     []string
	}{
		{"2031-03-10", "2031-03-10", []string{"Report Wholesale"}},
		{"2031-03-09", "2031-03-10", []string{"Report Retail", "Report Wholesale"}},
		{"2031-03-09", "2031-03-09", nil},
		{"2031-03-11", "", nil},
	} {
		rows := reportRows(t, manager, "assortments", map[string]any{"seasons": []string{"SU 2031"}, "dateStart": c.from, "dateEnd": c.to})
		var got []string
		for _, r := range rows[1:] {
			got = append(got, r[0])
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Fatalf("created %s to %s: %v, want %v", c.from, c.to, got, c.want)
		}
	}
	if rows := reportRows(t, manager, "assortments", map[string]any{"seasons": []string{"SU 2031"}, "dateStart": "2020-01-01", "dateEnd": "2020-12-31"}); len(rows) != 1 {
		t.Fatalf("created in 2020: %v", rows)
	}

	styles := reportRows(t, manager, "styles", season)
	if len(styles) != 1+3+2 || styles[0][0] != "Style" {
		t.Fatalf("styles report: %v", styles)
	}
	seasons := reportRows(t, manager, "seasons", map[string]any{"seasons": []string{"SU 2031", "FA 2031"}})
	if len(seasons) != 4 || seasons[1][0] != "FA" || seasons[2][4] != "1" {
		t.Fatalf("seasons report: %v", seasons)
	}

	charts := manager.Do("POST", "/api/assortments/admin/charts", map[string]any{"fileData": map[string]any{"seasons": []string{"SU 2031", "FA 2031"}}}).Data(t, 200)
	counts := func(key string) map[string][2]float64 {
		out := map[string][2]float64{}
		for _, c := range arr(charts[key]) {
			out[str(obj(c)["key"])] = [2]float64{num(obj(c)["assortments"]), num(obj(c)["styles"])}
		}
		return out
	}
	if s := counts("seasons"); s["SU 2031"] != [2]float64{2, 3} || s["FA 2031"] != [2]float64{1, 1} {
		t.Fatalf("season chart: %v", s)
	}
	if c := counts("channels"); c["Retail"] != [2]float64{2, 2} || c["Wholesale"] != [2]float64{1, 3} {
		t.Fatalf("channel chart: %v", c)
	}
	if r := counts("regions"); r["Europe"] != [2]float64{2, 2} || r["Domestic"] != [2]float64{1, 3} {
		t.Fatalf("region chart: %v", r)
	}

	before := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'assortments.report'`)
	for name, fd := range map[string]map[string]any{
		"season":  {"seasons": []string{"Summer"}},
		"date":    {"dateStart": "31/12/2025"},
		"order":   {"dateStart": "2025-03-02", "dateEnd": "2025-03-01"},
		"channel": {"keyInitiative": map[string]any{"channel": "Online"}},
		"account": {"accounts": []string{""}},
	} {
		r := manager.Do("POST", "/api/assortments/admin/report/assortments", map[string]any{"fileData": fd})
		if r.Status != 400 || r.Body["messageCode"] != "ITS_ERR_VALIDATION" {
			t.Errorf("%s: %d %.200s", name, r.Status, r.Raw)
		}
	}
	if r := manager.Do("POST", "/api/assortments/admin/report/everything", map[string]any{}); r.Status != 404 {
		t.Errorf("unknown report: %d", r.Status)
	}
	for _, c := range []*apptest.Client{editor, e.user} {
		for _, p := range []string{"/api/assortments/admin/report/assortments", "/api/assortments/admin/charts"} {
			if r := c.Do("POST", p, map[string]any{}); r.Status != 403 {
				t.Errorf("%s: %d", p, r.Status)
			}
		}
	}
	if after := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'assortments.report'`); after != before {
		t.Errorf("refused reports queued %d jobs", after-before)
	}
}
