package assortments_test

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"its/modules/assortments"
)

// FuzzSanitizeContentHTML: whatever html a group's custom content is sent, the sanitised answer
// holds no script, style, frame or form element, no event handler or style attribute and no
// link or image with a scheme other than http, https or mailto; html over the limit is refused.
func FuzzSanitizeContentHTML(f *testing.F) {
	for _, seed := range []string{
		"<p>Spring <b>story</b></p>",
		`<script>alert(1)</script><img src=x onerror=alert(2)>`,
		`<a href="javascript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a><a href="jav&#x09;ascript:alert(1)">z</a>`,
		`<svg onload=alert(1)><iframe src="data:text/html,<script>alert(1)</script>"></iframe>`,
		`<p style="background:url(javascript:alert(1))" onmouseover="alert(1)">t</p>`,
		`<img src="https://example.com/a.png" alt="a"><a href="mailto:a@example.com">m</a>`,
		`<<script>script>alert(1)<</script>/script>`,
		`<table><tr><td colspan="2" onclick="x">c</td></tr></table>`,
		"<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, err := assortments.SanitizeContentHTML(in)
		if len(in) > assortments.ContentMaxHTMLBytes {
			if err == nil {
				t.Fatalf("%d bytes were sanitised", len(in))
			}
			return
		}
		if err != nil {
			t.Fatalf("refused %d bytes: %v", len(in), err)
		}
		z := html.NewTokenizer(strings.NewReader(out))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			tok := z.Token()
			switch tok.Data {
			case "script", "style", "iframe", "object", "embed", "form", "input", "svg", "math", "link", "meta", "base":
				t.Fatalf("<%s> survived: %q -> %q", tok.Data, in, out)
			}
			for _, a := range tok.Attr {
				k := strings.ToLower(a.Key)
				if strings.HasPrefix(k, "on") || k == "style" {
					t.Fatalf("attribute %s survived: %q -> %q", a.Key, in, out)
				}
				if k == "href" || k == "src" {
					v := strings.ToLower(strings.TrimSpace(a.Val))
					if i := strings.IndexAny(v, ":/?#"); i >= 0 && v[i] == ':' && !strings.HasPrefix(v, "http:") && !strings.HasPrefix(v, "https:") && !strings.HasPrefix(v, "mailto:") {
						t.Fatalf("url %q survived: %q -> %q", a.Val, in, out)
					}
				}
			}
		}
	})
}
