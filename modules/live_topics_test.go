package modules_test

import (
	"slices"
	"testing"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/core/live"
	"its/core/registry"
	"its/modules"
)

// servedTopics are the live topics the modules serve (live.AsTopic).
type servedTopics struct {
	fx.In
	Topics []live.Topic `group:"live.topics"`
}

// TestLiveTopicsDeclared keeps the manifests' topics true: every kind of live topic the modules
// serve is declared in the topics of exactly one manifest, and every declared kind is served. The
// Go constants (Topic<Kind>) and the kit's liveTopics are generated from those declarations, so a
// kind the code serves under another name than its manifest's would leave the browser's name
// of it unchecked.
func TestLiveTopicsDeclared(t *testing.T) {
	var reg *registry.Registry
	var served servedTopics
	apptest.Start(t, fx.Options(modules.All, fx.Populate(&reg, &served)))
	declared := map[string]string{} // kind → module
	for _, m := range reg.Modules {
		for _, tp := range m.Manifest.Topics {
			if other, ok := declared[tp.Kind]; ok {
				t.Errorf("topic kind %s is declared by %s and %s", tp.Kind, other, m.Manifest.ID)
			}
			declared[tp.Kind] = m.Manifest.ID
		}
	}
	var kinds []string
	for _, tp := range served.Topics {
		kinds = append(kinds, tp.Kind)
		if _, ok := declared[tp.Kind]; !ok {
			t.Errorf("topic kind %s is served but no manifest declares it in its topics", tp.Kind)
		}
	}
	for kind, m := range declared {
		if !slices.Contains(kinds, kind) {
			t.Errorf("%s declares topic kind %s, which no module serves", m, kind)
		}
	}
	if len(kinds) < 10 {
		t.Fatalf("only %d topic kinds served: %v", len(kinds), kinds)
	}
}
