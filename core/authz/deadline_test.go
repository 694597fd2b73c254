package authz

import (
	"sort"
	"testing"
	"time"
)

// BenchmarkDecisionDeadline is what the deadline adds to every decision: arming its timer and
// disarming it when the evaluation ends in time.
func BenchmarkDecisionDeadline(b *testing.B) {
	for b.Loop() {
		if armDeadline(time.Second).passed() {
			b.Fatal("a second passed")
		}
	}
	const samples = 20000
	d := make([]time.Duration, samples)
	for i := range d {
		start := time.Now()
		_ = armDeadline(time.Second).passed()
		d[i] = time.Since(start)
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	b.ReportMetric(float64(d[samples/2].Nanoseconds())/1000, "authz.decision_deadline_overhead_p50:us")
}

func TestDeadlinePasses(t *testing.T) {
	dl := armDeadline(time.Millisecond)
	time.Sleep(20 * time.Millisecond)
	if !dl.passed() || !dl.cancel.Cancelled() {
		t.Fatal("a deadline a millisecond away had not passed after 20 ms")
	}
	if armDeadline(time.Hour).passed() {
		t.Fatal("an hour passed at once")
	}
}
