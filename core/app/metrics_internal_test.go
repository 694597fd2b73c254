package app

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"

	"go.uber.org/fx"

	"its/core/config"
	"its/core/metrics"
)

func TestMetricsListenerServesOnlyMetrics(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cfg, err := config.LoadFrom([]string{"ITS_METRICS_ADDR=" + addr})
	if err != nil {
		t.Fatal(err)
	}
	a := fx.New(fx.Supply(cfg, slog.New(slog.DiscardHandler)), metrics.Module, fx.Invoke(runMetricsServer), fx.NopLogger)
	if err := a.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer a.Stop(context.Background())
	get := func(path string) (int, string) {
		res, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if status, body := get("/metrics"); status != 200 || !strings.Contains(body, "process_resident_memory_bytes") {
		t.Fatalf("/metrics on the metrics listener: %d %.200s", status, body)
	}
	for _, p := range []string{"/", "/api/health", "/metrics/x"} {
		if status, _ := get(p); status != http.StatusNotFound {
			t.Errorf("%s on the metrics listener: %d, want 404", p, status)
		}
	}
}
