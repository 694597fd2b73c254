package assortments_test

import (
	"testing"
	"time"
)

// TestCRMSync: the sync of an assortment one may edit answers 'CRM has been sync'd' with the new
// lastSyncDate, queues a pending row in the outbox and the worker marks it sent; a plain user,
// another editor's assortment and a folder are refused and queue nothing.
func TestCRMSync(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
	id := str(create(t, editor, map[string]any{"title": "CRM Review", "channel": "Wholesale", "products": pairs(t, a, 2, "product_type = 'Footwear'")})["_id"])
	if got := data(t, editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil), 200); got["lastSyncDate"] != nil {
		t.Fatalf("new assortment lastSyncDate %v", got["lastSyncDate"])
	}

	r := editor.Do("POST", "/api/assortments/crmSync/"+id, nil)
	d := data(t, r, 200)
	if r.Body["message"] != "CRM has been sync'd" {
		t.Fatalf("message %v", r.Body["message"])
	}
	at, err := time.Parse(time.RFC3339Nano, str(d["lastSyncDate"]))
	if err != nil || time.Since(at) > time.Minute {
		t.Fatalf("lastSyncDate %v: %v", d["lastSyncDate"], err)
	}
	if got := data(t, editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil), 200); got["lastSyncDate"] == nil {
		t.Fatal("lastSyncDate not kept")
	}
	deadline := time.Now().Add(30 * time.Second)
	for a.Count(`SELECT count(*) FROM assortment_crm_syncs WHERE assortment_id = $1 AND status = 'sent' AND sent_at IS NOT NULL
		AND payload->>'title' = 'CRM Review'`, id) != 1 {
		if time.Now().After(deadline) {
			t.Fatalf("the outbox worker did not send the sync: %d rows pending", a.Count(`SELECT count(*) FROM assortment_crm_syncs WHERE status = 'pending'`))
		}
		time.Sleep(100 * time.Millisecond)
	}

	folder := str(create(t, editor, map[string]any{"title": "CRM Folder", "type": "folder"})["_id"])
	before := a.Count(`SELECT count(*) FROM assortment_crm_syncs`)
	for name, c := range map[string]struct {
		status int
		do     func() int
	}{
		"user":         {403, func() int { return e.user.Do("POST", "/api/assortments/crmSync/"+id, nil).Status }},
		"other editor": {404, func() int { return e.senior.Do("POST", "/api/assortments/crmSync/"+id, nil).Status }},
		"folder":       {400, func() int { return editor.Do("POST", "/api/assortments/crmSync/"+folder, nil).Status }},
		"no assortment": {404, func() int {
			return editor.Do("POST", "/api/assortments/crmSync/00000000-0000-4000-8000-000000000009", nil).Status
		}},
		"anonymous": {401, func() int { return a.Client().Do("POST", "/api/assortments/crmSync/"+id, nil).Status }},
	} {
		if got := c.do(); got != c.status {
			t.Errorf("%s: %d, want %d", name, got, c.status)
		}
	}
	if after := a.Count(`SELECT count(*) FROM assortment_crm_syncs`); after != before {
		t.Errorf("refused syncs queued %d rows", after-before)
	}
}
