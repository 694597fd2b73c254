package libraries_test

import (
	"bytes"
	"fmt"
	"image"
	"os/exec"
	"testing"
	"time"

	"its/core/pdf"
	"its/modules/libraries"
)

// twoPagePDF writes a small Letter PDF by hand: page one is filled red, page two blue.
func twoPagePDF() []byte {
	fill := func(rgb string) string { return rgb + " rg 0 0 612 792 re f" }
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R 5 0 R] /Count 2 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
		"", // page one's stream
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R >>",
		"", // page two's stream
	}
	streams := map[int]string{3: fill("0.78 0.06 0.18"), 5: fill("0.11 0.31 0.57")}
	for i, s := range streams {
		objs[i] = fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(s), s)
	}
	return pdf.Assemble(objs)
}

func TestPDFPreview(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed: make deps-chromium installs it")
	}
	a := start(t)
	editor := login(a, "editor")
	body := twoPagePDF()
	assetID := uploadAsset(t, a, editor, "AdvertisingAsset", "Spring 26 Trail Line Sheet.pdf", body)

	// The preview job draws the first page: a Letter page measures 612 x 792 points.
	deadline := time.Now().Add(30 * time.Second)
	for a.Count(`SELECT count(*) FROM library_files WHERE asset_id = $1 AND width = 612 AND height = 792 AND thumbnail_key <> '' AND state = 'Success'`, assetID) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("no preview for the PDF")
		}
		time.Sleep(100 * time.Millisecond)
	}
	r := editor.Do("POST", "/api/assets/AdvertisingAsset", map[string]any{"_ids": []string{assetID}})
	if r.Status != 200 {
		t.Fatalf("signed urls: %d %s", r.Status, r.Raw)
	}
	file := r.Body["data"].([]any)[0].(map[string]any)["files"].([]any)[0].(map[string]any)
	if file["previewPdf"] != file["sourceFile"] || file["previewJpg"] == nil {
		t.Fatalf("preview urls: %v", file)
	}
	status, thumb := fetch(t, a, file["previewJpg"].(string))
	if status != 200 {
		t.Fatalf("preview: %d", status)
	}
	img, format, err := image.Decode(bytes.NewReader(thumb))
	if err != nil || format != "jpeg" {
		t.Fatalf("preview is not a JPEG: %v %s", err, format)
	}
	if b := img.Bounds(); b.Dy() != libraries.ThumbnailSize || b.Dx() != 309 {
		t.Fatalf("preview %v, want the page scaled to fit %d", b, libraries.ThumbnailSize)
	}
	// It is the first page: red, not the second page's blue.
	if cr, _, cb, _ := img.At(150, 200).RGBA(); cr>>8 < 150 || cb>>8 > 100 {
		t.Fatalf("preview pixel r=%d b=%d is not the first page's red", cr>>8, cb>>8)
	}
}

// TestPDFPreviewRefusesHugePage: a 197-byte PDF whose page is 14,400 points square (207 million
// pixels at the preview's resolution) is measured and refused like an image bomb: the file is
// kept, marked Failed, without a preview.
func TestPDFPreviewRefusesHugePage(t *testing.T) {
	if _, err := exec.LookPath("pdfinfo"); err != nil {
		t.Skip("pdfinfo (poppler-utils) is not installed: make deps-chromium installs it")
	}
	a := start(t)
	editor := login(a, "editor")
	bomb := []byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj " +
		"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 14400 14400]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")
	id := uploadAsset(t, a, editor, "AdvertisingAsset", "bomb.pdf", bomb)
	deadline := time.Now().Add(30 * time.Second)
	for a.Count(`SELECT count(*) FROM library_files WHERE asset_id = $1 AND state IN ('Failed', 'Success')`, id) != 1 {
		if time.Now().After(deadline) {
			t.Fatal("the preview job did not finish")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if n := a.Count(`SELECT count(*) FROM library_files WHERE asset_id = $1 AND state = 'Failed' AND thumbnail_key = ''`, id); n != 1 {
		t.Fatal("a page over the pixel limit was previewed")
	}
}
