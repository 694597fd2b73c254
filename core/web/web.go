// Package web serves the built frontend: the shell at / and each module's remote at
// /remotes/<id>/, from the copy embedded in the binary or from web_dir. Content-hashed files are
// cached for good; index.html, manifests and remote entries never are; any other non-API path
// gets index.html so the shell's router can answer it.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"its/core/config"
)

// dist is filled by `make web` (shell/ and remotes/<id>/ builds copied in); empty in a fresh
// clone, when the server says how to build the frontend instead.
//
//go:embed all:dist
var dist embed.FS

// Handler serves the frontend.
type Handler struct {
	shell   fs.FS
	remotes fs.FS
	index   []byte
}

// New picks the embedded copy or web_dir (a checkout with shell/dist and remotes/*/dist).
func New(cfg *config.Config) *Handler {
	h := &Handler{}
	if cfg.WebDir != "" {
		h.shell = os.DirFS(filepath.Join(cfg.WebDir, "shell", "dist"))
		h.remotes = remotesDir{root: filepath.Join(cfg.WebDir, "remotes")}
	} else {
		h.shell, _ = fs.Sub(dist, "dist/shell")
		h.remotes, _ = fs.Sub(dist, "dist/remotes")
	}
	h.index, _ = fs.ReadFile(h.shell, "index.html")
	return h
}

// remotesDir maps <id>/<file> to <root>/<id>/dist/<file>.
type remotesDir struct{ root string }

func (d remotesDir) Open(name string) (fs.File, error) {
	id, rest, ok := strings.Cut(name, "/")
	if !ok || !fs.ValidPath(name) {
		return nil, fs.ErrNotExist
	}
	return os.Open(filepath.Join(d.root, id, "dist", filepath.FromSlash(rest)))
}

var hashed = regexp.MustCompile(`[.-][0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp|json|map)$`)

// ServeHTTP serves a file or the shell's index.html.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	fsys := h.shell
	if rest, ok := strings.CutPrefix(p, "remotes/"); ok {
		fsys, p = h.remotes, rest
	}
	if p != "" && p != "index.html" && fsys != nil {
		if b, err := fs.ReadFile(fsys, p); err == nil {
			if hashed.MatchString(p) {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "no-cache")
			}
			w.Header().Set("X-Content-Type-Options", "nosniff")
			w.Header().Set("ETag", etag(p, b))
			http.ServeContent(w, r, p, time.Time{}, strings.NewReader(string(b)))
			return
		}
		// A missing build file is a 404; any other path (public links such as
		// /file/shared/.../Line_Sheet.pdf included) is the shell's to answer.
		if strings.HasPrefix(r.URL.Path, "/remotes/") || strings.HasPrefix(p, "assets/") || hashed.MatchString(p) {
			http.NotFound(w, r)
			return
		}
	}
	h.serveIndex(w)
}

func (h *Handler) serveIndex(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-cache, no-store, must-revalidate")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("X-Frame-Options", "DENY")
	if h.index == nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte(notBuilt))
		return
	}
	_, _ = w.Write(h.index)
}

const notBuilt = `<!doctype html><meta charset="utf-8"><title>ITS</title>
<body style="font-family:sans-serif;padding:3rem"><h1>ITS</h1>
<p>The web frontend is not built into this binary. Run <code>make run</code> (or <code>make web build</code>) from the checkout.</p>`
