package documents_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/xuri/excelize/v2"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/db/dbtest"
	"its/modules/assortments"
	"its/modules/documents"
	"its/modules/products"
	"its/modules/users"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

var modules = fx.Options(users.Module, products.Module, assortments.Module, documents.Module)

func start(t testing.TB, env ...string) *apptest.App { return apptest.Start(t, modules, env...) }

func login(a *apptest.App, role string) *apptest.Client {
	c := a.Client()
	c.Login(role + "@example.com")
	return c
}

// assortment creates an assortment of the editor holding one colour of each of n styles.
func assortment(t testing.TB, a *apptest.App, c *apptest.Client, n int) string {
	t.Helper()
	rows, err := a.DB.Query(context.Background(), `SELECT style, color FROM (SELECT DISTINCT ON (style) style, color, style_numeric
		FROM products WHERE product_type <> 'POP' ORDER BY style, color) p ORDER BY style_numeric LIMIT $1`, n)
	if err != nil {
		t.Fatal(err)
	}
	var pairs []map[string]any
	for rows.Next() {
		var s, col string
		if err := rows.Scan(&s, &col); err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, map[string]any{"style": s, "color": col})
	}
	if len(pairs) != n {
		t.Fatalf("only %d styles", len(pairs))
	}
	d := c.Do("POST", "/api/assortments", map[string]any{"title": "Spring Line Review", "channel": "Wholesale", "products": pairs}).Data(t, 200)
	return d["_id"].(string)
}

func request(id string, extra map[string]any) map[string]any {
	body := map[string]any{
		"documentType": map[string]any{"type": "Linesheet", "subType": "Expanded"},
		"assortment":   id,
		"filename":     "Spring Line Review",
		"settings": map[string]any{"columns": []string{"division", "sizeRange", "availability", "suggestedRetail"}, "groupDividers": true,
			"includeImages": true, "sortNumber": true, "pageNumbers": true, "coverPage": true, "author": "Ed Itor", "date": "2026-11-25",
			"priceDisclaimer": "Prices subject to change"},
	}
	for k, v := range extra {
		body[k] = v
	}
	return body
}

var pageRE = regexp.MustCompile(`/Type\s*/Page[^s]`)

func pages(t testing.TB, pdf []byte) int {
	t.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Fatalf("not a PDF: %.200s", pdf)
	}
	return len(pageRE.FindAll(pdf, -1))
}

// workbookRows reads the first sheet and counts its pictures.
func workbookRows(t testing.TB, raw []byte) ([][]string, int) {
	t.Helper()
	x, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not a workbook: %v", err)
	}
	defer x.Close()
	sheet := x.GetSheetName(0)
	rows, err := x.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	cells, err := x.GetPictureCells(sheet)
	if err != nil {
		t.Fatal(err)
	}
	return rows, len(cells)
}

// TestExport: a 200-style Expanded line sheet with group dividers comes back as a PDF of many
// pages and as a workbook with a divider and a row (with its picture) per style, named with
// underscores; the browser's download queue gets the same as a job.
func TestExport(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	id := assortment(t, a, editor, 200)

	r := editor.Do("POST", "/api/assortment-documents/pdf", request(id, nil))
	if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("pdf: %d %s %.300s", r.Status, r.Header.Get("Content-Type"), r.Raw)
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename=Spring_Line_Review.pdf`) {
		t.Fatalf("file name: %s", cd)
	}
	// 200 cards, three to a row, with a divider per style: dozens of pages plus the cover.
	if n := pages(t, r.Raw); n < 20 {
		t.Fatalf("the PDF has %d pages", n)
	}

	x := editor.Do("POST", "/api/assortment-documents/xlsx", request(id, nil))
	if x.Status != 200 || !strings.Contains(x.Header.Get("Content-Disposition"), "Spring_Line_Review.xlsx") {
		t.Fatalf("xlsx: %d %s", x.Status, x.Header.Get("Content-Disposition"))
	}
	rows, pictures := workbookRows(t, x.Raw)
	items, dividers := 0, 0
	for _, row := range rows {
		if len(row) == 1 && strings.HasSuffix(row[0], "(1)") {
			dividers++
		}
		if len(row) > 3 && row[0] != "" && row[0] != "No." && regexp.MustCompile(`^\d+$`).MatchString(row[0]) {
			items++
		}
	}
	if items != 200 || dividers != 200 || pictures != 200 {
		t.Fatalf("workbook: %d items, %d dividers, %d pictures", items, dividers, pictures)
	}
	// The assortment's order: sort numbers 1..200 follow the assortment's rows.
	mine := editor.Do("GET", "/api/assortments/"+id, nil).Data(t, 200)
	first := mine["products"].([]any)[0].(map[string]any)
	for _, row := range rows {
		if len(row) > 3 && row[0] == "1" {
			if row[2] != first["style"] || row[3] != first["color"] {
				t.Fatalf("the first item is %v, the assortment's first row %v/%v", row[:4], first["style"], first["color"])
			}
		}
	}

	// As a job of the download queue.
	job := editor.Do("POST", "/api/assortment-documents/xlsx", request(id, map[string]any{"queue": true})).Data(t, 202)
	st := editor.WaitJob(job["jobId"].(string))
	if st["status"] != "success" || st["filename"] != "Spring_Line_Review.xlsx" {
		t.Fatalf("job: %v", st)
	}
	dl := a.Client().Do("GET", st["url"].(string), nil)
	if _, pics := workbookRows(t, dl.Raw); pics != 200 {
		t.Fatalf("the job's workbook has %d pictures", pics)
	}
	// The settings panel's preview: a PNG of one of the first pages.
	pr := editor.Do("POST", "/api/assortment-documents/preview?page=2", request(id, nil))
	if pr.Status != 200 || !bytes.HasPrefix(pr.Raw, []byte("\x89PNG")) {
		t.Fatalf("preview: %d %.200s", pr.Status, pr.Raw)
	}
	if r := editor.Do("POST", "/api/assortment-documents/preview?page=9", request(id, nil)); r.Status != 400 {
		t.Fatalf("page 9: %d", r.Status)
	}
	// Another user cannot follow it.
	if r := login(a, "seniorEditor").Do("GET", "/api/jobs/"+job["jobId"].(string), nil); r.Status != 404 {
		t.Fatalf("another user's job: %d", r.Status)
	}
}

// TestBadRequests: mistakes are 400s naming the field, another user's assortment a 404, and a
// user without an editing role cannot share.
func TestBadRequests(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	id := assortment(t, a, editor, 3)
	for name, body := range map[string]map[string]any{
		"column":  request(id, map[string]any{"settings": map[string]any{"columns": []string{"popCategory"}}}),
		"subType": request(id, map[string]any{"documentType": map[string]any{"type": "Tearsheet", "subType": "Expanded"}}),
		"type":    request(id, map[string]any{"documentType": map[string]any{"type": "Brochure"}}),
		"locale":  request(id, map[string]any{"settings": map[string]any{"locale": "xx-XX"}}),
	} {
		r := editor.Do("POST", "/api/assortment-documents/xlsx", body)
		if r.Status != 400 || r.Body["messageCode"] != "ITS_ERR_VALIDATION" {
			t.Errorf("%s: %d %s", name, r.Status, r.Raw)
		}
	}
	if r := login(a, "seniorEditor").Do("POST", "/api/assortment-documents/xlsx", request(id, nil)); r.Status != 404 {
		t.Errorf("another user's assortment: %d", r.Status)
	}
	if r := editor.Do("POST", "/api/assortment-documents/xlsx", request("not-an-id", nil)); r.Status != 404 {
		t.Errorf("no such assortment: %d", r.Status)
	}
	if r := editor.Do("POST", "/api/assortment-documents/share/email/pdf", request(id, map[string]any{"recipients": []string{"not an address"}})); r.Status != 400 {
		t.Errorf("bad recipient: %d %s", r.Status, r.Raw)
	}
	if r := editor.Do("POST", "/api/assortment-documents/share/email/doc", request(id, map[string]any{"recipients": []string{"buyer@example.com"}})); r.Status != 404 {
		t.Errorf("unknown file type: %d", r.Status)
	}
	if n := a.Count(`SELECT count(*) FROM assortment_documents`); n != 0 {
		t.Errorf("refused requests saved %d documents", n)
	}
}

// linkOf finds the link a mail carries.
var linkRE = regexp.MustCompile(`https?://\S+/file/(shared|scheduled)/(\S+)`)

func outboxLink(t testing.TB, a *apptest.App, to string) (string, string) {
	t.Helper()
	var subject, body string
	if err := a.DB.QueryRow(context.Background(), `SELECT subject, body_text FROM mail_outbox WHERE $1 = ANY(recipients) ORDER BY id DESC LIMIT 1`, to).
		Scan(&subject, &body); err != nil {
		t.Fatalf("no mail to %s: %v", to, err)
	}
	m := linkRE.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no link in %q", body)
	}
	return m[1], m[2]
}

// apiPath turns the page's path /file/{kind}/{fileType}/document/{id}/{code}/{name} into the API
// call the page makes.
func apiPath(kind, rest string) string {
	p := strings.Split(rest, "/")
	return fmt.Sprintf("/api/assortment-documents/%s/%s/%s/%s/%s", p[0], kind, p[2], p[3], p[4])
}

// TestShare: a share mails the recipients (and the bcc recipient apart) a link that downloads
// the file without a login, until it is revoked or expires; a wrong code answers 404.
func TestShare(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	id := assortment(t, a, editor, 12)
	r := editor.Do("POST", "/api/assortment-documents/share/email/xlsx", request(id, map[string]any{
		"recipients": []string{"buyer@example.com"}, "bccRecipients": []string{"boss@example.com"}, "subject": "Spring lines"}))
	res := r.Data(t, 200)
	if r.Body["message"] != "Shared Successfully" {
		t.Fatalf("message %v", r.Body["message"])
	}
	kind, rest := outboxLink(t, a, "buyer@example.com")
	if bk, brest := outboxLink(t, a, "boss@example.com"); bk != kind || brest != rest {
		t.Fatalf("the bcc mail links elsewhere")
	}
	if n := a.Count(`SELECT count(*) FROM mail_outbox WHERE 'buyer@example.com' = ANY(recipients) AND 'boss@example.com' = ANY(recipients)`); n != 0 {
		t.Fatalf("the bcc recipient is named beside the recipients")
	}
	if !strings.HasSuffix(rest, "/Spring_Line_Review.xlsx") || kind != "shared" {
		t.Fatalf("link %s %s", kind, rest)
	}
	anon := a.Client()
	dl := anon.Do("GET", apiPath(kind, rest), nil)
	if dl.Status != 200 {
		t.Fatalf("anonymous download: %d %s", dl.Status, dl.Raw)
	}
	if rows, pics := workbookRows(t, dl.Raw); pics != 12 || len(rows) < 12 {
		t.Fatalf("the shared workbook: %d rows, %d pictures", len(rows), pics)
	}
	// The code is kept hashed: the database does not hold it.
	code := strings.Split(rest, "/")[3]
	if n := a.Count(`SELECT count(*) FROM assortment_document_files WHERE encode(code_hash, 'escape') LIKE '%' || $1 || '%'`, code); n != 0 {
		t.Fatal("the access code is stored in clear")
	}
	p := strings.Split(rest, "/")
	wrong := fmt.Sprintf("/api/assortment-documents/xlsx/shared/%s/%s/%s", p[2], strings.Repeat("A", len(code)), p[4])
	if r := anon.Do("GET", wrong, nil); r.Status != 404 {
		t.Fatalf("a guessed code: %d", r.Status)
	}
	// The document was saved with its link, which its owner sees and revokes.
	doc := res["document"].(map[string]any)
	got := editor.Do("GET", "/api/assortment-documents/"+doc["_id"].(string), nil).Data(t, 200)
	if files := got["files"].([]any); len(files) != 1 {
		t.Fatalf("files %v", files)
	}
	fileID := res["fileId"].(string)
	if r := login(a, "seniorEditor").Do("DELETE", "/api/assortment-documents/shared/"+fileID, nil); r.Status != 404 {
		t.Fatalf("another user revoked: %d", r.Status)
	}
	if r := anon.Do("GET", apiPath(kind, rest), nil); r.Status != 200 {
		t.Fatalf("after another user's try: %d", r.Status)
	}
	if r := editor.Do("DELETE", "/api/assortment-documents/shared/"+fileID, nil); r.Status != 200 {
		t.Fatalf("revoke: %d %s", r.Status, r.Raw)
	}
	if r := anon.Do("GET", apiPath(kind, rest), nil); r.Status != 404 {
		t.Fatalf("a revoked link: %d", r.Status)
	}
	// A second share of the saved document, then its expiry.
	editor.Do("POST", "/api/assortment-documents/share/email/pdf", request(id, map[string]any{"_id": doc["_id"], "recipients": []string{"other@example.com"}})).Data(t, 200)
	kind, rest = outboxLink(t, a, "other@example.com")
	pdf := anon.Do("GET", apiPath(kind, rest), nil)
	if pdf.Status != 200 || pages(t, pdf.Raw) < 2 {
		t.Fatalf("shared pdf: %d", pdf.Status)
	}
	if _, err := a.DB.Exec(context.Background(), `UPDATE assortment_document_files SET expires_at = now() - interval '1 second'`); err != nil {
		t.Fatal(err)
	}
	if r := anon.Do("GET", apiPath(kind, rest), nil); r.Status != 404 {
		t.Fatalf("an expired link: %d", r.Status)
	}
}

// TestSchedule: a daily schedule puts the assortment in the Scheduled list; the periodic job
// sends a due document (a mail with a /file/scheduled link that downloads without a login) and
// moves its next run a day on; deleting it takes the assortment off the list.
func TestSchedule(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	id := assortment(t, a, editor, 8)
	body := request(id, map[string]any{"frequency": "daily", "recipients": []string{"team@example.com"}, "fileType": "xlsx"})
	r := editor.Do("POST", "/api/assortment-documents", body)
	doc := r.Data(t, 200)
	if r.Body["message"] != "Scheduled Successfully" || doc["nextRunDate"] == nil {
		t.Fatalf("schedule: %v %v", r.Body["message"], doc["nextRunDate"])
	}
	scheduled := func() bool {
		l := editor.Do("GET", "/api/assortments?view=scheduled", nil)
		return strings.Contains(string(l.Raw), id)
	}
	if !scheduled() {
		t.Fatal("the assortment is not in the Scheduled list")
	}
	body["_id"] = doc["_id"]
	body["frequency"] = "weekly"
	if r := editor.Do("POST", "/api/assortment-documents", body); r.Body["message"] != "Scheduled Updated" {
		t.Fatalf("update: %v", r.Body["message"])
	}
	body["frequency"] = "daily"
	editor.Do("POST", "/api/assortment-documents", body)

	// Due now: the periodic job's next look sends it.
	if _, err := a.DB.Exec(context.Background(), `UPDATE assortment_documents SET next_run_at = now() - interval '1 minute'`); err != nil {
		t.Fatal(err)
	}
	client, err := river.NewClient(riverpgxv5.New(a.DB), &river.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := client.Insert(context.Background(), documents.DueArgs{}, nil); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for a.Count(`SELECT count(*) FROM mail_outbox WHERE 'team@example.com' = ANY(recipients)`) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the scheduled document was not sent")
		}
		time.Sleep(200 * time.Millisecond)
	}
	kind, rest := outboxLink(t, a, "team@example.com")
	if kind != "scheduled" {
		t.Fatalf("kind %s", kind)
	}
	dl := a.Client().Do("GET", apiPath(kind, rest), nil)
	if rows, _ := workbookRows(t, dl.Raw); dl.Status != 200 || len(rows) < 8 {
		t.Fatalf("scheduled file: %d", dl.Status)
	}
	var next time.Time
	if err := a.DB.QueryRow(context.Background(), `SELECT next_run_at FROM assortment_documents`).Scan(&next); err != nil {
		t.Fatal(err)
	}
	if d := time.Until(next); d < 23*time.Hour || d > 25*time.Hour {
		t.Fatalf("next run in %v", d)
	}
	got := editor.Do("GET", "/api/assortment-documents/"+doc["_id"].(string), nil).Data(t, 200)
	if got["lastRunDate"] == nil || len(got["files"].([]any)) != 1 {
		t.Fatalf("after the run: %v", got)
	}

	if r := editor.Do("DELETE", "/api/assortment-documents/"+doc["_id"].(string), nil); r.Body["message"] != "Scheduled Deleted" {
		t.Fatalf("delete: %d %v", r.Status, r.Body["message"])
	}
	if scheduled() {
		t.Fatal("the assortment stays in the Scheduled list")
	}
	if r := a.Client().Do("GET", apiPath(kind, rest), nil); r.Status != 404 {
		t.Fatalf("a deleted document's file: %d", r.Status)
	}
}

// TestWithoutChromium: a server whose PDF pool points at a missing binary starts; its PDF calls
// answer 503 naming Chromium while workbooks still work.
func TestWithoutChromium(t *testing.T) {
	a := start(t, "ITS_PDF_CHROMIUM_PATH=/nonexistent/chromium")
	editor := login(a, "editor")
	id := assortment(t, a, editor, 2)
	for _, path := range []string{"/api/assortment-documents/pdf", "/api/assortment-documents/preview"} {
		r := editor.Do("POST", path, request(id, nil))
		if r.Status != 503 || !strings.Contains(fmt.Sprint(r.Body["message"]), "Chromium") {
			t.Fatalf("%s: %d %s", path, r.Status, r.Raw)
		}
	}
	if r := editor.Do("POST", "/api/assortment-documents/xlsx", request(id, nil)); r.Status != 200 {
		t.Fatalf("xlsx without Chromium: %d", r.Status)
	}
}

// The settings preview is the real document's page: it rendered only the first 24 rows, so a
// third page of a condensed sheet stopped part way down where the document's went on.
func TestPreviewIsTheDocumentsPage(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("poppler's pdftoppm is not installed")
	}
	a := start(t)
	editor := login(a, "editor")
	id := assortment(t, a, editor, 120)
	body := request(id, map[string]any{"documentType": map[string]any{"type": "Linesheet", "subType": "Condensed"}})
	body["settings"].(map[string]any)["coverPage"] = false
	body["settings"].(map[string]any)["includeImages"] = false
	full := editor.Do("POST", "/api/assortment-documents/pdf", body)
	if full.Status != 200 {
		t.Fatalf("pdf: %d %.200s", full.Status, full.Raw)
	}
	if n := pages(t, full.Raw); n < 5 {
		t.Fatalf("the document has %d pages; the test needs more than the preview's first rows fill", n)
	}
	cmd := exec.Command("pdftoppm", "-f", "3", "-l", "3", "-singlefile", "-png", "-r", "72", "-", filepath.Join(t.TempDir(), "p"))
	cmd.Stdin = bytes.NewReader(full.Raw)
	dir := filepath.Dir(cmd.Args[len(cmd.Args)-1])
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	want := decodePNG(t, mustRead(t, filepath.Join(dir, "p.png")))
	pr := editor.Do("POST", "/api/assortment-documents/preview?page=3", body)
	if pr.Status != 200 {
		t.Fatalf("preview: %d %.200s", pr.Status, pr.Raw)
	}
	got := decodePNG(t, pr.Raw)
	if got.Bounds() != want.Bounds() {
		t.Fatalf("preview %v, document page %v", got.Bounds(), want.Bounds())
	}
	// The footer's "Page 3 of N" counts the pages the preview rendered, not the document's:
	// the bottom margin (0.6 in) is left out.
	differ := 0
	for y := got.Bounds().Min.Y; y < got.Bounds().Max.Y-44; y++ {
		for x := got.Bounds().Min.X; x < got.Bounds().Max.X; x++ {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if absDiff(r1, r2)+absDiff(g1, g2)+absDiff(b1, b2) > 3*0x1000 {
				differ++
			}
		}
	}
	if total := got.Bounds().Dx() * got.Bounds().Dy(); differ > total/5000 {
		t.Errorf("the preview's page 3 differs from the document's in %d of %d pixels", differ, total)
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func decodePNG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
