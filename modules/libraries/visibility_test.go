package libraries_test

import (
	"context"
	"testing"
)

// TestViewersCannotProbeUnpublishedAssets: a viewer who names an unpublished asset, in a
// collection or a flag, gets exactly the answer a nonexistent id gets, and nothing is stored.
func TestViewersCannotProbeUnpublishedAssets(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	var hidden string
	if err := a.DB.QueryRow(context.Background(), `SELECT id::text FROM library_assets WHERE library_type = 'AdvertisingAsset' AND status <> 'Published' LIMIT 1`).Scan(&hidden); err != nil {
		t.Fatal(err)
	}
	const missing = "00000000-0000-4000-8000-000000000000"
	flags, collections := a.Count(`SELECT count(*) FROM library_user_flags`), a.Count(`SELECT count(*) FROM library_collections`)
	for _, probe := range []struct {
		name, method, path string
		body               func(id string) any
	}{
		{"flag", "POST", "/api/userFlags", func(id string) any { return map[string]any{"flag": "Seen", "modelType": "Asset", "modelId": id} }},
		{"collection", "PUT", "/api/assets/collection/advertisingAsset", func(id string) any { return map[string]any{"items": []string{id}} }},
	} {
		want := user.Do(probe.method, probe.path, probe.body(missing))
		got := user.Do(probe.method, probe.path, probe.body(hidden))
		if got.Status != want.Status || got.Body["messageCode"] != want.Body["messageCode"] || got.Body["message"] != want.Body["message"] || want.Status < 400 {
			t.Errorf("%s: unpublished id answers %d %s, a missing id %d %s", probe.name, got.Status, got.Raw, want.Status, want.Raw)
		}
	}
	if a.Count(`SELECT count(*) FROM library_user_flags`) != flags || a.Count(`SELECT count(*) FROM library_collections`) != collections {
		t.Fatal("a refused probe stored something")
	}
	// An editor of the library sees unpublished assets and may flag them.
	if r := login(a, "editor").Do("POST", "/api/userFlags", map[string]any{"flag": "Seen", "modelType": "Asset", "modelId": hidden}); r.Status != 200 {
		t.Fatalf("editor flag: %d %s", r.Status, r.Raw)
	}
}
