package live

import (
	"context"
	"net/http"
)

// TabHeader names the browser tab a request comes from: the shell sends one random id per
// page load with every call, and a stream names its tab in ?tab=. An event remembers the tab
// its change was made in, and a stream tells "self" only to that tab, so the same user's other
// tabs follow the change as they would a colleague's.
const TabHeader = "X-ITS-Tab"

// maxTab is the longest tab id taken; a longer or odd one is ignored on a call and refused on a
// stream.
const maxTab = 64

type tabKey struct{}

// validTab reports whether s can be a tab id: 1 to 64 letters, digits, '-' or '_'.
func validTab(s string) bool {
	if s == "" || len(s) > maxTab {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// Tab puts the request's tab id (TabHeader) into its context, for Publish; a missing or odd
// one is left out (the change then counts as made in none of the user's tabs).
func Tab(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if t := r.Header.Get(TabHeader); validTab(t) {
			r = r.WithContext(context.WithValue(r.Context(), tabKey{}, t))
		}
		next.ServeHTTP(w, r)
	})
}

// tabOf is the tab id Tab put into ctx, or "".
func tabOf(ctx context.Context) string {
	t, _ := ctx.Value(tabKey{}).(string)
	return t
}
