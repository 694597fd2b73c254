package storage

import (
	"mime"
	"net/http"
)

// BlobCSP confines a blob opened as a page: no script, no plugin, no request, and a sandbox (an
// opaque origin) so that even markup the browser renders, an SVG say, cannot act as ITS.
const BlobCSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

// inlineTypes are the user files a browser may show in place: raster images, which run nothing,
// and PDFs, which Chromium's viewer renders out of the page's reach. Everything else, SVG
// included (it is markup that may carry script), is an attachment.
var inlineTypes = map[string]bool{
	"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true, "application/pdf": true,
}

// Disposition is the Content-Disposition a blob of contentType is served with.
func Disposition(contentType, filename string) string {
	kind := "attachment"
	if mt, _, err := mime.ParseMediaType(contentType); err == nil && inlineTypes[mt] {
		kind = "inline"
	}
	return mime.FormatMediaType(kind, map[string]string{"filename": filename})
}

// SetBlobHeaders sets what every blob answer carries: its real type, never sniffed, the
// disposition, and the confining CSP. PDFs go without the sandbox: Chromium refuses to run its
// PDF viewer in a sandboxed document.
func SetBlobHeaders(h http.Header, contentType, filename string) {
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Disposition", Disposition(contentType, filename))
	if mt, _, _ := mime.ParseMediaType(contentType); mt != "application/pdf" {
		h.Set("Content-Security-Policy", BlobCSP)
	}
	h.Set("Referrer-Policy", "no-referrer")
}
