// Package pdf renders documents with headless Chromium (driven through chromedp): HTML to PDF
// (the modules' printable pages), page screenshots, and first-page previews of PDF files. The
// browser starts on the first render, not with the server, and keeps a small pool of warm tabs so
// a render does not pay for a browser start.
package pdf

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"go.uber.org/fx"
	"golang.org/x/sync/semaphore"

	"its/core/config"
)

// ErrUnavailable means a tool the renderer needs is not installed.
var ErrUnavailable = errors.New("pdf: renderer not available")

// ErrCrashed is a page whose renderer process crashed, most often past its memory limit
// (pdf.chromium_js_heap_mb).
var ErrCrashed = errors.New("pdf: the page crashed (past its memory limit?)")

// defaultTimeout bounds a render whose context has no deadline, so a stuck page cannot hold a
// pool slot forever.
const defaultTimeout = 60 * time.Second

// Options shape a printed PDF. Zero values mean US Letter, portrait, 0.4in margins, backgrounds
// printed.
type Options struct {
	Landscape bool
	// Paper size in inches.
	PaperWidth, PaperHeight float64
	// Margin on every side in inches; nil keeps Chromium's default.
	Margin *float64
	// PreferCSSPageSize lets an @page rule in the HTML decide the paper size.
	PreferCSSPageSize bool
	// PageRanges such as "1" or "1-3"; empty prints every page.
	PageRanges string
}

// Renderer is the pool. It is safe for concurrent use; at most the pool size renders run at once.
type Renderer struct {
	log      *slog.Logger
	path     string
	size     int
	mu       sync.Mutex // guards start-up and shut-down
	started  bool
	closed   bool
	browser  context.Context
	shutdown func()
	tabs     chan context.Context
	limits   Limits
	pixels   *semaphore.Weighted // the budget of pixels drawn at once (Limits.BudgetPixels)
}

// Params wire the renderer.
type Params struct {
	fx.In
	LC     fx.Lifecycle
	Config *config.Config
	Log    *slog.Logger
}

// New makes the renderer; the browser is started on the first render and stopped with the app.
func New(p Params) *Renderer {
	r := NewRenderer(p.Config.PDF.ChromiumPath, p.Config.PDF.PoolSize, p.Log)
	r.SetLimits(Limits{MaxPixels: p.Config.Images.MaxPixels, ConverterMemory: p.Config.PDF.ConverterMemoryBytes,
		ChromiumJSHeapMB: p.Config.PDF.ChromiumJSHeapMB, BudgetPixels: p.Config.Images.DecodeBudgetPixels})
	p.LC.Append(fx.Hook{OnStop: func(context.Context) error { r.Close(); return nil }})
	return r
}

// NewRenderer makes a renderer outside fx (benchmarks, tools).
func NewRenderer(chromiumPath string, poolSize int, log *slog.Logger) *Renderer {
	if poolSize <= 0 {
		poolSize = 1
	}
	r := &Renderer{log: log, path: chromiumPath, size: poolSize}
	r.SetLimits(Limits{})
	return r
}

// Module provides the *Renderer.
var Module = fx.Module("pdf", fx.Provide(New))

// ChromiumPath returns the Chromium binary the renderer would start, or ErrUnavailable. Without a
// configured path it takes the first on PATH of Chromium's headless shell (the same engine
// without the full browser's window and profile machinery: lighter to start and to print with)
// and the full browsers.
func (r *Renderer) ChromiumPath() (string, error) {
	candidates := []string{r.path}
	if r.path == "" {
		candidates = []string{"chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"}
	}
	for _, c := range candidates {
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: no Chromium binary at %q (set pdf.chromium_path)", ErrUnavailable, r.path)
}

// start launches the browser and opens the warm tabs, once.
func (r *Renderer) start() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return errors.New("pdf: renderer is closed")
	}
	if r.started {
		return nil
	}
	path, err := r.ChromiumPath()
	if err != nil {
		return err
	}
	t0 := time.Now()
	// The browser outlives any request, so it hangs off the background context; Close ends it.
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless,
		// Chromium's sandbox needs user namespaces and refuses to run as root without this.
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		// Memory bounds: each renderer's JavaScript heap, and no more renderer processes than
		// tabs (plus one spare) however many pages a document opens. Chromium maps far more
		// address space than it uses, so an RLIMIT_AS would break it; a cgroup set by the
		// service manager bounds the whole tree.
		chromedp.Flag("js-flags", fmt.Sprintf("--max-old-space-size=%d", r.limits.ChromiumJSHeapMB)),
		chromedp.Flag("renderer-process-limit", fmt.Sprint(r.size+1)),
	)
	browser, browserCancel := chromedp.NewContext(allocCtx)
	if err := chromedp.Do(browser); err != nil {
		browserCancel()
		allocCancel()
		return fmt.Errorf("pdf: start Chromium: %w", err)
	}
	tabs := make(chan context.Context, r.size)
	for range r.size {
		tab, err := r.newTab(browser)
		if err != nil {
			browserCancel()
			allocCancel()
			return err
		}
		tabs <- tab
	}
	r.browser, r.tabs, r.started = browser, tabs, true
	r.shutdown = func() {
		_ = chromedp.Cancel(browser)
		browserCancel()
		allocCancel()
	}
	r.log.Info("pdf renderer started", "chromium", path, "tabs", r.size, "ms", time.Since(t0).Milliseconds())
	return nil
}

func (r *Renderer) newTab(browser context.Context) (context.Context, error) {
	tab, _ := chromedp.NewContext(browser)
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		return nil, fmt.Errorf("pdf: open tab: %w", err)
	}
	return tab, nil
}

// Close stops the browser; later renders fail.
func (r *Renderer) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	if r.started {
		r.shutdown()
		r.started = false
	}
}

// withTab runs fn on a warm tab. fn gets a context of the tab that also ends with ctx. A tab
// whose work failed may be in any state, so it is replaced rather than reused.
func (r *Renderer) withTab(ctx context.Context, fn func(tab context.Context) error) error {
	if err := r.start(); err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultTimeout)
		defer cancel()
	}
	var tab context.Context
	select {
	case tab = <-r.tabs:
	case <-ctx.Done():
		return ctx.Err()
	}
	run, cancel := context.WithCancelCause(tab)
	stop := context.AfterFunc(ctx, func() { cancel(ctx.Err()) })
	// A page past its memory limits crashes its renderer, and no answer would come: the crash
	// ends the work at once.
	_ = chromedp.Listen(run, func(ev any) {
		if _, ok := ev.(*inspector.EventTargetCrashed); ok {
			cancel(ErrCrashed)
		}
	})
	err := fn(run)
	stop()
	cancel(nil)
	if err == nil {
		r.tabs <- tab
		return nil
	}
	if errors.Is(context.Cause(run), ErrCrashed) {
		err = ErrCrashed
	} else if ctx.Err() != nil {
		err = fmt.Errorf("pdf: %w", ctx.Err())
	}
	_ = chromedp.Cancel(tab)
	r.mu.Lock()
	browser := r.browser
	alive := r.started
	r.mu.Unlock()
	fresh, terr := r.newTab(browser)
	if !alive || terr != nil {
		// Keep the pool's size even when the browser is gone: the next use fails clearly.
		r.tabs <- tab
		return err
	}
	r.tabs <- fresh
	return err
}

// Browse runs fn on a warm tab, for callers that drive a page themselves (browser tests of
// what the server answers); fn's context ends with ctx.
func (r *Renderer) Browse(ctx context.Context, fn func(tab context.Context) error) error {
	return r.withTab(ctx, fn)
}

// load puts html into the tab and waits for its fonts and images.
func load(html string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := chromedp.Run(ctx, chromedp.Navigate("about:blank")); err != nil {
			return err
		}
		tree, err := cdp.Call(ctx, t, page.GetFrameTree, cdp.Empty{})
		if err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, t, page.SetDocumentContent, page.SetDocumentContentParams{FrameID: tree.FrameTree.Frame.ID, HTML: html}); err != nil {
			return err
		}
		return settle(ctx)
	})
}

func settle(ctx context.Context) error {
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`Promise.all([document.fonts.ready,
		...Array.from(document.images).filter(i => !i.complete).map(i => new Promise(r => { i.onload = i.onerror = r }))]).then(() => true)`,
		chromedp.EvalAwaitPromise))
	return err
}

// RenderHTML prints html as a PDF.
func (r *Renderer) RenderHTML(ctx context.Context, html string, o Options) ([]byte, error) {
	params := page.PrintToPDFParams{
		Landscape:         &o.Landscape,
		PrintBackground:   ptr(true),
		PaperWidth:        o.PaperWidth,
		PaperHeight:       o.PaperHeight,
		PreferCSSPageSize: &o.PreferCSSPageSize,
		PageRanges:        o.PageRanges,
	}
	if o.Margin != nil {
		params.MarginTop, params.MarginBottom, params.MarginLeft, params.MarginRight = o.Margin, o.Margin, o.Margin, o.Margin
	}
	var out []byte
	err := r.withTab(ctx, func(tab context.Context) error {
		if err := chromedp.Do(tab, load(html)); err != nil {
			return err
		}
		res, err := chromedp.Run(tab, func(ctx context.Context, t *chromedp.Target) (page.PrintToPDFResult, error) {
			return cdp.Call(ctx, t, page.PrintToPDF, params)
		})
		out = res.Data
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("pdf: render HTML: %w", err)
	}
	return out, nil
}

// Screenshot renders a page of width x height CSS pixels as a PNG. target is a URL (http, https,
// file, data, about) or else HTML markup.
func (r *Renderer) Screenshot(ctx context.Context, target string, width, height int) ([]byte, error) {
	if width <= 0 || height <= 0 {
		return nil, fmt.Errorf("pdf: screenshot size %dx%d must be positive", width, height)
	}
	var out []byte
	err := r.withTab(ctx, func(tab context.Context) error {
		open := load(target)
		if isURL(target) {
			open = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
				if _, err := chromedp.Run(ctx, chromedp.Navigate(target)); err != nil {
					return err
				}
				return settle(ctx)
			})
		}
		if err := chromedp.Do(tab, chromedp.EmulateViewport(int64(width), int64(height)), open); err != nil {
			return err
		}
		res, err := chromedp.Run(tab, func(ctx context.Context, t *chromedp.Target) (page.CaptureScreenshotResult, error) {
			return cdp.Call(ctx, t, page.CaptureScreenshot, page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng})
		})
		out = res.Data
		if err != nil {
			return err
		}
		// The next render must not inherit this viewport.
		return chromedp.Do(tab, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.ClearDeviceMetricsOverride, cdp.Empty{})
			return err
		}))
	})
	if err != nil {
		return nil, fmt.Errorf("pdf: screenshot: %w", err)
	}
	return out, nil
}

func isURL(s string) bool {
	for _, p := range []string{"http://", "https://", "file://", "data:", "about:"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// PreviewDPI is the resolution of FirstPagePNG: a Letter page comes out 612 x 792 pixels, enough
// for a thumbnail and a detail view.
const PreviewDPI = 72

// FirstPagePNG renders the first page of a PDF as a PNG. Headless Chromium has no PDF viewer to
// rasterise with (it shows an empty viewer frame), so this uses poppler's pdftoppm, installed
// beside Chromium. The page is measured first (pdfinfo) and refused past the pixel limit with
// imaging.ErrTooManyPixels; pdftoppm is then told that size exactly, so no page can come out
// larger than measured, and both tools run within the converter memory limit.
func (r *Renderer) FirstPagePNG(ctx context.Context, pdf []byte) ([]byte, error) {
	bin, err := exec.LookPath("pdftoppm")
	if err != nil {
		return nil, fmt.Errorf("%w: pdftoppm (poppler-utils) is not installed", ErrUnavailable)
	}
	if !bytes.HasPrefix(bytes.TrimLeft(pdf, "\x00\t\r\n "), []byte("%PDF")) {
		return nil, errors.New("pdf: not a PDF file")
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, defaultTimeout)
		defer cancel()
	}
	w, h, err := r.measure(ctx, pdf, PreviewDPI)
	if err != nil {
		return nil, err
	}
	release, err := r.reserve(ctx, w*h)
	if err != nil {
		return nil, err
	}
	defer release()
	out, err := runTool(ctx, r.limits.ConverterMemory, pdf, bin, "-f", "1", "-l", "1", "-singlefile", "-png",
		"-r", fmt.Sprint(PreviewDPI), "-scale-to-x", fmt.Sprint(w), "-scale-to-y", fmt.Sprint(h), "-")
	if err != nil {
		return nil, fmt.Errorf("pdf: first page: %w", err)
	}
	if len(out) == 0 {
		return nil, errors.New("pdf: first page: pdftoppm wrote nothing")
	}
	return out, nil
}

func ptr[T any](v T) *T { return &v }
