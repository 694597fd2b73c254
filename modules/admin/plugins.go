package admin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"its/core/audit"
	"its/core/httpx"
	"its/core/identity"
	"its/core/plugins"
	"its/core/registry"
	"its/modules/actions"
)

// The plugins page: the same life cycle as `its plugins install/remove/disable/enable`, each
// change recorded in the audit log in its own transaction.
func (h *Handler) pluginRoutes(r registry.Router, opts ...registry.RouteOption) {
	r.Handle("GET", "/api/admin/plugins", actions.AdminPlugins, h.pluginList, opts...)
	r.Handle("POST", "/api/admin/plugins", actions.AdminPlugins, h.pluginInstall, opts...)
	r.Handle("PUT", "/api/admin/plugins/{plugin}/enabled", actions.AdminPlugins, h.pluginEnable, opts...)
	r.Handle("DELETE", "/api/admin/plugins/{plugin}", actions.AdminPlugins, h.pluginRemove, opts...)
}

// installer acts for the admin of r: its changes carry an audit entry.
func (h *Handler) installer(r *http.Request) *plugins.Installer {
	actor := identity.FromContext(r.Context())
	return &plugins.Installer{Pool: h.db, Registry: h.reg, Sandbox: plugins.SandboxFor(h.svc.cfg), Dir: h.svc.cfg.PluginsDir(), Host: h.pluginHost, Record: func(ctx context.Context, tx pgx.Tx, change, id string, data map[string]any) error {
		return audit.Record(ctx, tx, actor.ID, "admin.plugins."+change, "Plugin", id, data)
	}}
}

// PluginRow is a plugin as the page lists it: source is uploaded (a bundle) or folder (put into
// the plugins folder by hand); error, when set, is why it cannot serve.
type PluginRow struct {
	ID       string `json:"id"`
	Version  string `json:"version"`
	Checksum string `json:"checksum"`
	Source   string `json:"source"`
	Enabled  bool   `json:"enabled"`
	Error    string `json:"error,omitempty"`
}

func (h *Handler) pluginList(w http.ResponseWriter, r *http.Request) error {
	list, err := h.installer(r).List(r.Context())
	if err != nil {
		return err
	}
	out := make([]PluginRow, 0, len(list))
	for _, p := range list {
		out = append(out, PluginRow{ID: p.ID, Version: p.Version, Checksum: p.Checksum, Source: p.Source, Enabled: p.Enabled, Error: p.Error})
	}
	httpx.Data(w, out)
	return nil
}

// pluginInstall takes a bundle (the request body, a tar.gz) and installs or upgrades it; the
// optional sha256 query value is the bundle's published checksum. A refused bundle answers 400
// naming the problem, and nothing of it is installed.
func (h *Handler) pluginInstall(w http.ResponseWriter, r *http.Request) error {
	if r.ContentLength > plugins.MaxBundleBytes {
		return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Code: "ITS_ERR_TOO_LARGE", Message: fmt.Sprintf("A plugin bundle is at most %d MB", plugins.MaxBundleBytes>>20)}
	}
	// A bundle (an executable and its remote) is larger than the server's body limit for API calls.
	httpx.RaiseBodyLimit(r, plugins.MaxBundleBytes)
	bundle, err := io.ReadAll(http.MaxBytesReader(w, r.Body, plugins.MaxBundleBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Code: "ITS_ERR_TOO_LARGE", Message: fmt.Sprintf("A plugin bundle is at most %d MB", plugins.MaxBundleBytes>>20)}
		}
		return err
	}
	if len(bundle) == 0 {
		return httpx.Invalid(httpx.FieldError{Field: "bundle", Rule: "required", Message: "Choose a plugin bundle (.tar.gz) to install"})
	}
	sum := strings.TrimSpace(r.URL.Query().Get("sha256"))
	m, err := h.installer(r).Install(r.Context(), bundle, sum)
	if err != nil {
		if r.Context().Err() != nil {
			return err
		}
		return &httpx.Error{Status: http.StatusBadRequest, Code: "ITS_ERR_PLUGIN_REFUSED", Message: "The plugin was refused: " + err.Error()}
	}
	httpx.JSON(w, http.StatusCreated, map[string]any{"data": map[string]string{"id": m.ID, "version": m.Plugin.Version}})
	return nil
}

func pluginChangeError(err error) error {
	if errors.Is(err, plugins.ErrNotInstalled) {
		return httpx.NotFound("Plugin")
	}
	if errors.Is(err, plugins.ErrFolderPlugin) {
		return httpx.Conflict("The plugin was put into the plugins folder by hand: disable it here, or delete its folder on each server to remove it", nil)
	}
	return err
}

func (h *Handler) pluginEnable(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Enabled *bool `json:"enabled"`
	}
	if err := httpx.Decode(r, &body); err != nil {
		return err
	}
	if body.Enabled == nil {
		return httpx.Invalid(httpx.FieldError{Field: "enabled", Rule: "required", Message: "enabled is required"})
	}
	if err := h.installer(r).SetEnabled(r.Context(), chi.URLParam(r, "plugin"), *body.Enabled); err != nil {
		return pluginChangeError(err)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h *Handler) pluginRemove(w http.ResponseWriter, r *http.Request) error {
	if err := h.installer(r).Remove(r.Context(), chi.URLParam(r, "plugin")); err != nil {
		return pluginChangeError(err)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
