package httpx

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"
)

// IsUUID reports whether s is a UUID in its canonical text (8-4-4-4-12 hexadecimal digits), the
// one form ids take in paths and bodies; anything else is refused before it reaches SQL.
func IsUUID(s string) bool { return len(s) == 36 && uuid.Validate(s) == nil }

// badText reports a text the database cannot store: PostgreSQL refuses NUL in text and invalid
// UTF-8 (SQLSTATE 22021, a 500), and a decoder would quietly turn invalid UTF-8 into U+FFFD.
func badText(s string) bool {
	return strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s)
}

func badInput(part string) *Error {
	return BadRequest("The request's "+part+" holds a NUL byte or invalid UTF-8", map[string]string{"part": part})
}

// CleanInput refuses a request whose path or query holds a NUL byte or invalid UTF-8 with a 400
// before any handler runs. JSON bodies are checked by Decode; file bodies are binary and pass.
func CleanInput(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if badText(r.URL.Path) {
				WriteError(w, r, log, badInput("path"))
				return
			}
			q, _ := url.ParseQuery(r.URL.RawQuery)
			for k, vs := range q {
				if badText(k) || slices.ContainsFunc(vs, badText) {
					WriteError(w, r, log, badInput("query"))
					return
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// checkJSONText refuses a JSON text holding invalid UTF-8 or a NUL, raw or escaped as \u0000.
func checkJSONText(b []byte) error {
	if !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0 {
		return badInput("body")
	}
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(`\u0000`))
		if j < 0 {
			return nil
		}
		j += i
		// An escape only when its backslash is not itself escaped: an odd run of backslashes.
		k := j
		for k > 0 && b[k-1] == '\\' {
			k--
		}
		if (j-k)%2 == 0 {
			return badInput("body")
		}
		i = j + 1
	}
}
