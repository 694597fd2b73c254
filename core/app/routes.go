package app

import (
	_ "embed"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/config"
	"its/core/httpx"
	"its/core/identity"
	"its/core/pdf"
	"its/core/registry"
	"its/core/storage"
)

//go:embed core.yaml
var coreManifest []byte

// Version is the build's version, set with -ldflags "-X its/core/app.Version=...".
var Version = "dev"

// Languages are the interface languages, en-US first (the default and fallback).
var Languages = []string{"en-US", "de-DE", "es-ES", "fr-FR", "it-IT", "ja-JP", "pl-PL", "pt-BR"}

// maxChecks bounds one decisions request.
const maxChecks = 500

// coreModuleParams wire the core's own routes.
type coreModuleParams struct {
	fx.In
	DB       *pgxpool.Pool
	Config   *config.Config
	Authz    *authz.Engine
	Registry *registryRef
	Store    storage.Store
	PDF      *pdf.Renderer
	Log      *slog.Logger
}

func newCoreModule(p coreModuleParams) registry.Module {
	db, cfg, az, regRef := p.DB, p.Config, p.Authz, p.Registry
	ready := readiness{db: p.DB, store: p.Store, pdf: p.PDF, log: p.Log}
	health := func(w http.ResponseWriter, req *http.Request) error {
		if err := db.Ping(req.Context()); err != nil {
			httpx.JSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable"})
			return nil
		}
		httpx.JSON(w, http.StatusOK, map[string]string{"status": "ok"})
		return nil
	}
	return registry.Module{
		File:     "core/app/core.yaml",
		Manifest: coreManifest,
		Routes: func(r registry.Router) {
			r.Handle("GET", "/api/health", ActionHealth, health)
			// Load balancers probe with HEAD: same answer, no body.
			r.Handle("HEAD", "/api/health", ActionHealth, health)
			r.Handle("GET", "/api/ready", ActionReady, ready.serve)
			r.Handle("GET", "/api/config/version", ActionConfigVersion, func(w http.ResponseWriter, req *http.Request) error {
				httpx.Data(w, map[string]string{"version": Version})
				return nil
			})
			// The logged-in options are for the logged in (a second question of the route).
			r.Handle("GET", "/api/options/data/{key}", ActionOptionsPublic, func(w http.ResponseWriter, req *http.Request) error {
				return options(w, req, cfg, az)
			}, registry.AlsoBy(func(req *http.Request) ([]authz.Check, error) {
				if chi.URLParam(req, "key") != "loggedIn" {
					return nil, nil
				}
				return []authz.Check{{Action: ActionOptionsLoggedIn}}, nil
			}))
			r.Handle("GET", "/api/modules", ActionRegistryList, func(w http.ResponseWriter, req *http.Request) error {
				views, err := regRef.reg.Visible(req.Context(), identity.FromContext(req.Context()))
				if err != nil {
					return httpx.Internal(err)
				}
				httpx.Data(w, views)
				return nil
			})
			r.Handle("POST", "/api/authz/decisions", ActionAuthzDecisions, func(w http.ResponseWriter, req *http.Request) error {
				var body struct {
					Checks []authz.Check `json:"checks"`
				}
				if err := httpx.Decode(req, &body); err != nil {
					return err
				}
				if body.Checks == nil {
					return httpx.Invalid(httpx.FieldError{Field: "checks", Rule: "required", Message: "checks is required"})
				}
				if len(body.Checks) > maxChecks {
					return httpx.Invalid(httpx.FieldError{Field: "checks", Rule: "max", Message: "at most 500 checks per request"})
				}
				for i, c := range body.Checks {
					if c.Action == "" {
						return httpx.Invalid(httpx.FieldError{Field: "checks[" + itoa(i) + "].action", Rule: "required", Message: "action is required"})
					}
				}
				ds, err := az.AllowedMany(req.Context(), identity.FromContext(req.Context()), body.Checks)
				if err != nil {
					return httpx.Internal(err)
				}
				httpx.JSON(w, http.StatusOK, map[string]any{"decisions": ds})
				return nil
			})
		},
	}
}

// registryRef lets the core module's handlers reach the registry that contains them.
type registryRef struct{ reg *registry.Registry }

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

type tool struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

func options(w http.ResponseWriter, r *http.Request, cfg *config.Config, az *authz.Engine) error {
	key := chi.URLParam(r, "key")
	base := map[string]any{
		"languages":       Languages,
		"defaultLanguage": cfg.I18n.DefaultLanguage,
		"timeZone":        cfg.I18n.TimeZone,
		"version":         Version,
	}
	switch key {
	case "public":
		httpx.Data(w, base)
		return nil
	case "loggedIn":
		u := identity.FromContext(r.Context())
		all := []struct {
			action string
			tool
		}{
			{ActionToolsTravelCalendar, tool{"travelCalendar", cfg.Tools.TravelCalendarURL}},
			{ActionToolsKeyItemPrice, tool{"keyItemPrice", cfg.Tools.KeyItemPriceURL}},
			{ActionToolsSpendingApproval, tool{"spendingApproval", cfg.Tools.SpendingApprovalURL}},
			{ActionToolsUpcLookup, tool{"upcLookup", cfg.Tools.UPCLookupURL}},
		}
		checks := make([]authz.Check, 0, len(all)+1)
		for _, t := range all {
			checks = append(checks, authz.Check{Action: t.action})
		}
		checks = append(checks, authz.Check{Action: ActionHelpView})
		ds, err := az.AllowedMany(r.Context(), u, checks)
		if err != nil {
			return httpx.Internal(err)
		}
		tools := []tool{}
		for i, t := range all {
			if ds[i] && t.URL != "" {
				tools = append(tools, t.tool)
			}
		}
		base["userTimeoutMs"] = cfg.Session.UserTimeoutMs
		base["userWarningMs"] = cfg.Session.UserWarningMs
		base["pingIntervalMs"] = cfg.Session.PingIntervalMs
		base["tools"] = tools
		base["helpEnabled"] = ds[len(ds)-1]
		base["siteUpdating"] = cfg.SiteUpdating
		httpx.Data(w, base)
		return nil
	default:
		return httpx.NotFound("Options " + key)
	}
}
