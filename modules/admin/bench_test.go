package admin_test

import (
	"sort"
	"testing"
	"time"

	"its/core/app/apptest"
)

// BenchmarkPolicySwap measures a policy edit from the admin's save to the moment the second
// server of the installation decides with it: compiled, its tests run, stored, notified and live
// on both. Reported as authz.policy_swap_ms (the median of the swaps; target 1,000 at most).
func BenchmarkPolicySwap(b *testing.B) {
	a := apptest.Start(b, modulesUnderTest)
	peer := a.Peer(b, modulesUnderTest)
	adm := a.Client()
	adm.Login("admin@example.com")
	se := a.Client()
	se.Login("seniorEditor@example.com")
	seOnPeer := se.On(peer)
	_, files := liveFiles(b, adm)
	edited := withoutSeniorEditor(b, files, true)
	const swaps = 6
	var took []time.Duration
	for i := 0; i < b.N*swaps; i++ {
		set, want := edited, false
		if i%2 == 1 {
			set, want = files, true
		}
		start := time.Now()
		r := adm.Do("POST", "/api/admin/policies/versions", map[string]any{"comment": "swap", "files": set})
		if r.Status != 201 {
			b.Fatalf("save: %d %s", r.Status, r.Raw)
		}
		for mayEdit(b, seOnPeer) != want {
			if time.Since(start) > 30*time.Second {
				b.Fatal("the second server never switched")
			}
			time.Sleep(2 * time.Millisecond)
		}
		took = append(took, time.Since(start))
	}
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "authz.policy_swap_ms:ms")
}
