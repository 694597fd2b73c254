// Package benchx holds what the benchmarks share: reading a figure off repeated samples the
// same way in every package (scripts/benchjson collects the figures b.ReportMetric names).
package benchx

import (
	"runtime"
	"slices"
	"sync/atomic"
	"time"
)

// Percentile is the p-th percentile of xs as every benchmark reports it: the element at
// len(xs)*p/100 of the sorted samples (p 50: the median, p 95: the p95). xs is left as it was;
// no samples answer 0.
func Percentile(xs []float64, p int) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := len(s) * p / 100
	return s[min(max(i, 0), len(s)-1)]
}

// Median is Percentile(xs, 50).
func Median(xs []float64) float64 { return Percentile(xs, 50) }

// Samples runs f once to warm the caches, then n times, and answers the n figures.
func Samples(n int, f func() float64) []float64 {
	f()
	out := make([]float64, 0, n)
	for range n {
		out = append(out, f())
	}
	return out
}

// Ms is d in milliseconds, to the microsecond.
func Ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// PeakHeap starts sampling the heap in use every 20 ms; the function it answers stops sampling
// and answers the peak above what was in use at the start, in MB.
func PeakHeap() func() float64 {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	return func() float64 {
		close(stop)
		<-done
		return float64(peak.Load()-min(peak.Load(), base.HeapAlloc)) / (1 << 20)
	}
}
