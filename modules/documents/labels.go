package documents

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
)

// Locales are the interface languages; each has a catalog of the templates' labels in labels/.
var Locales = []string{"en-US", "de-DE", "es-ES", "fr-FR", "it-IT", "ja-JP", "pl-PL", "pt-BR"}

//go:embed labels/*.json
var labelFiles embed.FS

// catalogs are the label catalogs by locale, read once at start (a bad catalog stops start-up).
var catalogs = func() map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, l := range Locales {
		raw, err := labelFiles.ReadFile("labels/" + l + ".json")
		if err != nil {
			panic(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			panic(fmt.Sprintf("documents: labels/%s.json: %v", l, err))
		}
		out[l] = m
	}
	return out
}()

// Labels words a document's fixed texts in one locale, falling back to en-US.
type Labels struct{ m map[string]string }

func labelsFor(locale string) Labels {
	if m, ok := catalogs[locale]; ok {
		return Labels{m}
	}
	for _, l := range Locales {
		if strings.EqualFold(l[:2], locale) || strings.HasPrefix(strings.ToLower(locale), strings.ToLower(l[:2])) {
			return Labels{catalogs[l]}
		}
	}
	return Labels{catalogs["en-US"]}
}

// T is the label of key.
func (l Labels) T(key string) string {
	if v, ok := l.m[key]; ok {
		return v
	}
	if v, ok := catalogs["en-US"][key]; ok {
		return v
	}
	return key
}

// F is the label of key with its {name} placeholders filled from pairs (name, value, ...).
func (l Labels) F(key string, pairs ...string) string {
	s := l.T(key)
	for i := 0; i+1 < len(pairs); i += 2 {
		s = strings.ReplaceAll(s, "{"+pairs[i]+"}", pairs[i+1])
	}
	return s
}
