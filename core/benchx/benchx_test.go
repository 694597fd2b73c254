package benchx_test

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"its/core/benchx"
)

func TestPercentile(t *testing.T) {
	xs := []float64{9, 1, 8, 2, 7, 3, 6, 4, 5, 10}
	before := slices.Clone(xs)
	if got := benchx.Median(xs); got != 6 {
		t.Fatalf("median %v, want 6 (the element at len/2 of the sorted samples)", got)
	}
	if got := benchx.Percentile(xs, 95); got != 10 {
		t.Fatalf("p95 %v", got)
	}
	if got := benchx.Percentile(xs, 0); got != 1 {
		t.Fatalf("p0 %v", got)
	}
	if got := benchx.Percentile(xs, 100); got != 10 {
		t.Fatalf("p100 %v", got)
	}
	if !slices.Equal(xs, before) {
		t.Fatalf("the samples were reordered: %v", xs)
	}
	if got := benchx.Median(nil); got != 0 {
		t.Fatalf("no samples: %v", got)
	}
	if got := benchx.Median([]float64{3, 1, 2}); got != 2 {
		t.Fatalf("odd median %v", got)
	}
}

func TestSamples(t *testing.T) {
	calls := 0
	got := benchx.Samples(3, func() float64 { calls++; return float64(calls) })
	if calls != 4 || !slices.Equal(got, []float64{2, 3, 4}) {
		t.Fatalf("one warm-up then three samples: %d calls, %v", calls, got)
	}
	if ms := benchx.Ms(1500 * time.Microsecond); ms != 1.5 {
		t.Fatalf("ms %v", ms)
	}
}

func TestPeakHeap(t *testing.T) {
	peak := benchx.PeakHeap()
	big := make([]byte, 64<<20)
	for i := range big {
		big[i] = byte(i)
	}
	time.Sleep(60 * time.Millisecond)
	mb := peak()
	runtime.KeepAlive(big)
	if mb < 60 {
		t.Fatalf("peak %.1f MB above the start while 64 MB were held", mb)
	}
}
