package assortments_test

import (
	"net/http"
	"testing"
)

// TestUploadsNeedEditRightsOnAttachTo: an assortment's logo, product images and display-group
// content may be uploaded only by who may edit that assortment; others get the answer of a
// nonexistent assortment and no upload starts.
func TestUploadsNeedEditRightsOnAttachTo(t *testing.T) {
	a := start(t)
	owner := login(a, "editor@example.com")
	other := login(a, "seniorEditor@example.com")
	id := str(create(t, owner, map[string]any{"title": "Logo target"})["_id"])
	body := func(usage, attachTo string) map[string]any {
		return map[string]any{"filename": usage + ".png", "fileSize": 100, "usageType": usage, "attachTo": attachTo}
	}
	before := a.Count(`SELECT count(*) FROM uploads`)
	for _, usage := range []string{"assortmentLogo", "product", "displayGroup"} {
		for _, target := range []string{id, "00000000-0000-4000-8000-000000000000", "A100"} {
			if r := other.Do("POST", "/api/upload/aws/s3/create", body(usage, target)); r.Status != http.StatusNotFound {
				t.Errorf("%s attached to %s by another editor: %d %s", usage, target, r.Status, r.Raw)
			}
		}
	}
	if n := a.Count(`SELECT count(*) FROM uploads`); n != before {
		t.Fatalf("refused uploads recorded %d rows", n-before)
	}
	for _, usage := range []string{"assortmentLogo", "product", "displayGroup"} {
		if r := owner.Do("POST", "/api/upload/aws/s3/create", body(usage, id)); r.Status != http.StatusOK {
			t.Errorf("%s by the owner: %d %s", usage, r.Status, r.Raw)
		}
	}
}
