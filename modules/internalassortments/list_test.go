package internalassortments_test

import (
	"slices"
	"testing"

	"its/core/app/apptest"
)

// TestListBlocks: a channel's list read in blocks holds the entries discover shows the caller
// (a permission narrowed to a region reads only that region), each once, with the exact total;
// its groups by gender count the rows in their order; seasonsOnly answers no assortment; a bad
// channel or query is a 400.
func TestListBlocks(t *testing.T) {
	a := start(t)
	addUser(t, a, "intl@example.com", "adminEditor", "All", "International", "Footwear")
	addUser(t, a, "viewer@example.com", "user", "All", "All", "All")
	for who, client := range map[string]*apptest.Client{"intl": login(a, "intl@example.com"), "viewer": login(a, "viewer@example.com")} {
		toc := client.Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Wholesale", "force": true}).Data(t, 200)
		var want []string
		for _, e := range arr(toc["assortments"]) {
			want = append(want, obj(e)["_id"].(string))
		}
		slices.Sort(want)
		if who == "viewer" && len(want) <= 7 {
			t.Fatalf("the demo channel has %d entries: too few for blocks of 7", len(want))
		}
		// Blocks of 7 on the cursors, grouped by gender (the group column first).
		sort := []map[string]string{{"field": "gender"}, {"field": "title"}}
		var got, genders []string
		var cursor any
		for i := 0; ; i++ {
			body := map[string]any{"sort": sort, "limit": 7, "fields": []string{"gender", "region"}}
			if cursor != nil {
				body["cursor"] = cursor
			}
			page := client.Do("POST", "/api/internalAssortments/query/wholesale", body).Data(t, 200)
			if int(page["totalCount"].(float64)) != len(want) {
				t.Fatalf("%s: totalCount %v, discover shows %d", who, page["totalCount"], len(want))
			}
			for _, r := range arr(page["rows"]) {
				got = append(got, obj(r)["id"].(string))
				g, _ := obj(r)["gender"].(string)
				genders = append(genders, g)
				if who == "intl" && obj(r)["region"] != "International" {
					t.Fatalf("intl reads another region: %v", r)
				}
			}
			if cursor = page["nextCursor"]; cursor == nil {
				break
			}
		}
		slices.Sort(got)
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Fatalf("%s: blocks read %d entries, discover shows %d", who, len(got), len(want))
		}
		groups := client.Do("POST", "/api/internalAssortments/groups/wholesale", map[string]any{"field": "gender"}).Data(t, 200)
		at := 0
		for _, g := range arr(groups["groups"]) {
			n := int(obj(g)["count"].(float64))
			for _, v := range genders[at : at+n] {
				if v != obj(g)["value"] {
					t.Fatalf("%s: group %v holds a row of %q", who, obj(g)["value"], v)
				}
			}
			at += n
		}
		if at != len(genders) || int(groups["totalCount"].(float64)) != len(want) {
			t.Fatalf("%s: groups count %d of %d rows", who, at, len(genders))
		}
		sum := client.Do("POST", "/api/internalAssortments/summary/Wholesale", map[string]any{"fields": []string{"productCount"}}).Data(t, 200)
		if int(sum["totalCount"].(float64)) != len(want) {
			t.Fatalf("%s: summary of %v rows", who, sum["totalCount"])
		}
		seasons := client.Do("POST", "/api/internalAssortments/discover", map[string]any{"channel": "Wholesale", "seasonsOnly": true}).Data(t, 200)
		counted := 0
		for _, s := range arr(seasons["seasons"]) {
			counted += int(obj(s)["count"].(float64))
		}
		if len(arr(seasons["assortments"])) != 0 || len(arr(seasons["seasons"])) == 0 || counted != len(want) {
			t.Fatalf("%s: seasonsOnly answered %d assortments, seasons counting %d", who, len(arr(seasons["assortments"])), counted)
		}
	}
	viewer := login(a, "viewer@example.com")
	for _, c := range []struct {
		path string
		body any
	}{
		{"/api/internalAssortments/query/Everything", map[string]any{}},
		{"/api/internalAssortments/query/Wholesale", map[string]any{"sort": []map[string]string{{"field": "nope"}}}},
		{"/api/internalAssortments/query/Wholesale", map[string]any{"limit": 100000}},
		{"/api/internalAssortments/groups/Wholesale", map[string]any{"field": "labelText"}},
		{"/api/internalAssortments/summary/Wholesale", map[string]any{"fields": []string{}}},
	} {
		if r := viewer.Do("POST", c.path, c.body); r.Status != 400 {
			t.Errorf("%s %v: %d %s", c.path, c.body, r.Status, r.Raw)
		}
	}
}
