package libraries_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"net/http"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/libraries"
	"its/modules/users"
)

// bombPNG is a PNG header announcing width x height pixels with next to no data behind it: what
// a decompression bomb looks like before its pixels are inflated.
func bombPNG(width, height uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		body := append([]byte(kind), data...)
		b.Write(body)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], width)
	binary.BigEndian.PutUint32(ihdr[4:], height)
	ihdr[8], ihdr[9] = 8, 0 // 8-bit greyscale
	chunk("IHDR", ihdr)
	chunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})
	chunk("IEND", nil)
	return b.Bytes()
}

// uploadAsset sends body through the real upload flow into a library and answers the asset id.
func uploadAsset(t *testing.T, a *apptest.App, c *apptest.Client, libraryType, filename string, body []byte) string {
	t.Helper()
	r := c.Do("POST", "/api/upload/aws/s3/create", map[string]any{"filename": filename, "fileSize": len(body), "usageType": "libraryAsset", "libraryType": libraryType})
	if r.Status != 200 {
		t.Fatalf("create: %d %s", r.Status, r.Raw)
	}
	d := r.Body["data"].(map[string]any)
	put, _ := http.NewRequest(http.MethodPut, a.URL+d["urls"].([]any)[0].(string), bytes.NewReader(body))
	res, err := http.DefaultClient.Do(put)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("part: %v %v", err, res)
	}
	res.Body.Close()
	r = c.Do("POST", "/api/upload/aws/s3/complete", map[string]any{"bucket": d["bucket"], "key": d["key"], "uploadId": d["uploadId"], "etags": []string{res.Header.Get("ETag")}})
	if r.Status != 200 {
		t.Fatalf("complete: %d %s", r.Status, r.Raw)
	}
	return r.Body["data"].(map[string]any)["result"].(map[string]any)["asset"].(map[string]any)["_id"].(string)
}

// TestPreviewRefusesTooManyPixels: the preview job reads an image's size before decoding it and
// refuses one over images.max_pixels, however small the file.
func TestPreviewRefusesTooManyPixels(t *testing.T) {
	a := apptest.Start(t, fx.Options(users.Module, libraries.Module), "ITS_IMAGES_MAX_PIXELS=1000000")
	editor := login(a, "editor")
	big := image.NewGray(image.Rect(0, 0, 2000, 1000))
	var buf bytes.Buffer
	if err := png.Encode(&buf, big); err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		name string
		body []byte
	}{{"two megapixels.png", buf.Bytes()}, {"bomb.png", bombPNG(20000, 20000)}} {
		id := uploadAsset(t, a, editor, "GlobalRetailAsset", f.name, f.body)
		deadline := time.Now().Add(20 * time.Second)
		for a.Count(`SELECT count(*) FROM library_files WHERE asset_id = $1 AND state IN ('Failed', 'Success')`, id) != 1 {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the preview job did not finish", f.name)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if n := a.Count(`SELECT count(*) FROM library_files WHERE asset_id = $1 AND state = 'Failed' AND thumbnail_key = ''`, id); n != 1 {
			t.Fatalf("%s: an image over the pixel limit was decoded", f.name)
		}
	}
}
