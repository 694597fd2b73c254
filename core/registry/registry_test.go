package registry

import (
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"its/core/httpx"
)

func noop(http.ResponseWriter, *http.Request) error { return nil }

const good = `
id: shop
title: module.shop
actions:
  - {id: shop.view}
api:
  - {method: GET, path: /api/shop, action: shop.view}
`

func mod(manifest string, routes func(r Router)) Module {
	return Module{File: "modules/shop/module.yaml", Manifest: []byte(manifest), Routes: routes}
}

func build(mods ...Module) error {
	_, err := New(Params{Modules: mods, Log: slog.Default()})
	return err
}

func TestValidManifest(t *testing.T) {
	err := build(mod(good, func(r Router) { r.Handle("GET", "/api/shop", "shop.view", noop) }))
	if err != nil {
		t.Fatal(err)
	}
}

func TestManifestErrorsNameFileAndField(t *testing.T) {
	reg := func(r Router) { r.Handle("GET", "/api/shop", "shop.view", noop) }
	cases := []struct {
		name     string
		manifest string
		routes   func(Router)
		want     []string
	}{
		{"unknown key", good + "colour: red\n", reg, []string{"modules/shop/module.yaml", "field /", "colour"}},
		{"unknown nested key", strings.Replace(good, "{method: GET, path: /api/shop, action: shop.view}", "{method: GET, path: /api/shop, action: shop.view, auth: none}", 1), reg, []string{"field /api/0", "auth"}},
		{"bad method", strings.Replace(good, "method: GET", "method: FETCH", 1), reg, []string{"field /api/0/method"}},
		{"undeclared action", strings.Replace(good, "action: shop.view}", "action: shop.edit}", 1), func(r Router) { r.Handle("GET", "/api/shop", "shop.edit", noop) }, []string{"field /api/0/action", `"shop.edit" is not declared`}},
		{"manifest route not in Go", good, func(Router) {}, []string{"field /api/0", "declared in the manifest but not registered in Go"}},
		{"Go route not in manifest", good, func(r Router) {
			r.Handle("GET", "/api/shop", "shop.view", noop)
			r.Handle("POST", "/api/shop", "shop.view", noop)
		}, []string{"field /api", "POST /api/shop is registered in Go but not declared"}},
		{"action mismatch", strings.Replace(good, "  - {id: shop.view}\n", "  - {id: shop.view}\n  - {id: shop.edit}\n", 1), func(r Router) { r.Handle("GET", "/api/shop", "shop.edit", noop) }, []string{"manifest says \"shop.view\""}},
		{"missing title", strings.Replace(good, "title: module.shop\n", "", 1), reg, []string{"title"}},
		{"ui without remote", good + "ui:\n  - {path: /shop, name: shop, expose: ./Shop, action: shop.view}\n", reg, []string{"field /ui/0", "remote"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := build(mod(tc.manifest, tc.routes))
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestDuplicateIDsAndActions(t *testing.T) {
	reg := func(r Router) { r.Handle("GET", "/api/shop", "shop.view", noop) }
	err := build(mod(good, reg), mod(good, reg))
	if err == nil || !strings.Contains(err.Error(), "already used") {
		t.Fatalf("duplicate module id: %v", err)
	}
	other := strings.Replace(strings.Replace(good, "id: shop\n", "id: other\n", 1), "/api/shop", "/api/other", 1)
	err = build(mod(good, reg), mod(other, func(r Router) { r.Handle("GET", "/api/other", "shop.view", noop) }))
	if err == nil || !strings.Contains(err.Error(), "already declared") {
		t.Fatalf("duplicate action: %v", err)
	}
}

var _ httpx.HandlerFunc = noop
