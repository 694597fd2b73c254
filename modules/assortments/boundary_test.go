package assortments_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// productTables are the products module's tables; the assortment manager reads the catalog
// through products.Catalog and the catalog_* views only.
var productTables = regexp.MustCompile(`(?i)\b(FROM|JOIN|UPDATE|INTO)\s+(products|product_details|product_locations|product_availability|products_catalog_version)\b`)

// TestReadsTheCatalogOnlyThroughItsInterface: no SQL of this module names a table of the products
// module, and no code holds the products module's store.
func TestReadsTheCatalogOnlyThroughItsInterface(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if m := productTables.FindString(line); m != "" {
				t.Errorf("%s:%d reads the products module's table (%s): %s", f, i+1, m, strings.TrimSpace(line))
			}
			if strings.Contains(line, "products.Store") || strings.Contains(line, "products.Service") {
				t.Errorf("%s:%d holds the products module's store or service: %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
