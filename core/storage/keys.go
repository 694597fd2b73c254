package storage

import (
	"errors"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrBadName is returned for a filename or key part that cannot be made safe.
var ErrBadName = errors.New("storage: unsafe name")

// MaxFilenameLength bounds a sanitised filename (in bytes).
const MaxFilenameLength = 200

// SanitizeFilename turns a client's filename into a safe last key segment: anything that names a
// folder (a slash, a backslash, "." or "..") is refused, control characters and characters outside
// a conservative set become "_", and the result keeps its extension.
func SanitizeFilename(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) || !utf8.ValidString(name) {
		return "", ErrBadName
	}
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < 0x20 || r == 0x7f:
			b.WriteByte('_')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(" ._-()+&,'", r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	out := strings.Trim(b.String(), " .")
	if out == "" || strings.Trim(out, "_") == "" {
		return "", ErrBadName
	}
	if len(out) > MaxFilenameLength {
		ext := path.Ext(out)
		if len(ext) > 16 {
			ext = ""
		}
		cut := MaxFilenameLength - len(ext)
		for cut > 0 && !utf8.RuneStart(out[cut]) {
			cut--
		}
		out = out[:cut] + ext
	}
	return out, nil
}

// Segment makes a key folder segment (attachTo, a year, a channel) safe: letters, digits, "-" and
// "_" only; anything else is refused rather than rewritten, so two inputs never share a folder.
func Segment(s string) (string, error) {
	if s == "" || len(s) > 100 {
		return "", ErrBadName
	}
	for _, r := range s {
		if !(r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_')) {
			return "", ErrBadName
		}
	}
	return s, nil
}

// ValidKey reports whether key is a relative slash path without empty, "." or ".." segments.
func ValidKey(key string) bool {
	if key == "" || len(key) > 1024 || strings.HasPrefix(key, "/") || strings.Contains(key, `\`) || !utf8.ValidString(key) {
		return false
	}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
		for _, r := range seg {
			if r < 0x20 || r == 0x7f {
				return false
			}
		}
	}
	return true
}

// Key joins sanitised segments; it refuses a result that is not a valid key.
func Key(segments ...string) (string, error) {
	k := strings.Join(segments, "/")
	if !ValidKey(k) {
		return "", ErrBadName
	}
	return k, nil
}
