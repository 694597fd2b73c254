package modules_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/pdf"
	"its/modules/dashboard"
	"its/modules/libraries"
	"its/modules/notifications"
	"its/modules/users"
)

// The shell's CSP is the core's (core/web), but loading a remote under it needs a module's
// remote: the test lives here so core/ names no module.

// recordViolations is run in every document before its own scripts: it keeps each CSP
// violation where the test can read it.
const recordViolations = `window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`

// TestShellLoadsUnderItsCSP: the real shell build, served with the pages' Content-Security-Policy,
// logs in and loads a remote through module federation in Chromium without one violation.
func TestShellLoadsUnderItsCSP(t *testing.T) {
	root, _ := filepath.Abs("..")
	for _, f := range []string{"shell/dist/index.html", "remotes/dashboard/dist/mf-manifest.json"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Skipf("the frontend is not built (%s): npm run build", f)
		}
	}
	r := pdf.NewRenderer("", 1, slog.New(slog.DiscardHandler))
	if _, err := r.ChromiumPath(); err != nil {
		t.Skipf("no Chromium: %v", err)
	}
	t.Cleanup(r.Close)
	a := apptest.Start(t, fx.Options(users.Module, dashboard.Module, libraries.Module, notifications.Module), "ITS_WEB_DIR="+root)

	res := a.Client().Do("GET", "/dashboard", nil)
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-eval") || res.Header.Get("Referrer-Policy") == "" {
		t.Fatalf("page headers: %v", res.Header)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var violations []string
	var greeting string
	err := r.Browse(ctx, func(tab context.Context) error {
		if err := chromedp.Do(tab, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: recordViolations})
			return err
		})); err != nil {
			return err
		}
		if err := chromedp.Do(tab, chromedp.Navigate(a.URL+"/"), chromedp.WaitVisible(`[data-testid="login-form"]`),
			chromedp.SendKeys(`[data-testid="login-form"] input[type="email"]`, "editor@example.com"),
			chromedp.SendKeys(`[data-testid="login-form"] input[type="password"]`, a.Config.DemoPassword),
			chromedp.Click(`[data-testid="login-submit"]`),
			chromedp.WaitVisible(`[data-testid="dashboard-greeting"]`)); err != nil {
			return err
		}
		var err error
		if greeting, err = chromedp.Run(tab, chromedp.Text(`[data-testid="dashboard-greeting"]`)); err != nil {
			return err
		}
		violations, err = chromedp.Run(tab, chromedp.Evaluate[[]string](`window.__csp`))
		return err
	})
	if err != nil {
		t.Fatalf("the shell did not load under its CSP: %v", err)
	}
	if !strings.Contains(greeting, "Eddie") || len(violations) > 0 {
		t.Fatalf("greeting %q, CSP violations %v", greeting, violations)
	}
}
