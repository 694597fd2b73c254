package documents_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"its/core/app/apptest"
)

// zipEntries lists a zip's entries with their sizes.
func zipEntries(t testing.TB, raw []byte) map[string]int {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatalf("not a zip (%d bytes): %v", len(raw), err)
	}
	out := map[string]int{}
	for _, f := range z.File {
		out[f.Name] = int(f.UncompressedSize64)
	}
	return out
}

func names(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// packageOf queues a package and answers the zip the finished job's download holds.
func packageOf(t testing.TB, a *apptest.App, c *apptest.Client, path string, body map[string]any) map[string]int {
	t.Helper()
	return zipOf(t, c, path, c.Do("POST", path, body))
}

// zipOf follows the download-queue job queued by r and answers the zip it stored.
func zipOf(t testing.TB, c *apptest.Client, path string, r *apptest.Response) map[string]int {
	t.Helper()
	job := r.Data(t, 202)
	st := c.WaitJob(job["jobId"].(string))
	if st["status"] != "success" {
		t.Fatalf("%s: job %v", path, st)
	}
	if !strings.HasSuffix(fmt.Sprint(st["filename"]), ".zip") {
		t.Fatalf("%s: file name %v", path, st["filename"])
	}
	dl := c.Do("GET", st["url"].(string), nil)
	if dl.Status != 200 {
		t.Fatalf("%s: download %d", path, dl.Status)
	}
	return zipEntries(t, dl.Raw)
}

// TestPackages: each download call zips one hero image per style (small, or print size when
// print resolution is chosen) with the line sheet as PDF or xlsx, in division folders or alone;
// the mail call keeps the zip behind a link that downloads without a login; a user without an
// editing role may download but not mail, and bad requests queue nothing.
func TestPackages(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	id := assortment(t, a, editor, 5)
	body := map[string]any{"assortment": id, "filename": "Spring Line Review",
		"documentType": map[string]any{"type": "Linesheet", "subType": "Condensed"},
		"settings":     map[string]any{"columns": []string{"division"}, "includeImages": true}}

	pdf := packageOf(t, a, editor, "/api/packages/download", body)
	images := 0
	for n := range pdf {
		if strings.HasPrefix(n, "images/") && strings.HasSuffix(n, ".png") {
			images++
		}
	}
	if images != 5 || pdf["Spring_Line_Review.pdf"] == 0 || len(pdf) != 6 {
		t.Fatalf("package: %v", names(pdf))
	}

	xlsx := packageOf(t, a, editor, "/api/packages/download/spreadsheet", body)
	if xlsx["Spring_Line_Review.xlsx"] == 0 || len(xlsx) != 6 {
		t.Fatalf("spreadsheet package: %v", names(xlsx))
	}

	div := packageOf(t, a, editor, "/api/packages/download/division", body)
	var divisions []string
	if err := a.DB.QueryRow(context.Background(), `SELECT array_agg(DISTINCT replace(replace(p.division, ' ', '_'), '''', '')) FROM assortment_products ap
		JOIN products p ON p.style = ap.style AND p.color = ap.color WHERE ap.assortment_id = $1`, id).Scan(&divisions); err != nil {
		t.Fatal(err)
	}
	for n := range div {
		if n == "Spring_Line_Review.pdf" {
			continue
		}
		folder, _, _ := strings.Cut(n, "/")
		found := false
		for _, d := range divisions {
			found = found || d == folder
		}
		if !found {
			t.Fatalf("division package entry %s is in no division folder of %v", n, divisions)
		}
	}
	if len(div) != 6 {
		t.Fatalf("division package: %v", names(div))
	}

	small := packageOf(t, a, editor, "/api/packages/download/assortment", body)
	if len(small) != 5 || small["Spring_Line_Review.pdf"] != 0 {
		t.Fatalf("images package: %v", names(small))
	}
	body["settings"] = map[string]any{"printResolution": true}
	big := packageOf(t, a, editor, "/api/packages/download/assortment", body)
	for n, size := range small {
		if big[n] <= size {
			t.Fatalf("%s: print resolution %d bytes, small %d", n, big[n], size)
		}
	}

	// Mailed: the outbox holds the link; it downloads the zip without a login.
	mail := map[string]any{"assortment": id, "recipients": []string{"buyer@example.com"}, "settings": map[string]any{}}
	r := editor.Do("POST", "/api/packages/mail/division", mail)
	job := r.Data(t, 202)
	if r.Body["message"] != "Thank you. Your message has been sent." {
		t.Fatalf("mail message %v", r.Body["message"])
	}
	if st := editor.WaitJob(job["jobId"].(string)); st["status"] != "success" {
		t.Fatalf("mail job %v", st)
	}
	kind, rest := outboxLink(t, a, "buyer@example.com")
	if kind != "shared" || !strings.HasPrefix(rest, "zip/") || !strings.HasSuffix(rest, ".zip") {
		t.Fatalf("link %s %s", kind, rest)
	}
	dl := a.Client().Do("GET", apiPath(kind, rest), nil)
	if dl.Status != 200 || dl.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("mailed package: %d %s", dl.Status, dl.Header.Get("Content-Type"))
	}
	if got := zipEntries(t, dl.Raw); len(got) != 6 {
		t.Fatalf("mailed package: %v", names(got))
	}

	// Refusals change nothing.
	before := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'documents.zip'`)
	if r := editor.Do("POST", "/api/packages/mail", map[string]any{"assortment": id}); r.Status != 400 {
		t.Errorf("mail without recipients: %d", r.Status)
	}
	if r := editor.Do("POST", "/api/packages/download", map[string]any{"assortment": id, "documentType": map[string]any{"type": "Brochure"}}); r.Status != 400 {
		t.Errorf("bad type: %d", r.Status)
	}
	if r := login(a, "seniorEditor").Do("POST", "/api/packages/download", map[string]any{"assortment": id}); r.Status != 404 {
		t.Errorf("another user's assortment: %d", r.Status)
	}
	if r := login(a, "user").Do("POST", "/api/packages/mail", mail); r.Status != 403 {
		t.Errorf("a user mails a package: %d", r.Status)
	}
	if r := a.Client().Do("POST", "/api/packages/download", map[string]any{"assortment": id}); r.Status != 401 {
		t.Errorf("anonymous: %d", r.Status)
	}
	if after := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'documents.zip'`); after != before {
		t.Errorf("refused requests queued %d jobs", after-before)
	}
}

// TestZipImages: GET /api/assortments/zip/images/{small}/{heroOnly}/{id} queues a zip of the
// assortment's images in the download queue: one hero per style or every colour, small or print
// size, stored in the blob store; a bad flag, another user's assortment and an anonymous caller
// queue nothing.
// stylePairs reads every style/colour of the n first styles (by number) of at least two colours
// among the products matching where, and the set of those styles.
func stylePairs(t *testing.T, a *apptest.App, where string, n int) ([]map[string]any, map[string]bool) {
	t.Helper()
	rows, err := a.DB.Query(context.Background(), `SELECT style, color FROM products WHERE style IN (SELECT style FROM products
		WHERE `+where+` GROUP BY style HAVING count(*) >= 2 ORDER BY min(style_numeric) LIMIT $1) ORDER BY style, color`, n)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var pairs []map[string]any
	styles := map[string]bool{}
	for rows.Next() {
		var s, col string
		if err := rows.Scan(&s, &col); err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, map[string]any{"style": s, "color": col})
		styles[s] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(styles) != n {
		t.Fatalf("styles %v", styles)
	}
	return pairs, styles
}

func TestZipImages(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	pairs, styles := stylePairs(t, a, "product_type <> 'POP'", 3)
	id := editor.Do("POST", "/api/assortments", map[string]any{"title": "Zip Review", "channel": "Wholesale", "products": pairs}).Data(t, 200)["_id"].(string)
	get := func(small, heroOnly string) map[string]int {
		path := "/api/assortments/zip/images/" + small + "/" + heroOnly + "/" + id
		return zipOf(t, editor, path, editor.Do("GET", path, nil))
	}
	heroes := get("true", "true")
	if len(heroes) != len(styles) {
		t.Fatalf("hero only: %v", names(heroes))
	}
	for n := range heroes {
		style, _, _ := strings.Cut(strings.TrimPrefix(n, "images/"), "_")
		if !styles[style] || !strings.HasSuffix(n, ".png") {
			t.Fatalf("entry %s", n)
		}
	}
	all := get("true", "false")
	if len(all) != len(pairs) {
		t.Fatalf("every colour: %d entries for %d rows: %v", len(all), len(pairs), names(all))
	}
	print := get("false", "false")
	for n, size := range all {
		if print[n] <= size {
			t.Fatalf("%s: print size %d bytes, small %d", n, print[n], size)
		}
	}

	before := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'documents.zip'`)
	if r := editor.Do("GET", "/api/assortments/zip/images/yes/true/"+id, nil); r.Status != 400 {
		t.Errorf("bad flag: %d %.200s", r.Status, r.Raw)
	}
	if r := login(a, "seniorEditor").Do("GET", "/api/assortments/zip/images/true/true/"+id, nil); r.Status != 404 {
		t.Errorf("another user's assortment: %d", r.Status)
	}
	if r := a.Client().Do("GET", "/api/assortments/zip/images/true/true/"+id, nil); r.Status != 401 {
		t.Errorf("anonymous: %d", r.Status)
	}
	if after := a.Count(`SELECT count(*) FROM river_job WHERE kind = 'documents.zip'`); after != before {
		t.Errorf("refused requests queued %d jobs", after-before)
	}
}

// TestProductTearsheet: a catalog product's tear sheet is a PDF named after it, priced in a
// location the user may see; a product type, style or colour that is not the product's is a
// 404, and an anonymous caller is refused.
func TestProductTearsheet(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	var style, color, productType string
	if err := a.DB.QueryRow(context.Background(), `SELECT style, color, product_type FROM products WHERE product_type = 'Footwear'
		AND style IN (SELECT style FROM products GROUP BY style HAVING count(*) > 2) ORDER BY style_numeric LIMIT 1`).Scan(&style, &color, &productType); err != nil {
		t.Fatal(err)
	}
	locs := user.Do("GET", "/api/products/locations", nil)
	list, _ := locs.Body["data"].([]any)
	if len(list) == 0 {
		t.Fatalf("locations: %s", locs.Raw)
	}
	loc := list[0].(map[string]any)["code"].(string)
	path := fmt.Sprintf("/api/products/tearsheet/%s/%s/%s/%s", productType, style, color, loc)
	r := user.Do("GET", path, nil)
	if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("tear sheet: %d %.300s", r.Status, r.Raw)
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, fmt.Sprintf("Tearsheet_%s_%s.pdf", style, color)) {
		t.Fatalf("file name: %s", cd)
	}
	if n := pages(t, r.Raw); n < 1 {
		t.Fatalf("%d pages", n)
	}
	for name, p := range map[string]string{
		"type":   fmt.Sprintf("/api/products/tearsheet/POP/%s/%s/%s", style, color, loc),
		"color":  fmt.Sprintf("/api/products/tearsheet/%s/%s/ZZZZ/%s", productType, style, loc),
		"style":  fmt.Sprintf("/api/products/tearsheet/%s/NOSUCHSTYLE/%s/%s", productType, color, loc),
		"kind":   fmt.Sprintf("/api/products/tearsheet/Shoes/%s/%s/%s", style, color, loc),
		"length": fmt.Sprintf("/api/products/tearsheet/%s/%s/%s/%s", productType, strings.Repeat("A", 60), color, loc),
	} {
		if r := user.Do("GET", p, nil); r.Status != 404 {
			t.Errorf("%s: %d %.200s", name, r.Status, r.Raw)
		}
	}
	if r := user.Do("GET", fmt.Sprintf("/api/products/tearsheet/%s/%s/%s/NOWHERE", productType, style, color), nil); r.Status != 403 && r.Status != 404 && r.Status != 400 {
		t.Errorf("unknown location: %d", r.Status)
	}
	if r := a.Client().Do("GET", path, nil); r.Status != 401 {
		t.Errorf("anonymous: %d", r.Status)
	}
}
