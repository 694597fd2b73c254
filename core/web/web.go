// Package web serves the built frontend: the shell at / and each module's remote at
// /remotes/<id>/, from the copy embedded in the binary or from web_dir. Content-hashed files are
// cached for good; index.html, manifests and remote entries never are; any other non-API path
// gets index.html so the shell's router can answer it.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"net/url"
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
	csp     string
}

// New picks the embedded copy or web_dir (a checkout with shell/dist and remotes/*/dist).
func New(cfg *config.Config) *Handler {
	h := &Handler{csp: pageCSP(cfg)}
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
		// /file/shared/.../Handbook.pdf included) is the shell's to answer.
		if strings.HasPrefix(r.URL.Path, "/remotes/") || strings.HasPrefix(p, "assets/") || hashed.MatchString(p) {
			http.NotFound(w, r)
			return
		}
	}
	h.serveIndex(w)
}

// pageCSP is the pages' policy. The shell and its remotes are files of this origin (module
// federation loads remotes from /remotes/), with no inline script; styles stay inline-able for
// the grid's injected sheets. With S3, the browser fetches blobs (images, videos, PDFs, part
// uploads) from the bucket's origin.
func pageCSP(cfg *config.Config) string {
	blobs := ""
	if cfg.Storage.Driver == "s3" {
		blobs = " https://*.amazonaws.com"
		if u, err := url.Parse(cfg.Storage.Endpoint); err == nil && u.Host != "" {
			blobs = " " + u.Scheme + "://" + u.Host
		}
	}
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:" + blobs + "; media-src 'self' blob:" + blobs + "; connect-src 'self'" + blobs +
		"; frame-src 'self'" + blobs + "; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
}

func (h *Handler) serveIndex(w http.ResponseWriter) {
	w.Header().Set("Content-Security-Policy", h.csp)
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
