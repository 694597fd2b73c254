package apptest

import (
	"slices"
	"testing"

	"go.uber.org/fx"
)

type thing struct{}

func newThing() *thing { return &thing{} }

// A test's fx.Populate does not make a first start of its own: the modules with it are described
// as the modules without it, wherever it stands, and other options still tell sets apart.
func TestModulesKeyLeavesOutPopulate(t *testing.T) {
	var a, b *thing
	mods := fx.Options(fx.Provide(newThing), fx.Supply(1))
	want := modulesKey(mods)
	for _, o := range []fx.Option{
		fx.Options(fx.Provide(newThing), fx.Supply(1), fx.Populate(&a)),
		fx.Options(fx.Populate(&b), fx.Provide(newThing), fx.Supply(1)),
		fx.Options(fx.Provide(newThing), fx.Populate(&a), fx.Supply(1), fx.Populate(&b)),
	} {
		if got := modulesKey(o); got != want {
			t.Errorf("with Populate: %s, want %s", got, want)
		}
	}
	// fx.Options around a single option is that option.
	for _, o := range []fx.Option{fx.Options(mods), fx.Options(fx.Options(mods, fx.Populate(&a))), fx.Options(fx.Populate(&a), mods)} {
		if got := modulesKey(o); got != want {
			t.Errorf("wrapped: %s, want %s", got, want)
		}
	}
	for _, o := range []fx.Option{fx.Options(fx.Provide(newThing)), fx.Options(mods, fx.Supply("x")), fx.Options(fx.Provide(newThing), fx.Supply("x"))} {
		if got := modulesKey(o); got == want {
			t.Errorf("other modules share the key %s", got)
		}
	}
}

// Settings a server reads only as it runs are left out of the first start's settings; the rest
// stay, in their order.
func TestDataSettingsLeaveOutRuntimeOnes(t *testing.T) {
	env := []string{"ITS_DEMO_PASSWORD=x", "ITS_SESSION_USER_TIMEOUT_MS=1200", "ITS_PDF_CHROMIUM_PATH=/nonexistent",
		"ITS_PLUGINS_DIR=/p", "ITS_LOGIN_MAX_FAILURES_PER_ADDRESS=3", "ITS_PUBLIC_URL=https://its.example.com", "ITS_PUBLIC_URLS=x",
		"ITS_AUTH_PROVIDERS=[{id: corp}]", "ITS_AUTHZ_GRANT_ALL=true", "ITS_DEMO=false"}
	want := []string{"ITS_DEMO_PASSWORD=x", "ITS_PLUGINS_DIR=/p", "ITS_PUBLIC_URLS=x", "ITS_DEMO=false"}
	if got := dataSettings(env); !slices.Equal(got, want) {
		t.Errorf("data settings %v, want %v", got, want)
	}
}
