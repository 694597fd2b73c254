package modules

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"its/core/registry"
)

// Every module's, nav entry's and nav group's title is a message of the shell's catalogs in every locale:
// the shell shows a title it does not know as its raw id (the dashboard showed
// MODULE.INTERNALASSORTMENTS).
func TestManifestTitlesAreTranslated(t *testing.T) {
	catalogs, err := filepath.Glob("../shell/src/i18n/lang/*.json")
	if err != nil || len(catalogs) != 8 {
		t.Fatalf("%d shell catalogs (%v), want 8", len(catalogs), err)
	}
	msgs := map[string]map[string]string{}
	for _, c := range catalogs {
		b, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		msgs[filepath.Base(c)] = m
	}
	files, _ := filepath.Glob("*/module.yaml")
	plugins, _ := filepath.Glob("../plugins/*/module.yaml.in")
	files = append(files, plugins...)
	if len(files) < 14 {
		t.Fatalf("%d manifests found", len(files))
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// A plugin's manifest gets its checksum when the plugin is built.
		src = bytes.ReplaceAll(src, []byte("@SHA256@"), bytes.Repeat([]byte("0"), 64))
		m, err := registry.ParseManifest(f, src)
		if err != nil {
			t.Fatal(err)
		}
		// A module words its own title in its manifest (titles), which make gen hands to the
		// shell; a plugin's title is in the shell's catalogs.
		var ids []string
		if len(m.Titles) == 0 {
			ids = append(ids, m.Title)
		}
		for locale := range msgs {
			l := strings.TrimSuffix(locale, ".json")
			if len(m.Titles) > 0 && strings.TrimSpace(m.Titles[l]) == "" {
				t.Errorf("%s: titles has no %s text", f, l)
			}
			if len(m.Titles) > 0 && msgs[locale][m.Title] != "" {
				t.Errorf("%s: title %q is worded in the manifest and in the shell catalog %s too", f, m.Title, locale)
			}
		}
		for _, n := range m.Nav {
			if len(n.Titles) == 0 {
				ids = append(ids, n.Title)
			}
			for locale := range msgs {
				if len(n.Titles) > 0 && msgs[locale][n.Title] != "" {
					t.Errorf("%s: nav title %q is worded in the manifest and in the shell catalog %s too", f, n.Title, locale)
				}
			}
			// The dashboard heads a group's tiles with its title (the app bar too, from two entries).
			if n.Group != "" {
				ids = append(ids, "nav.group."+n.Group)
			}
		}
		for _, id := range ids {
			for locale, cat := range msgs {
				if cat[id] == "" {
					t.Errorf("%s: title %q is not in the shell catalog %s", f, id, locale)
				}
			}
		}
	}
}
