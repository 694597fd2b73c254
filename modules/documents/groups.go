package documents

import (
	"context"
	"encoding/json"
	"strings"

	"its/modules/assortments"
)

// Group is one group of a document: a title and its style/colour rows in assortment order.
type Group struct {
	Title string
	Rows  []*assortments.Row
}

// Grouper splits an assortment's rows (in the assortment's order) into the document's groups.
// Display groups plug in here when the assortment manager has them; until then byField groups
// by the assortment's own grouping (uiSettings.groupSettings.groupBy), else by style.
type Grouper interface {
	Groups(ctx context.Context, a *assortments.Assortment, rows []*assortments.Row) ([]Group, error)
}

// fieldGrouper groups by the assortment's groupBy setting, by style when it has none.
type fieldGrouper struct{}

// NewGrouper is the default Grouper.
func NewGrouper() Grouper { return fieldGrouper{} }

func (fieldGrouper) Groups(_ context.Context, a *assortments.Assortment, rows []*assortments.Row) ([]Group, error) {
	key := groupByOf(a)
	var out []Group
	index := map[string]int{}
	for _, r := range rows {
		title := groupValue(key, r)
		i, ok := index[title]
		if !ok {
			i = len(out)
			index[title] = i
			out = append(out, Group{Title: title})
		}
		out[i].Rows = append(out[i].Rows, r)
	}
	return out, nil
}

// groupByOf reads uiSettings.groupSettings.groupBy; "none" or nothing means by style.
func groupByOf(a *assortments.Assortment) string {
	var ui struct {
		GroupSettings struct {
			GroupBy string `json:"groupBy"`
		} `json:"groupSettings"`
	}
	if len(a.UISettings) > 0 {
		_ = json.Unmarshal(a.UISettings, &ui)
	}
	switch g := strings.ToLower(ui.GroupSettings.GroupBy); g {
	case "gender", "division", "pillar", "displaygroup", "producttype":
		return g
	}
	return "style"
}

func groupValue(key string, r *assortments.Row) string {
	deref := func(p *string) string {
		if p == nil {
			return ""
		}
		return *p
	}
	var v string
	switch key {
	case "gender":
		v = r.Gender
	case "division":
		v = r.Division
	case "pillar":
		v = deref(r.Pillar)
	case "displaygroup":
		v = deref(r.DisplayGroup)
	case "producttype":
		v = r.ProductType
	default:
		if r.Name != "" {
			return r.Style + " " + r.Name
		}
		return r.Style
	}
	if v == "" {
		return "—"
	}
	return v
}
