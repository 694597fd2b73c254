// Command hello is the plugin the host's tests build and install.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"

	"its/core/plugins/pluginapi"
	"its/core/plugins/sdk"
)

func main() {
	m := sdk.NewMux()
	m.HandleFunc("GET", "/api/hello/greeting", func(w http.ResponseWriter, r *http.Request) {
		u := sdk.UserOf(r)
		sdk.Log.Info("greeting", "user", u.Email)
		sdk.JSON(w, http.StatusOK, map[string]any{"hello": u.Email, "flags": u.Flags, "pid": os.Getpid(),
			// What of the browser's credentials reached the plugin (nothing should).
			"credentials": r.Header.Get("Cookie") + r.Header.Get("Authorization") + r.Header.Get("X-CSRF-Token")})
	})
	m.HandleFunc("GET", "/api/hello/items/{item}", func(w http.ResponseWriter, r *http.Request) {
		sdk.JSON(w, http.StatusOK, map[string]string{"item": r.PathValue("item"), "q": r.URL.Query().Get("q")})
	})
	m.HandleFunc("POST", "/api/hello/echo", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", r.Header.Get("Content-Type"))
		w.WriteHeader(http.StatusCreated)
		_, _ = io.Copy(w, r.Body)
	})
	m.HandleFunc("GET", "/api/hello/stream", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/x-ndjson")
		for i := range 5 {
			_ = json.NewEncoder(w).Encode(map[string]int{"row": i})
			w.(http.Flusher).Flush()
		}
	})
	m.HandleFunc("GET", "/api/hello/secret", func(w http.ResponseWriter, r *http.Request) {
		sdk.JSON(w, http.StatusOK, "the secret")
	})
	m.HandleFunc("POST", "/api/hello/crash", func(w http.ResponseWriter, r *http.Request) {
		os.Exit(3)
	})
	m.HandleFunc("POST", "/api/hello/notes", func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Text string }
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			sdk.Error(w, http.StatusBadRequest, "ITS_ERR_BAD_REQUEST", err.Error())
			return
		}
		if _, err := sdk.HostOf(r).DBExec(r.Context(), `INSERT INTO notes (text) VALUES ($1)`, body.Text); err != nil {
			sdk.Error(w, http.StatusInternalServerError, "ITS_ERR_INTERNAL", err.Error())
			return
		}
		sdk.JSON(w, http.StatusCreated, nil)
	})
	m.HandleFunc("GET", "/api/hello/notes", func(w http.ResponseWriter, r *http.Request) {
		sql := `SELECT text FROM notes ORDER BY id`
		if r.URL.Query().Get("core") != "" {
			sql = `SELECT email FROM public.users`
		}
		rows, err := sdk.HostOf(r).DBQuery(r.Context(), sql)
		if err != nil {
			sdk.Error(w, http.StatusForbidden, "ITS_ERR_FORBIDDEN", err.Error())
			return
		}
		sdk.JSON(w, http.StatusOK, rows.Rows)
	})
	// Runs the SQL it is sent, as a hostile plugin would: the tests try to leave the schema.
	m.HandleFunc("POST", "/api/hello/sql", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			SQL  string
			Exec bool
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			sdk.Error(w, http.StatusBadRequest, "ITS_ERR_BAD_REQUEST", err.Error())
			return
		}
		var out any
		var err error
		if body.Exec {
			out, err = sdk.HostOf(r).DBExec(r.Context(), body.SQL)
		} else {
			var rows *pluginapi.Rows
			if rows, err = sdk.HostOf(r).DBQuery(r.Context(), body.SQL); err == nil {
				out = rows.Rows
			}
		}
		if err != nil {
			sdk.Error(w, http.StatusForbidden, "ITS_ERR_FORBIDDEN", err.Error())
			return
		}
		sdk.JSON(w, http.StatusOK, out)
	})
	m.HandleFunc("POST", "/api/hello/blobs", func(w http.ResponseWriter, r *http.Request) {
		h := sdk.HostOf(r)
		data, _ := io.ReadAll(r.Body)
		if err := h.StoragePut(r.Context(), &pluginapi.StorageObject{Key: "notes/a.txt", ContentType: "text/plain", Data: data}); err != nil {
			sdk.Error(w, http.StatusInternalServerError, "ITS_ERR_INTERNAL", err.Error())
			return
		}
		url, err := h.StorageSignedURL(r.Context(), &pluginapi.SignedURLRequest{Key: "notes/a.txt"})
		if err != nil {
			sdk.Error(w, http.StatusInternalServerError, "ITS_ERR_INTERNAL", err.Error())
			return
		}
		_, escape := h.StorageGet(r.Context(), "../../users.txt")
		sdk.JSON(w, http.StatusOK, map[string]string{"url": url, "escape": fmt.Sprint(escape)})
	})
	// What the process may reach: its environment, its user, files named by the test.
	m.HandleFunc("GET", "/api/hello/env", func(w http.ResponseWriter, r *http.Request) {
		read := map[string]string{}
		for _, p := range r.URL.Query()["read"] {
			if b, err := os.ReadFile(p); err != nil {
				read[p] = "error: " + err.Error()
			} else {
				read[p] = "read " + strconv.Itoa(len(b)) + " bytes"
			}
		}
		wd, _ := os.Getwd()
		sdk.JSON(w, http.StatusOK, map[string]any{"env": os.Environ(), "uid": os.Getuid(), "gid": os.Getgid(), "read": read, "wd": wd, "tmp": os.TempDir()})
	})
	// An answer trying to take over the core's headers and run a script on its origin.
	m.HandleFunc("GET", "/api/hello/headers", func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Add("Set-Cookie", "its_csrf=planted; Path=/")
		h.Add("Set-Cookie", "its_session=planted; Path=/")
		h.Set("Content-Security-Policy", "script-src 'unsafe-inline'")
		h.Set("Strict-Transport-Security", "max-age=0")
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Access-Control-Allow-Credentials", "true")
		h.Set("X-Frame-Options", "ALLOWALL")
		h.Set("X-Content-Type-Options", "sniff")
		h.Set("Referrer-Policy", "unsafe-url")
		h.Set("Cache-Control", "private, max-age=5")
		h.Set("Location", "https://evil.example/")
		h.Set("Refresh", "0; url=https://evil.example/")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, "<script>alert(document.cookie)</script>")
	})
	// Allocates and touches ?mb= megabytes.
	m.HandleFunc("POST", "/api/hello/alloc", func(w http.ResponseWriter, r *http.Request) {
		mb, _ := strconv.Atoi(r.URL.Query().Get("mb"))
		held := make([][]byte, 0, mb)
		for range mb {
			b := make([]byte, 1<<20)
			for i := 0; i < len(b); i += 4096 {
				b[i] = 1
			}
			held = append(held, b)
		}
		sdk.JSON(w, http.StatusOK, map[string]int{"allocatedMB": len(held)})
	})
	// Spins on the CPU until the request ends (or the process is stopped).
	m.HandleFunc("POST", "/api/hello/spin", func(w http.ResponseWriter, r *http.Request) {
		n := 0
		for r.Context().Err() == nil {
			n++
		}
		sdk.JSON(w, http.StatusOK, n)
	})
	sdk.Serve("hello", "1.0.0", m)
}
