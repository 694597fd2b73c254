package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"time"

	"github.com/chromedp/chromedp"

	"its/core/plugins/sdk"
)

// videoSpec is one demo film: a title card animated over the event's colours.
type videoSpec struct {
	Key    string `json:"key"`
	Kicker string `json:"kicker"`
	Title  string `json:"title"`
	Event  string `json:"event"`
	BG     string `json:"bg"`
	Accent string `json:"accent"`
}

// chromiumPath is the browser the core renders PDFs with (its setting reaches the plugin's
// environment when set), else the system's.
func chromiumPath() string {
	for _, p := range []string{os.Getenv("ITS_PDF_CHROMIUM_PATH"), os.Getenv("CHROMIUM_PATH"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p != "" {
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	return ""
}

// recordJS draws each spec on a canvas for a few seconds and records it with MediaRecorder
// (VP8 WebM), answering {key: base64}.
const recordJS = `(async (specs, ms) => {
  const rec = (s) => new Promise((ok) => {
    const c = document.createElement('canvas'); c.width = 640; c.height = 360;
    const g = c.getContext('2d');
    const stream = c.captureStream(25);
    const r = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 700000 });
    const parts = [];
    r.ondataavailable = (e) => e.data.size && parts.push(e.data);
    r.onstop = () => { const fr = new FileReader(); fr.onload = () => ok([s.key, String(fr.result).split(',')[1]]); fr.readAsDataURL(new Blob(parts, { type: 'video/webm' })); };
    const t0 = performance.now();
    const draw = () => {
      const t = (performance.now() - t0) / ms;
      const gr = g.createLinearGradient(0, 0, 640, 360); gr.addColorStop(0, s.bg); gr.addColorStop(1, '#000');
      g.fillStyle = gr; g.fillRect(0, 0, 640, 360);
      g.globalAlpha = 0.45; g.strokeStyle = s.accent; g.lineWidth = 34;
      g.beginPath(); g.arc(470 + 40 * Math.sin(t * 6), 180, 110 + 50 * t, 0, Math.PI * 2); g.stroke(); g.globalAlpha = 1;
      g.fillStyle = s.accent; g.fillRect(0, 320, 640 * Math.min(1, t * 1.2), 40);
      g.font = 'bold 16px sans-serif'; g.fillText(s.kicker, 40, 100);
      g.fillStyle = '#fff'; g.font = 'bold 38px sans-serif';
      g.globalAlpha = Math.min(1, t * 3); g.fillText(s.title, 40 - 30 * (1 - Math.min(1, t * 3)), 160); g.globalAlpha = 1;
      g.font = '18px sans-serif'; g.fillText(s.event, 40, 200);
    };
    draw(); r.start(250);
    const iv = setInterval(draw, 40);
    setTimeout(() => { clearInterval(iv); draw(); r.stop(); }, ms);
  });
  return Object.fromEntries(await Promise.all(specs.map(rec)));
})`

// demoVideos records the specs' films in one headless Chromium, all at once; nil without a
// browser (the items then show their posters).
func demoVideos(ctx context.Context, specs []videoSpec) map[string][]byte {
	path := chromiumPath()
	if path == "" || len(specs) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	alloc, allocCancel := chromedp.NewExecAllocator(ctx, chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("mute-audio", true),
		chromedp.Flag("disable-background-timer-throttling", true), chromedp.Flag("disable-renderer-backgrounding", true))
	defer allocCancel()
	tab, tabCancel := chromedp.NewContext(alloc)
	defer tabCancel()
	arg, _ := json.Marshal(specs)
	got, err := chromedp.Run(tab, chromedp.Evaluate[map[string]string](recordJS+`(`+string(arg)+`, 4000)`, chromedp.EvalAwaitPromise))
	if err != nil {
		sdk.Log.Warn("demo videos not recorded", "error", err)
		return nil
	}
	out := map[string][]byte{}
	for k, v := range got {
		if b, err := base64.StdEncoding.DecodeString(v); err == nil && len(b) > 0 {
			out[k] = b
		}
	}
	return out
}
