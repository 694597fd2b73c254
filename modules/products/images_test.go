package products

import (
	"strings"
	"testing"
)

// FuzzImageFile: any file name is either refused or split into a known kind and angle that
// join back into the same name.
func FuzzImageFile(f *testing.F) {
	for _, seed := range []string{"image.png", "thumbnail-medial.png", "print-detail.png", "image-", "-.png", "image-side-x.png", "image.PNG", "\x00.png"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, file string) {
		kind, angle, ok := imageFile(file)
		if !ok {
			return
		}
		if _, known := imageSizes[kind]; !known {
			t.Fatalf("%q: unknown kind %q accepted", file, kind)
		}
		if _, known := angleViews[angle]; !known {
			t.Fatalf("%q: unknown angle %q accepted", file, angle)
		}
		back := kind + "-" + angle + ".png"
		if angle == AngleSide && !strings.Contains(file, "-") {
			back = kind + ".png"
		}
		if back != file {
			t.Fatalf("%q read as %q %q", file, kind, angle)
		}
	})
}
