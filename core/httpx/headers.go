package httpx

import "net/http"

// APICSP is the policy of every answer that is not a page: JSON, errors, files. A handler that
// serves a page (the frontend) or a user file (blobs) sets its own.
const APICSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// SecurityHeaders sets the headers every answer carries: never sniff a type, a referrer only to
// ITS itself, a locked-down CSP by default, and HSTS when ITS is served over TLS (hsts).
func SecurityHeaders(hsts bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "same-origin")
			h.Set("Content-Security-Policy", APICSP)
			if hsts {
				h.Set("Strict-Transport-Security", "max-age=31536000")
			}
			next.ServeHTTP(w, r)
		})
	}
}
