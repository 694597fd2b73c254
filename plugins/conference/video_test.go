package main

import (
	"context"
	"testing"
)

func TestDemoVideosRecordWebM(t *testing.T) {
	if chromiumPath() == "" {
		t.Skip("no Chromium")
	}
	got := demoVideos(context.Background(), []videoSpec{{Key: "a", Kicker: "CATEGORY", Title: "Womens", Event: "Spring '26", BG: "#0e3b43", Accent: "#f4b942"}})
	v := got["a"]
	if len(v) < 1000 || sniff(v) != "video/webm" {
		t.Fatalf("video of %d bytes, type %s", len(v), sniff(v))
	}
	t.Logf("%d bytes", len(v))
}
