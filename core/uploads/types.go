package uploads

import (
	"bytes"
	"path"
	"strings"
)

// fileType is an allowed extension with its content type and its magic bytes.
type fileType struct {
	contentType string
	sniff       func(head []byte) bool
}

func prefix(sigs ...string) func([]byte) bool {
	return func(h []byte) bool {
		for _, s := range sigs {
			if bytes.HasPrefix(h, []byte(s)) {
				return true
			}
		}
		return false
	}
}

// isoMedia is MP4/QuickTime: a box size then a known box type at offset 4.
func isoMedia(h []byte) bool {
	if len(h) < 12 {
		return false
	}
	switch string(h[4:8]) {
	case "ftyp", "moov", "mdat", "wide", "free", "skip", "pnot":
		return true
	}
	return false
}

// text is a file without NUL bytes (CSV has no magic bytes).
func text(h []byte) bool { return bytes.IndexByte(h, 0) < 0 }

func webp(h []byte) bool {
	return len(h) >= 12 && string(h[0:4]) == "RIFF" && string(h[8:12]) == "WEBP"
}

func svg(h []byte) bool {
	t := bytes.TrimSpace(bytes.TrimPrefix(h, []byte("\xef\xbb\xbf")))
	return (bytes.HasPrefix(t, []byte("<?xml")) || bytes.HasPrefix(t, []byte("<svg"))) && bytes.Contains(h, []byte("<svg"))
}

var (
	jpeg   = fileType{"image/jpeg", prefix("\xff\xd8\xff")}
	png    = fileType{"image/png", prefix("\x89PNG\r\n\x1a\n")}
	gif    = fileType{"image/gif", prefix("GIF87a", "GIF89a")}
	tiff   = fileType{"image/tiff", prefix("II*\x00", "MM\x00*")}
	zipped = func(ct string) fileType { return fileType{ct, prefix("PK\x03\x04")} }

	fileTypes = map[string]fileType{
		".jpg": jpeg, ".jpeg": jpeg, ".png": png, ".gif": gif, ".tif": tiff, ".tiff": tiff,
		".webp": {"image/webp", webp},
		".svg":  {"image/svg+xml", svg},
		".pdf":  {"application/pdf", prefix("%PDF-")},
		".psd":  {"image/vnd.adobe.photoshop", prefix("8BPS")},
		".ai":   {"application/postscript", prefix("%PDF-", "%!PS-Adobe")},
		".eps":  {"application/postscript", prefix("%!PS-Adobe", "\xc5\xd0\xd3\xc6")},
		".indd": {"application/x-indesign", prefix("\x06\x06\xed\xf5\xd8\x1d\x46\xe5\xbd\x31\xef\xe7\xfe\x74\xb7\x1d")},
		".mp4":  {"video/mp4", isoMedia},
		".mov":  {"video/quicktime", isoMedia},
		".zip":  zipped("application/zip"),
		".docx": zipped("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
		".xlsx": zipped("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
		".pptx": zipped("application/vnd.openxmlformats-officedocument.presentationml.presentation"),
		".csv":  {"text/csv", text},
	}
)

// Images are the raster image extensions, for a usage's Extensions (append to a copy).
var Images = []string{".jpg", ".jpeg", ".png", ".gif", ".tif", ".tiff", ".webp"}

func ext(filename string) string { return strings.ToLower(path.Ext(filename)) }

// sniffOK reports whether head starts like a file of filename's extension.
func sniffOK(filename string, head []byte) bool {
	ft, ok := fileTypes[ext(filename)]
	return ok && ft.sniff(head)
}
