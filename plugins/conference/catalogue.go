package main

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
)

// eventsJSON is the catalogue of the seven events, their pages, ad navigation and landing
// themes; the remote imports the same file, so both sides name the same pages.
//
//go:embed events.json
var eventsJSON []byte

// Theme is a landing theme (spring25, fall25, spring26).
type Theme struct {
	Background  string   `json:"background"`
	Accent      string   `json:"accent"`
	Nav         []string `json:"nav"`
	DisplayMode string   `json:"displayMode"`
}

// Event is one microsite.
type Event struct {
	ID         string   `json:"id"`
	Season     string   `json:"season"`
	Year       int      `json:"year"`
	Theme      string   `json:"theme,omitempty"`
	Gated      bool     `json:"gated"`
	Background string   `json:"background"`
	Accent     string   `json:"accent"`
	Pages      []string `json:"pages"`
	Ads        []string `json:"ads"`
}

// Catalogue is events.json.
type Catalogue struct {
	Categories []string         `json:"categories"`
	Current    string           `json:"current"`
	Previous   string           `json:"previous"`
	Themes     map[string]Theme `json:"themes"`
	Events     []Event          `json:"events"`
}

// pageSection maps a page of an event to the content section it shows (spring23 names its
// pages advertising and dtc-catalog).
var pageSection = map[string]string{
	"welcome": "welcome", "categories": "categories", "ads": "ads", "advertising": "ads",
	"sessions": "sessions", "marketing": "marketing", "catalogs": "catalogs", "dtc-catalog": "catalogs",
	"retail": "retail",
}

// Display modes of the category detail viewer; video is the default.
const (
	modeVideo   = "video"
	modeCatalog = "catalog"
)

func loadCatalogue(src []byte) (*Catalogue, error) {
	var c Catalogue
	if err := json.Unmarshal(src, &c); err != nil {
		return nil, fmt.Errorf("events.json: %w", err)
	}
	for _, e := range c.Events {
		if e.Theme != "" {
			if _, ok := c.Themes[e.Theme]; !ok {
				return nil, fmt.Errorf("events.json: event %s names theme %q, which is not declared", e.ID, e.Theme)
			}
		}
		for _, p := range e.Pages {
			if pageSection[p] == "" {
				return nil, fmt.Errorf("events.json: event %s has unknown page %q", e.ID, p)
			}
		}
	}
	for _, id := range []string{c.Current, c.Previous} {
		if _, ok := c.Themes[id]; !ok {
			return nil, fmt.Errorf("events.json: theme %q is not declared", id)
		}
	}
	return &c, nil
}

var catalogue = func() *Catalogue {
	c, err := loadCatalogue(eventsJSON)
	if err != nil {
		panic(err)
	}
	return c
}()

// event finds an event by id.
func (c *Catalogue) event(id string) (*Event, bool) {
	for i := range c.Events {
		if c.Events[i].ID == id {
			return &c.Events[i], true
		}
	}
	return nil, false
}

// sections lists the content sections an event shows.
func (e *Event) sections() []string {
	var out []string
	for _, p := range e.Pages {
		if s := pageSection[p]; !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// tabs lists the navigation of a section of the event (categories or ad navigation); nil for a
// section without tabs.
func (c *Catalogue) tabs(e *Event, section string) []string {
	switch section {
	case "categories":
		return c.Categories
	case "ads":
		return e.Ads
	}
	return nil
}

// checkPlace reports what is wrong with putting content in event/section/tab, "" when nothing.
func (c *Catalogue) checkPlace(event, section, tab string) (field, problem string) {
	e, ok := c.event(event)
	if !ok {
		return "event", fmt.Sprintf("Unknown event %q", event)
	}
	if !slices.Contains(e.sections(), section) {
		return "section", fmt.Sprintf("Event %s has no section %q", event, section)
	}
	tabs := c.tabs(e, section)
	switch {
	case tabs == nil && tab != "":
		return "tab", fmt.Sprintf("Section %s has no navigation", section)
	case tabs != nil && !slices.Contains(tabs, tab):
		return "tab", fmt.Sprintf("%q is not in the %s navigation of %s", tab, section, event)
	}
	return "", ""
}
