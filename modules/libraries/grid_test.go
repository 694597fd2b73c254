package libraries_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"its/core/app/apptest"
	"its/modules/libraries"
)

// assetState is what a refused write must leave untouched.
type assetState struct {
	Status, Name, AssetType, Lang string
	Version                       int64
}

func stateOf(t *testing.T, a *apptest.App, id string) assetState {
	t.Helper()
	var s assetState
	err := a.DB.QueryRow(context.Background(), `SELECT status, name, asset_type, lang, version FROM library_assets WHERE id::text = $1`, id).
		Scan(&s.Status, &s.Name, &s.AssetType, &s.Lang, &s.Version)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func ndjson(t *testing.T, r *apptest.Response) []map[string]any {
	t.Helper()
	if r.Status != 200 || r.Header.Get("Content-Type") != "application/x-ndjson; charset=utf-8" {
		t.Fatalf("stream: %d %s %s", r.Status, r.Header.Get("Content-Type"), r.Raw)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(r.Raw)), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

func cellErrors(r *apptest.Response) []map[string]any {
	var out []map[string]any
	d, _ := r.Body["details"].([]any)
	for _, x := range d {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func TestGridSchema(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	for _, lt := range libraries.LibraryTypes {
		r := editor.Do("GET", "/api/assets/"+lt+"/schema", nil)
		if r.Status != 200 {
			t.Fatalf("%s schema: %d %s", lt, r.Status, r.Raw)
		}
		d := r.Body["data"].(map[string]any)
		cols := map[string]map[string]any{}
		var order []string
		for _, c := range d["columns"].([]any) {
			m := c.(map[string]any)
			cols[m["field"].(string)] = m
			order = append(order, m["field"].(string))
		}
		if d["grid"] != "libraries."+lt || d["libraryType"] != lt || d["softDelete"].(map[string]any)["value"] != "Deleted" || order[0] != "thumbnail" || order[1] != "name" {
			t.Fatalf("%s schema head: %v %v %v", lt, d["grid"], d["softDelete"], order[:2])
		}
		// The publish fields (spec §5.6) are required and cannot be cleared.
		publish := d["publishFields"].([]any)
		if len(publish) == 0 {
			t.Fatalf("%s: no publish fields", lt)
		}
		for _, f := range publish {
			c := cols[f.(string)]
			if c == nil || c["required"] != true || !strings.Contains(fmt.Sprint(c["validators"]), "nonClearable") || c["editable"] != true {
				t.Fatalf("%s: publish field %v: %v", lt, f, c)
			}
		}
		st := cols["status"]
		if st["type"] != "list" || fmt.Sprint(st["options"]) != "[Pending Published Unpublished Deleted]" || st["editable"] != true {
			t.Fatalf("%s status column: %v", lt, st)
		}
		for _, ro := range []string{"thumbnail", "file", "fileSize", "modifiedDate"} {
			if cols[ro] == nil || cols[ro]["editable"] != false {
				t.Fatalf("%s: read-only %s: %v", lt, ro, cols[ro])
			}
		}
		if d["messages"].(map[string]any)["publish"] == nil {
			t.Fatalf("%s: no publish message", lt)
		}
	}
	// Per library: advertising assets edit their dates; global retail's asset type is a list.
	r := editor.Do("GET", "/api/assets/AdvertisingAsset/schema", nil)
	if !strings.Contains(string(r.Raw), `"field":"expireDate","headerName":"Expire Date","type":"date"`) {
		t.Fatalf("advertising dates: %s", r.Raw)
	}
	r = editor.Do("GET", "/api/assets/GlobalRetailAsset/schema", nil)
	if !strings.Contains(string(r.Raw), `"field":"assetType","headerName":"Asset Type","type":"list"`) || !strings.Contains(string(r.Raw), `"options":["visual","resource"]`) {
		t.Fatalf("global retail asset type: %s", r.Raw)
	}
	r = editor.Do("GET", "/api/assets/AdvertisingLogo/schema", nil)
	if strings.Contains(string(r.Raw), `"field":"gender"`) {
		t.Fatal("logos have no gender column")
	}
	for _, c := range []*apptest.Client{login(a, "user"), login(a, "approver")} {
		if r := c.Do("GET", "/api/assets/StepAsset/schema", nil); r.Status != 403 {
			t.Fatalf("schema without manage: %d", r.Status)
		}
	}
}

func TestGridStream(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	for _, status := range libraries.Statuses {
		lines := ndjson(t, editor.Do("POST", "/api/assets/StepAsset/stream", map[string]any{"filters": map[string]any{"status": status}}))
		want := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'StepAsset' AND status = $1`, status)
		if want == 0 || len(lines) != want+2 || lines[0]["totalCount"] != float64(want) || lines[len(lines)-1]["done"] != true {
			t.Fatalf("%s: %d lines for %d assets (%v ... %v)", status, len(lines), want, lines[0], lines[len(lines)-1])
		}
		var last string
		for _, row := range lines[1 : len(lines)-1] {
			if row["status"] != status || row["version"] != float64(1) || row["id"] == nil {
				t.Fatalf("%s stream row: %v", status, row)
			}
			// Newest first (the default sort).
			if m := row["modifiedDate"].(string); last != "" && m > last {
				t.Fatalf("%s: not sorted by -modifiedDate", status)
			} else {
				last = m
			}
		}
	}
	// No status filter: the whole library, and only it.
	lines := ndjson(t, editor.Do("POST", "/api/assets/AdvertisingLogo/stream", map[string]any{}))
	if len(lines) != libraries.DemoPerLibrary+2 {
		t.Fatalf("whole library: %d lines", len(lines))
	}
	// A row carries its primary file and a thumbnail that opens.
	row := lines[1]
	if row["file"] == nil || row["fileSize"].(float64) <= 0 || row["thumbnail"] == nil {
		t.Fatalf("file columns: %v", row)
	}
	// Query mistakes are a 400 before any stream.
	r := editor.Do("POST", "/api/assets/AdvertisingLogo/stream", map[string]any{"filters": map[string]any{"gender": "Mens"}})
	if r.Status != 400 || !strings.Contains(string(r.Raw), "filters.gender") {
		t.Fatalf("filter on a column the logos lack: %d %s", r.Status, r.Raw)
	}
	// One page (query protocol) with a filter on a list column.
	r = editor.Do("POST", "/api/assets/StepAsset/query", map[string]any{"filters": map[string]any{"gender": "womens", "status": "Published"}, "limit": 5})
	page := r.Body["data"].(map[string]any)
	want := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'StepAsset' AND status = 'Published' AND gender = 'Womens'`)
	if r.Status != 200 || page["totalCount"] != float64(want) || len(page["rows"].([]any)) != min(5, want) || page["nextCursor"] == nil {
		t.Fatalf("page: %d %s", r.Status, r.Raw)
	}
	if r := login(a, "user").Do("POST", "/api/assets/StepAsset/stream", map[string]any{"filters": map[string]any{"status": "Pending"}}); r.Status != 403 {
		t.Fatalf("user streaming a manage page: %d", r.Status)
	}
}

// TestGridGroups: the manage grid grouped by a column reads its groups from the server: each
// value of the library's filtered items with the database's count, in the rows' order (empty
// last); a column that cannot group and a caller who may not manage are refused.
func TestGridGroups(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	r := editor.Do("POST", "/api/assets/StepAsset/groups", map[string]any{"field": "gender", "filters": map[string]any{"status": "Published"}})
	d, _ := r.Body["data"].(map[string]any)
	if r.Status != 200 || d == nil {
		t.Fatalf("groups: %d %s", r.Status, r.Raw)
	}
	sum, values, sawEmpty := 0, []string{}, false
	for _, g := range d["groups"].([]any) {
		m := g.(map[string]any)
		n := int(m["count"].(float64))
		var want int
		if m["value"] == nil {
			sawEmpty = true
			want = a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'StepAsset' AND status = 'Published' AND coalesce(gender, '') = ''`)
		} else {
			want = a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'StepAsset' AND status = 'Published' AND gender = $1`, m["value"])
			if sawEmpty {
				t.Fatalf("a value after the empty group: %s", r.Raw)
			}
			values = append(values, m["value"].(string))
		}
		if n != want || n == 0 {
			t.Fatalf("group %v: %d, want %d", m["value"], n, want)
		}
		sum += n
	}
	if want := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'StepAsset' AND status = 'Published'`); sum != want || int(d["totalCount"].(float64)) != want || len(values) < 2 || !slices.IsSorted(values) {
		t.Fatalf("groups %v: %d items, want %d: %s", values, sum, want, r.Raw)
	}
	for body, field := range map[string]string{
		`{"field": "thumbnail"}`:                      "field", // not sortable
		`{"field": "gender", "filters": {"nope": 1}}`: "filters.nope",
	} {
		r := editor.Do("POST", "/api/assets/StepAsset/groups", body)
		if errs := cellErrors(r); r.Status != 400 || len(errs) == 0 || errs[0]["field"] != field {
			t.Errorf("%s: %d %s", body, r.Status, r.Raw)
		}
	}
	if r := login(a, "user").Do("POST", "/api/assets/StepAsset/groups", map[string]any{"field": "gender"}); r.Status != 403 {
		t.Fatalf("user grouping a manage page: %d", r.Status)
	}
}

func TestGridBatch(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	batch := func(lt string, body map[string]any) *apptest.Response {
		return editor.Do("PATCH", "/api/assets/"+lt+"/batch/many", body)
	}
	update := func(id string, version int64, changes map[string]any) map[string]any {
		return map[string]any{"id": id, "version": version, "changes": changes}
	}

	t.Run("update bumps the version; a stale version is a userLock and changes nothing", func(t *testing.T) {
		pending := ids(t, a, `library_type = 'StepAsset' AND status = 'Pending' AND asset_type <> ''`)
		id, other := pending[0], pending[1]
		r := batch("StepAsset", map[string]any{"update": []any{update(id, 1, map[string]any{"name": "  Aero Runner fit guide  ", "gender": "womens"})}})
		if r.Status != 200 {
			t.Fatalf("update: %d %s", r.Status, r.Raw)
		}
		row := r.Body["data"].(map[string]any)["updated"].([]any)[0].(map[string]any)
		if row["version"] != float64(2) || row["name"] != "Aero Runner fit guide" || row["gender"] != "Womens" || row["status"] != "Pending" {
			t.Fatalf("updated row: %v", row)
		}
		if s := stateOf(t, a, id); s.Name != "Aero Runner fit guide" || s.Version != 2 {
			t.Fatalf("stored: %+v", s)
		}
		// Someone still holding version 1 (and a fresh row beside it): nothing is written.
		before, beforeOther := stateOf(t, a, id), stateOf(t, a, other)
		r = batch("StepAsset", map[string]any{"update": []any{
			update(other, 1, map[string]any{"name": "Renamed by a stale grid"}),
			update(id, 1, map[string]any{"name": "Overwrite"}),
		}})
		details, _ := r.Body["details"].(map[string]any)
		if r.Status != 409 || details["errorType"] != "userLock" {
			t.Fatalf("stale: %d %s", r.Status, r.Raw)
		}
		stale := details["rows"].([]any)[0].(map[string]any)
		if stale["id"] != id || stale["currentVersion"] != float64(2) {
			t.Fatalf("stale row: %v", stale)
		}
		if stateOf(t, a, id) != before || stateOf(t, a, other) != beforeOther {
			t.Fatal("a refused batch changed rows")
		}
		// The spec's batch call moves the version too, so an open grid cannot overwrite it.
		r = batch("StepAsset", map[string]any{"_ids": []string{other}, "set": map[string]any{"category": "Running"}})
		if r.Status != 200 || stateOf(t, a, other).Version != 2 {
			t.Fatalf("spec batch: %d %s", r.Status, r.Raw)
		}
		if r := batch("StepAsset", map[string]any{"update": []any{update(other, 1, map[string]any{"category": "Trail"})}}); r.Status != 409 {
			t.Fatalf("grid after the spec batch: %d", r.Status)
		}
	})

	t.Run("publishing is refused naming the missing fields, and nothing changes", func(t *testing.T) {
		incomplete := ids(t, a, `library_type = 'StepAsset' AND status = 'Pending' AND asset_type = '' AND version = 1`)[0]
		complete := ids(t, a, `library_type = 'StepAsset' AND status = 'Pending' AND asset_type <> '' AND version = 1`)[0]
		before, beforeOK := stateOf(t, a, incomplete), stateOf(t, a, complete)
		published := a.Count(`SELECT count(*) FROM library_assets WHERE status = 'Published'`)
		r := batch("StepAsset", map[string]any{"update": []any{
			update(complete, 1, map[string]any{"status": "Published"}),
			update(incomplete, 1, map[string]any{"status": "Published"}),
		}})
		msg, _ := r.Body["message"].(string)
		if r.Status != 400 || !strings.Contains(msg, "cannot be published") || !strings.Contains(msg, "missing assetType") || !strings.Contains(msg, before.Name) {
			t.Fatalf("refused publish: %d %s", r.Status, r.Raw)
		}
		var fields []string
		for _, e := range cellErrors(r) {
			if e["rule"] == "publish" && e["id"] == incomplete && e["index"] == float64(1) {
				fields = append(fields, e["field"].(string))
			}
		}
		if fmt.Sprint(fields) != "[assetType]" {
			t.Fatalf("refused fields %v: %s", fields, r.Raw)
		}
		if stateOf(t, a, incomplete) != before || stateOf(t, a, complete) != beforeOK || a.Count(`SELECT count(*) FROM library_assets WHERE status = 'Published'`) != published {
			t.Fatal("a refused publish changed rows")
		}
		// Filled in, it publishes.
		r = batch("StepAsset", map[string]any{"update": []any{update(incomplete, 1, map[string]any{"status": "Published", "assetType": "Quiz"})}})
		if r.Status != 200 || stateOf(t, a, incomplete).Status != "Published" {
			t.Fatalf("publish: %d %s", r.Status, r.Raw)
		}
		// A Marketing Image also needs valid begin and expire dates.
		ad := ids(t, a, `library_type = 'AdvertisingAsset' AND status = 'Pending' AND category <> '' AND version = 1`)[0]
		r = batch("AdvertisingAsset", map[string]any{"update": []any{update(ad, 1, map[string]any{"status": "Published", "assetType": "Marketing Image", "beginDate": "03/01/2026", "expireDate": nil})}})
		if r.Status != 400 || !strings.Contains(r.Body["message"].(string), "expireDate") {
			t.Fatalf("marketing image without expire date: %d %s", r.Status, r.Raw)
		}
		r = batch("AdvertisingAsset", map[string]any{"update": []any{update(ad, 1, map[string]any{"status": "Published", "assetType": "Marketing Image", "beginDate": "03/01/2026", "expireDate": "09/01/2026"})}})
		row := r.Body["data"].(map[string]any)["updated"].([]any)[0].(map[string]any)
		if r.Status != 200 || row["beginDate"] != "2026-03-01" || row["expireDate"] != "2026-09-01" || row["status"] != "Published" {
			t.Fatalf("valid marketing image: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("publish fields cannot be cleared outside Pending", func(t *testing.T) {
		pub := ids(t, a, `library_type = 'StepAsset' AND status = 'Published' AND version = 1`)[0]
		before := stateOf(t, a, pub)
		r := batch("StepAsset", map[string]any{"update": []any{update(pub, 1, map[string]any{"lang": "", "category": ""})}})
		errs := cellErrors(r)
		if r.Status != 400 || len(errs) != 1 || errs[0]["field"] != "lang" || errs[0]["rule"] != "nonClearable" {
			t.Fatalf("clearing lang of a published asset: %d %s", r.Status, r.Raw)
		}
		if stateOf(t, a, pub) != before {
			t.Fatal("a refused clear changed the row")
		}
		// A draft may be cleared (it is not published yet); optional fields anywhere.
		draft := ids(t, a, `library_type = 'StepAsset' AND status = 'Pending' AND lang <> '' AND version = 1`)[0]
		r = batch("StepAsset", map[string]any{"update": []any{update(draft, 1, map[string]any{"lang": nil}), update(pub, 1, map[string]any{"category": ""})}})
		if r.Status != 200 || stateOf(t, a, draft).Lang != "" {
			t.Fatalf("clearing a draft: %d %s", r.Status, r.Raw)
		}
		if got := r.Body["data"].(map[string]any)["updated"].([]any)[0].(map[string]any)["lang"]; got != nil {
			t.Fatalf("a cleared cell reads %v, want null", got)
		}
		// The status itself can never be cleared.
		if r := batch("StepAsset", map[string]any{"update": []any{update(draft, 2, map[string]any{"status": ""})}}); r.Status != 400 || cellErrors(r)[0]["rule"] != "nonClearable" {
			t.Fatalf("clearing the status: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("cell rules, scope, adds and soft deletes", func(t *testing.T) {
		id := ids(t, a, `library_type = 'ProductDocument' AND status = 'Unpublished' AND version = 1`)[0]
		before := stateOf(t, a, id)
		r := batch("ProductDocument", map[string]any{"update": []any{update(id, 1, map[string]any{"gender": "Aliens", "season": "Monsoon"})}})
		if r.Status != 400 || len(cellErrors(r)) != 2 || cellErrors(r)[0]["rule"] != "list" {
			t.Fatalf("list cells: %d %s", r.Status, r.Raw)
		}
		if r := batch("ProductDocument", map[string]any{"update": []any{update(id, 1, map[string]any{"modifiedDate": "2020-01-01T00:00:00Z"})}}); r.Status != 400 || cellErrors(r)[0]["rule"] != "notEditable" {
			t.Fatalf("read-only cell: %d %s", r.Status, r.Raw)
		}
		if r := batch("ProductDocument", map[string]any{"add": []any{map[string]any{"tempId": "n1", "values": map[string]any{"name": "New"}}}}); r.Status != 400 || cellErrors(r)[0]["rule"] != "noAdd" {
			t.Fatalf("add: %d %s", r.Status, r.Raw)
		}
		// An asset of another library is not found through this one.
		if r := batch("StepAsset", map[string]any{"update": []any{update(id, 1, map[string]any{"name": "x"})}}); r.Status != 404 {
			t.Fatalf("other library: %d %s", r.Status, r.Raw)
		}
		if r := batch("ProductDocument", map[string]any{"_ids": []string{id}, "update": []any{update(id, 1, map[string]any{"name": "x"})}}); r.Status != 400 {
			t.Fatalf("both shapes: %d", r.Status)
		}
		if stateOf(t, a, id) != before {
			t.Fatal("refused writes changed the row")
		}
		// A delete sets Deleted; undo sets the status back with the deleted row's version.
		r = batch("ProductDocument", map[string]any{"delete": []any{map[string]any{"id": id, "version": 1}}})
		if r.Status != 200 || stateOf(t, a, id).Status != "Deleted" || stateOf(t, a, id).Version != 2 {
			t.Fatalf("delete: %d %s", r.Status, r.Raw)
		}
		r = batch("ProductDocument", map[string]any{"update": []any{update(id, 2, map[string]any{"status": "Unpublished"})}})
		if r.Status != 200 || stateOf(t, a, id).Status != "Unpublished" {
			t.Fatalf("undo delete: %d %s", r.Status, r.Raw)
		}
	})

	t.Run("without manage permission: 403 and nothing changes", func(t *testing.T) {
		id := ids(t, a, `library_type = 'StepAsset' AND status = 'Pending' AND version = 1`)[0]
		before := stateOf(t, a, id)
		for _, role := range []string{"user", "approver"} {
			r := login(a, role).Do("PATCH", "/api/assets/StepAsset/batch/many", map[string]any{"update": []any{update(id, 1, map[string]any{"name": "Hijacked"})}})
			if r.Status != 403 {
				t.Fatalf("%s: %d", role, r.Status)
			}
		}
		if stateOf(t, a, id) != before {
			t.Fatal("a refused user changed the row")
		}
	})
}

func TestGridExportAndThumbnail(t *testing.T) {
	a := start(t)
	editor, user := login(a, "editor"), login(a, "user")
	r := editor.Do("POST", "/api/assets/AdvertisingAsset/export/xlsx", map[string]any{
		"columns": []any{map[string]any{"field": "name", "headerName": "Nom"}, map[string]any{"field": "category"}, map[string]any{"field": "beginDate"}},
		"filters": map[string]any{"status": "Pending"},
	})
	if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), "AdvertisingAsset_") {
		t.Fatalf("export: %d %s", r.Status, r.Header)
	}
	f, err := excelize.OpenReader(bytes.NewReader(r.Raw))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows(f.GetSheetName(0))
	if want := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'AdvertisingAsset' AND status = 'Pending'`); len(rows) != want+1 || rows[0][0] != "Nom" {
		t.Fatalf("export rows %d (want %d), header %v", len(rows), want+1, rows[0])
	}
	// The csv of the same view; a user without libraries.manage gets neither.
	r = editor.Do("POST", "/api/assets/AdvertisingAsset/export/csv", map[string]any{
		"columns": []any{map[string]any{"field": "name", "headerName": "Nom"}, map[string]any{"field": "category"}},
		"filters": map[string]any{"status": "Pending"},
	})
	lines, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Raw, []byte("\xEF\xBB\xBF")))).ReadAll()
	if r.Status != 200 || err != nil || len(lines) != len(rows) || lines[0][0] != "Nom" || !strings.HasSuffix(r.Header.Get("Content-Disposition"), ".csv") {
		t.Fatalf("csv export: %d %v %d lines (want %d)", r.Status, err, len(lines), len(rows))
	}
	if r := user.Do("POST", "/api/assets/AdvertisingAsset/export/csv", map[string]any{"columns": []any{map[string]any{"field": "name"}}}); r.Status != 403 {
		t.Fatalf("csv export by a user: %d", r.Status)
	}

	// The grid's thumbnail opens for a viewer on published assets, for managers only on others.
	pub := ndjson(t, editor.Do("POST", "/api/assets/AdvertisingAsset/stream", map[string]any{"filters": map[string]any{"status": "Published"}, "limit": 1}))[1]
	pending := ndjson(t, editor.Do("POST", "/api/assets/AdvertisingAsset/stream", map[string]any{"filters": map[string]any{"status": "Pending"}, "limit": 1}))[1]
	for _, c := range []struct {
		who  *apptest.Client
		row  map[string]any
		want int
	}{{user, pub, 200}, {user, pending, 403}, {editor, pending, 200}} {
		r := c.who.Do("GET", fmt.Sprintf("/api/assets/AdvertisingAsset/thumbnail/%s", c.row["thumbnail"]), nil)
		if r.Status != c.want || (c.want == 200 && !bytes.HasPrefix(r.Raw, []byte{0xff, 0xd8, 0xff})) {
			t.Fatalf("thumbnail: %d (want %d)", r.Status, c.want)
		}
	}
	if r := user.Do("GET", fmt.Sprintf("/api/assets/StepAsset/thumbnail/%s", pub["thumbnail"]), nil); r.Status != 404 {
		t.Fatalf("thumbnail through another library: %d", r.Status)
	}
}

func TestFilterOptions(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	// A value only a draft uses is no option.
	draft := ids(t, a, `library_type = 'AdvertisingAsset' AND status = 'Pending'`)[0]
	a.DB.Exec(context.Background(), `UPDATE library_assets SET tag = 'Draft Only Tag' WHERE id::text = $1`, draft)

	r := user.Do("GET", "/api/assets/filters?libraryType=AdvertisingAsset", nil)
	if r.Status != 200 {
		t.Fatalf("filters: %d %s", r.Status, r.Raw)
	}
	d := r.Body["data"].(map[string]any)
	for _, f := range []string{"tag", "region", "season", "orientation", "assetType", "storeType", "usage", "gender", "category", "vmCategory", "mediaDisplay"} {
		if _, ok := d[f].([]any); !ok {
			t.Fatalf("filter %s missing: %s", f, r.Raw)
		}
	}
	if len(d) != 11 {
		t.Fatalf("%d filters, want the bar's 11", len(d))
	}
	var prev string
	for _, x := range d["category"].([]any) {
		v := x.(map[string]any)
		want := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'AdvertisingAsset' AND status = 'Published' AND category = $1`, v["value"])
		if v["count"] != float64(want) || want == 0 || v["value"].(string) <= prev {
			t.Fatalf("category %v: want count %d, sorted after %q", v, want, prev)
		}
		prev = v["value"].(string)
	}
	if want := a.Count(`SELECT count(DISTINCT category) FROM library_assets WHERE library_type = 'AdvertisingAsset' AND status = 'Published' AND category <> ''`); len(d["category"].([]any)) != want {
		t.Fatalf("%d categories, want %d", len(d["category"].([]any)), want)
	}
	if strings.Contains(string(r.Raw), "Draft Only Tag") {
		t.Fatal("a Pending asset's value is offered")
	}
	r = user.Do("GET", "/api/assets/filters?libraryType=AdvertisingLogo", nil)
	if d := r.Body["data"].(map[string]any); r.Status != 200 || len(d) != 1 || len(d["category"].([]any)) == 0 {
		t.Fatalf("logo filters: %d %s", r.Status, r.Raw)
	}
	if r := user.Do("GET", "/api/assets/filters", nil); r.Status != 400 && r.Status != 403 {
		t.Fatalf("no libraryType: %d", r.Status)
	}
	if r := login(a, "approver").Do("GET", "/api/assets/filters?libraryType=AdvertisingAsset", nil); r.Status != 403 {
		t.Fatalf("approver: %d", r.Status)
	}
}

// TestFilterOptionsByRegion: a bar narrowed to a region (spec §2.6 data sets: domestic, europe,
// international) offers the values that region's Published assets use; the region filter itself
// keeps every region. Another region or one on a library without regions is refused.
// dataSetCase is a filter bar data set checked against the database: the call, the SQL condition
// of its assets' library and value, the filters (and their columns) whose values must be the data
// set's, the filter that keeps all its n values, a value only another data set holds and the
// call that offers it, and calls that are refused.
type dataSetCase struct {
	query, scope      string
	cols              map[string]string
	keepsAll          string
	n                 int
	other, otherQuery string
	bad               []string
}

func checkDataSet(t *testing.T, a *apptest.App, user *apptest.Client, c dataSetCase) {
	t.Helper()
	r := user.Do("GET", "/api/assets/filters?"+c.query, nil)
	if r.Status != 200 {
		t.Fatalf("filters: %d %s", r.Status, r.Raw)
	}
	d := r.Body["data"].(map[string]any)
	for f, col := range c.cols {
		for _, x := range d[f].([]any) {
			v := x.(map[string]any)
			want := a.Count(`SELECT count(*) FROM library_assets WHERE status = 'Published' AND `+c.scope+` AND `+col+` = $1`, v["value"])
			if v["count"] != float64(want) || want == 0 {
				t.Fatalf("%s %s %v: want count %d", c.query, f, v, want)
			}
		}
		if want := a.Count(`SELECT count(DISTINCT ` + col + `) FROM library_assets WHERE status = 'Published' AND ` + c.scope + ` AND ` + col + ` <> ''`); len(d[f].([]any)) != want || want == 0 {
			t.Fatalf("%s: %d %s values, want %d", c.query, len(d[f].([]any)), f, want)
		}
	}
	if strings.Contains(string(r.Raw), c.other) {
		t.Fatalf("%s offers %q, a value of another data set", c.query, c.other)
	}
	if n := len(d[c.keepsAll].([]any)); n != c.n {
		t.Fatalf("the %s filter offers %d values, want all %d: %s", c.keepsAll, n, c.n, r.Raw)
	}
	r = user.Do("GET", "/api/assets/filters?"+c.otherQuery, nil)
	if r.Status != 200 || !strings.Contains(string(r.Raw), c.other) {
		t.Fatalf("%s: %d %s", c.otherQuery, r.Status, r.Raw)
	}
	for _, bad := range c.bad {
		if r := user.Do("GET", "/api/assets/filters?"+bad, nil); r.Status != 400 {
			t.Fatalf("%s: %d %s", bad, r.Status, r.Raw)
		}
	}
}

func TestFilterOptionsByRegion(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	a.DB.Exec(context.Background(), `UPDATE library_assets SET category = 'Europe Only Category' WHERE id = (SELECT id FROM library_assets WHERE library_type = 'AdvertisingAsset' AND status = 'Published' AND region = 'Europe' LIMIT 1)`)
	checkDataSet(t, a, user, dataSetCase{
		query: "libraryType=AdvertisingAsset&region=domestic", scope: "library_type = 'AdvertisingAsset' AND region = 'Domestic'",
		cols: map[string]string{"category": "category"}, keepsAll: "region", n: 3,
		other: "Europe Only Category", otherQuery: "libraryType=AdvertisingAsset&region=Europe",
		bad: []string{"libraryType=AdvertisingAsset&region=Mars", "libraryType=AdvertisingLogo&region=europe"},
	})
}

func TestFilterOptionsByDivision(t *testing.T) {
	a := start(t)
	user := login(a, "user")
	ctx := context.Background()
	// The published product documents in the three divisions, one POP document with a category of its own.
	if _, err := a.DB.Exec(ctx, `UPDATE library_assets SET division_id = (ARRAY['Footwear', 'Apparel', 'POP'])[1 + (abs(hashtext(id::text)) % 3)] WHERE library_type = 'ProductDocument'`); err != nil {
		t.Fatal(err)
	}
	if _, err := a.DB.Exec(ctx, `UPDATE library_assets SET category = 'POP Only Category' WHERE id = (SELECT id FROM library_assets WHERE library_type = 'ProductDocument' AND status = 'Published' AND division_id = 'POP' LIMIT 1)`); err != nil {
		t.Fatal(err)
	}
	checkDataSet(t, a, user, dataSetCase{
		query: "libraryType=ProductDocument&division=footwear", scope: "library_type = 'ProductDocument' AND division_id = 'Footwear'",
		cols: map[string]string{"category": "category", "docType": "doc_type", "lang": "lang"}, keepsAll: "divisionId", n: 3,
		other: "POP Only Category", otherQuery: "libraryType=ProductDocument&division=POP",
		// A division no asset names, a library whose assets hold no division, and a channel (no library asset holds one).
		bad: []string{"libraryType=ProductDocument&division=Mars", "libraryType=AdvertisingAsset&division=footwear", "libraryType=ProductDocument&channel=retail"},
	})
}

// The demo product documents hold the spec's divisions in divisionId, so each division data set has assets.
func TestDemoDocumentDivisions(t *testing.T) {
	a := start(t)
	if n := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'ProductDocument' AND division_id NOT IN ('Apparel', 'Footwear', 'POP', '')`); n != 0 {
		t.Fatalf("%d demo product documents hold a division outside the spec's", n)
	}
	if n := a.Count(`SELECT count(DISTINCT division_id) FROM library_assets WHERE library_type = 'ProductDocument' AND status = 'Published' AND division_id <> ''`); n != 3 {
		t.Fatalf("the published demo documents hold %d divisions, want 3", n)
	}
}

func TestReportJob(t *testing.T) {
	a := start(t)
	editor := login(a, "editor")
	// A report worth several pages of the job, so progress moves on the way.
	ctx := context.Background()
	if _, err := a.DB.Exec(ctx, `INSERT INTO library_assets (library_type, name, doc_type, category, season, year, status, begin_date)
		SELECT 'ProductDocument', 'Court Classic line sheet ' || g, 'Line Sheet', 'Running', 'Fall', '2026', 'Published', DATE '2026-02-01'
		FROM generate_series(1, 2400) g`); err != nil {
		t.Fatal(err)
	}
	jobs := func() int { return a.Count(`SELECT count(*) FROM job_progress`) }
	r := editor.Do("POST", "/api/assets/ProductDocument/report/xlsx", map[string]any{"status": "Published", "filters": map[string]any{"category": []string{"Running"}}})
	if r.Status != 200 || r.Body["data"].(map[string]any)["status"] != "pending" {
		t.Fatalf("report: %d %s", r.Status, r.Raw)
	}
	id := r.Body["data"].(map[string]any)["jobId"].(string)
	d := editor.WaitJob(id)
	if d["status"] != "success" || d["progress"] != float64(100) || d["kind"] != "libraries.report" || !strings.HasPrefix(d["filename"].(string), "ProductDocument_Published_Report_") {
		t.Fatalf("report job: %v", d)
	}
	status, body := fetch(t, a, d["url"].(string))
	if status != 200 {
		t.Fatalf("report download: %d", status)
	}
	f, err := excelize.OpenReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows("ProductDocument")
	if err != nil {
		t.Fatal(err)
	}
	want := a.Count(`SELECT count(*) FROM library_assets WHERE library_type = 'ProductDocument' AND status = 'Published' AND category = 'Running'`)
	if want < 2400 || len(rows) != want+1 || rows[0][0] != "ID" || rows[0][1] != "Name" {
		t.Fatalf("report rows %d, want %d; header %v", len(rows), want+1, rows[0])
	}
	// Dates are real Excel dates.
	col := -1
	for i, h := range rows[0] {
		if h == "Modified" {
			col = i
		}
	}
	cell, _ := excelize.CoordinatesToCellName(col+1, 2)
	if typ, _ := f.GetCellType("ProductDocument", cell); col < 0 || typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
		t.Fatalf("modified date stored as text (%v)", typ)
	}
	// Someone else cannot follow it; refused requests queue nothing.
	if r := login(a, "seniorEditor").Do("GET", "/api/jobs/"+id, nil); r.Status != 404 {
		t.Fatalf("other user's report: %d", r.Status)
	}
	before := jobs()
	for _, body := range []map[string]any{{"status": "Lost"}, {"filters": map[string]any{"nope": "x"}}} {
		if r := editor.Do("POST", "/api/assets/ProductDocument/report/xlsx", body); r.Status != 400 {
			t.Fatalf("bad report %v: %d", body, r.Status)
		}
	}
	if r := login(a, "user").Do("POST", "/api/assets/ProductDocument/report/xlsx", map[string]any{}); r.Status != 403 {
		t.Fatalf("plain user report: %d", r.Status)
	}
	if jobs() != before {
		t.Fatal("a refused report queued a job")
	}
	// Every status, no body.
	r = editor.Do("POST", "/api/assets/StepAsset/report/xlsx", nil)
	d = editor.WaitJob(r.Body["data"].(map[string]any)["jobId"].(string))
	_, body = fetch(t, a, d["url"].(string))
	f, _ = excelize.OpenReader(bytes.NewReader(body))
	rows, _ = f.GetRows("StepAsset")
	if d["status"] != "success" || len(rows) != libraries.DemoPerLibrary+1 {
		t.Fatalf("all statuses: %v, %d rows", d["status"], len(rows))
	}
}
