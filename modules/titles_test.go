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

// Every module's, nav entry's and nav group's title is worded in every locale, by its manifest or the shell's catalogs:
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
	manifests := map[string]*registry.Manifest{}
	worded := map[string]bool{} // nav groups whose title a manifest words (groupTitles)
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
		manifests[f] = m
		for _, n := range m.Nav {
			if n.Group != "" && len(n.GroupTitles) > 0 {
				worded[n.Group] = true
			}
		}
	}
	for _, f := range files {
		m := manifests[f]
		// A module words its own title in its manifest (titles), which make gen hands to the
		// shell; a plugin's, which installs at run time, reaches it through /api/modules.
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
			// The dashboard heads a group's tiles with its title (the app bar too, from two entries):
			// an entry of the group words it in its manifest (groupTitles), else the catalogs do.
			for locale := range msgs {
				if worded[n.Group] && msgs[locale]["nav.group."+n.Group] != "" {
					t.Errorf("%s: nav group %q is worded in a manifest and in the shell catalog %s too", f, n.Group, locale)
				}
			}
			if n.Group != "" && !worded[n.Group] {
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
