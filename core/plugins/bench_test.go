package plugins_test

import (
	"context"
	"net/http"
	"sort"
	"testing"
	"time"

	"its/core/plugins/plugintest"
)

// BenchmarkPlugin reports plugin.install_to_live_ms (Install called → first 200 from the
// plugin's route), plugin.route_overhead_p50_us (median of a plugin route minus the median of
// an in-process route behind the same session and policy checks, both answering a small JSON,
// 400 requests each, taking turns)
// and plugin.restart_after_crash_ms (the process dies → its route answers 200 again).
func BenchmarkPlugin(b *testing.B) {
	s := start(b)
	bundle := plugintest.HelloBundle(b, nil)
	user := s.Client()
	user.Login("user@example.com")
	b.ResetTimer()
	for range b.N {
		began := time.Now()
		if _, err := s.inst.Install(context.Background(), bundle, ""); err != nil {
			b.Fatal(err)
		}
		eventually(b, "the plugin's route", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })
		b.ReportMetric(float64(time.Since(began).Milliseconds()), "plugin.install_to_live_ms:ms")

		// The two routes take turns, so that a change in the machine's load while they are
		// measured weighs on both medians alike (measured one after the other, the figure swung
		// by more than itself on a shared machine).
		const n = 400
		paths := [2]string{"/api/hello/items/x", "/api/config/version"}
		var ds [2][]time.Duration
		for i := range 2 * (n + 50) {
			path := paths[i%2]
			t0 := time.Now()
			if r := user.Do("GET", path, nil); r.Status != http.StatusOK {
				b.Fatalf("%s: %d %s", path, r.Status, r.Raw)
			}
			if i >= 100 { // the first 50 of each warm both paths
				ds[i%2] = append(ds[i%2], time.Since(t0))
			}
		}
		median := func(d []time.Duration) time.Duration {
			sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
			return d[len(d)/2]
		}
		inPlugin, inProcess := median(ds[0]), median(ds[1])
		b.ReportMetric(float64(max(inPlugin-inProcess, 0).Microseconds()), "plugin.route_overhead_p50_us:us")

		crashed := time.Now()
		user.Do("POST", "/api/hello/crash", nil)
		eventually(b, "the restarted plugin", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusOK })
		b.ReportMetric(float64(time.Since(crashed).Milliseconds()), "plugin.restart_after_crash_ms:ms")

		if err := s.inst.Remove(context.Background(), "hello"); err != nil {
			b.Fatal(err)
		}
		eventually(b, "the removed plugin's route to go", func() bool { return user.Do("GET", "/api/hello/greeting", nil).Status == http.StatusNotFound })
	}
}
