package assortments_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"

	"its/core/app/apptest"
	"its/modules/assortments"
	"its/modules/products"
	"its/modules/users"
)

// TestCRMSync: with the default driver (crm.driver outbox) the sync of an assortment one may
// edit answers 'CRM has been sync'd' with the new lastSyncDate and writes a pending row in the
// CRM outbox, which nothing marks sent: the CRM outbox listing shows it to an admin and an
// assortments manager, the manage page's last result to the editor; a plain user, another
// editor's assortment and a folder are refused and queue nothing.
func TestCRMSync(t *testing.T) {
	e := setup(t)
	a, editor := e.app, e.editor
	id := str(create(t, editor, map[string]any{"title": "CRM Review", "channel": "Wholesale", "products": pairs(t, a, 2, "product_type = 'Footwear'")})["_id"])
	if got := editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil).Data(t, 200); got["lastSyncDate"] != nil {
		t.Fatalf("new assortment lastSyncDate %v", got["lastSyncDate"])
	}
	if got := editor.Do("GET", "/api/assortments/crmSync/"+id, nil); got.Status != 200 || got.Body["data"] != nil {
		t.Fatalf("last sync of a never synced assortment: %d %s", got.Status, got.Raw)
	}

	r := editor.Do("POST", "/api/assortments/crmSync/"+id, nil)
	d := r.Data(t, 200)
	if r.Body["message"] != "CRM has been sync'd" {
		t.Fatalf("message %v", r.Body["message"])
	}
	at, err := time.Parse(time.RFC3339Nano, str(d["lastSyncDate"]))
	if err != nil || time.Since(at) > time.Minute {
		t.Fatalf("lastSyncDate %v: %v", d["lastSyncDate"], err)
	}
	if got := editor.Do("GET", "/api/assortments/"+id+`?_options={"products":false}`, nil).Data(t, 200); got["lastSyncDate"] == nil {
		t.Fatal("lastSyncDate not kept")
	}
	if n := a.Count(`SELECT count(*) FROM assortment_crm_syncs WHERE assortment_id = $1 AND driver = 'outbox' AND status = 'pending'
		AND sent_at IS NULL AND payload->>'title' = 'CRM Review'`, id); n != 1 {
		t.Fatalf("%d pending outbox rows, want 1", n)
	}
	last := editor.Do("GET", "/api/assortments/crmSync/"+id, nil).Data(t, 200)
	if last["driver"] != "outbox" || last["status"] != "pending" || last["requested"] == nil || num(last["attempts"]) != 0 {
		t.Fatalf("last sync %v", last)
	}

	for _, who := range []*apptest.Client{login(a, "admin@example.com"), e.manager} {
		items := arr(who.Do("GET", "/api/assortments/admin/crmOutbox?status=pending", nil).Data(t, 200)["items"])
		if len(items) != 1 {
			t.Fatalf("outbox listing: %v", items)
		}
		row := obj(items[0])
		if row["assortmentId"] != id || row["title"] != "CRM Review" || row["status"] != "pending" || row["driver"] != "outbox" ||
			obj(row["payload"])["channel"] != "Wholesale" || row["requestedBy"] == "" {
			t.Fatalf("outbox row %v", row)
		}
	}
	if got := arr(e.manager.Do("GET", "/api/assortments/admin/crmOutbox?status=sent", nil).Data(t, 200)["items"]); len(got) != 0 {
		t.Fatalf("sent rows %v", got)
	}
	if got := e.manager.Do("GET", "/api/assortments/admin/crmOutbox?status=lost", nil); got.Status != 400 {
		t.Fatalf("unknown status: %d", got.Status)
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
		"anonymous":               {401, func() int { return a.Client().Do("POST", "/api/assortments/crmSync/"+id, nil).Status }},
		"other editor's last":     {404, func() int { return e.senior.Do("GET", "/api/assortments/crmSync/"+id, nil).Status }},
		"outbox for an editor":    {403, func() int { return editor.Do("GET", "/api/assortments/admin/crmOutbox", nil).Status }},
		"outbox for a plain user": {403, func() int { return e.user.Do("GET", "/api/assortments/admin/crmOutbox", nil).Status }},
	} {
		if got := c.do(); got != c.status {
			t.Errorf("%s: %d, want %d", name, got, c.status)
		}
	}
	if after := a.Count(`SELECT count(*) FROM assortment_crm_syncs`); after != before {
		t.Errorf("refused syncs queued %d rows", after-before)
	}
}

// crmListener is a CRM reached over HTTP: it checks each POST's signature against the secret
// and answers the statuses of answers in turn (the last one from then on).
type crmListener struct {
	srv     *httptest.Server
	mu      sync.Mutex
	answers []int
	bodies  [][]byte
	bad     []string
}

func newCRMListener(t *testing.T, secret string, answers ...int) *crmListener {
	l := &crmListener{answers: answers}
	l.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write(body)
		want := "sha256=" + hex.EncodeToString(mac.Sum(nil))
		l.mu.Lock()
		defer l.mu.Unlock()
		switch {
		case r.Method != "POST" || r.URL.Path != "/crm/assortments":
			l.bad = append(l.bad, r.Method+" "+r.URL.Path)
			http.NotFound(w, r)
			return
		case !hmac.Equal([]byte(r.Header.Get("X-ITS-Signature")), []byte(want)):
			l.bad = append(l.bad, "signature "+r.Header.Get("X-ITS-Signature"))
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		case r.Header.Get("Content-Type") != "application/json" || !json.Valid(body):
			l.bad = append(l.bad, "not JSON: "+r.Header.Get("Content-Type"))
			http.Error(w, "not JSON", http.StatusUnsupportedMediaType)
			return
		}
		l.bodies = append(l.bodies, body)
		status := l.answers[min(len(l.bodies), len(l.answers))-1]
		if status != 200 {
			http.Error(w, "CRM is down", status)
			return
		}
		w.Write([]byte(`{"ok":true}`))
	}))
	t.Cleanup(l.srv.Close)
	return l
}

func (l *crmListener) received() (bodies [][]byte, bad []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([][]byte(nil), l.bodies...), append([]string(nil), l.bad...)
}

// waitSync waits (at most a minute: the job queue's backoff after a first failure is a second)
// for the latest sync of assortment id to leave pending, and answers its last result.
func waitSync(t *testing.T, c *apptest.Client, id string) map[string]any {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		last := c.Do("GET", "/api/assortments/crmSync/"+id, nil).Data(t, 200)
		if last["status"] != "pending" {
			return last
		}
		if time.Now().After(deadline) {
			t.Fatalf("the sync is still pending: %v", last)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestCRMHTTPDriver: with crm.driver http the sync is a signed JSON POST of the assortment's
// head to crm.url, from the job queue: the CRM's first answer (500) is retried with backoff and
// the second (200) marks the sync sent, its last result (time, status, attempts) on the manage
// page's call; a CRM that keeps failing leaves the sync failed after crm.max_attempts, with its
// last status and error.
func TestCRMHTTPDriver(t *testing.T) {
	const secret = "a-crm-secret-of-at-least-32-characters"
	ok := newCRMListener(t, secret, 500, 200)
	a := apptest.Start(t, fx.Options(users.Module, products.Module, assortments.Module),
		"ITS_CRM_DRIVER=http", "ITS_CRM_URL="+ok.srv.URL+"/crm/assortments", "ITS_CRM_SECRET="+secret, "ITS_CRM_MAX_ATTEMPTS=2")
	editor := login(a, "editor@example.com")
	id := str(create(t, editor, map[string]any{"title": "CRM Push", "channel": "Retail", "products": pairs(t, a, 1, "product_type = 'Footwear'")})["_id"])

	r := editor.Do("POST", "/api/assortments/crmSync/"+id, nil)
	if r.Data(t, 200)["lastSyncDate"] == nil || r.Body["message"] != "CRM has been sync'd" {
		t.Fatalf("sync answer %s", r.Raw)
	}
	last := waitSync(t, editor, id)
	bodies, bad := ok.received()
	if len(bad) > 0 {
		t.Fatalf("the CRM refused requests: %v", bad)
	}
	if last["status"] != "sent" || last["driver"] != "http" || num(last["attempts"]) != 2 || num(last["lastStatus"]) != 200 ||
		last["lastError"] != "" || last["sentAt"] == nil || last["lastAttemptAt"] == nil {
		t.Fatalf("last sync %v", last)
	}
	if len(bodies) != 2 || string(bodies[0]) != string(bodies[1]) {
		t.Fatalf("the CRM received %d bodies: %q", len(bodies), bodies)
	}
	var sent map[string]any
	if err := json.Unmarshal(bodies[1], &sent); err != nil || sent["_id"] != id || sent["title"] != "CRM Push" || sent["channel"] != "Retail" {
		t.Fatalf("payload %s: %v", bodies[1], err)
	}
	// The queue records the job's end just after the row's.
	for deadline := time.Now().Add(time.Minute); a.Count(`SELECT count(*) FROM river_job WHERE kind = 'assortments.crmDeliver'
		AND state = 'completed' AND attempt = 2 AND cardinality(errors) = 1`) != 1; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the crm job did not complete on its second attempt after one error")
		}
	}

	// A CRM that keeps answering 503: the sync fails after the two attempts.
	down := newCRMListener(t, secret, 503)
	b := a.Peer(t, fx.Options(users.Module, products.Module, assortments.Module),
		"ITS_CRM_DRIVER=http", "ITS_CRM_URL="+down.srv.URL+"/crm/assortments", "ITS_CRM_SECRET="+secret, "ITS_CRM_MAX_ATTEMPTS=2")
	a.Stop()
	editor = login(b, "editor@example.com")
	editor.Do("POST", "/api/assortments/crmSync/"+id, nil).Data(t, 200)
	last = waitSync(t, editor, id)
	if bodies, bad := down.received(); len(bad) > 0 || len(bodies) != 2 {
		t.Fatalf("the failing CRM got %d bodies, refused %v", len(bodies), bad)
	}
	if last["status"] != "failed" || num(last["attempts"]) != 2 || num(last["lastStatus"]) != 503 ||
		!strings.Contains(str(last["lastError"]), "503") || last["sentAt"] != nil {
		t.Fatalf("failed sync %v", last)
	}
	if n := b.Count(`SELECT count(*) FROM assortment_crm_syncs WHERE assortment_id = $1 AND status = 'sent'`, id); n != 1 {
		t.Fatalf("the earlier sent sync changed: %d sent", n)
	}
}
