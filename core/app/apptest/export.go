package apptest

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"regexp"
	"testing"

	"github.com/xuri/excelize/v2"
)

// Exported posts a grid export (path ends in its format) and answers the file's rows, the header
// first: the first sheet of an .xlsx, or a .csv without its byte order mark. Any other status,
// or a download whose name does not match name, fails the test.
func (c *Client) Exported(t testing.TB, path, format string, name *regexp.Regexp, body any) [][]string {
	t.Helper()
	r := c.Do("POST", path, body)
	if r.Status != 200 || !name.MatchString(r.Header.Get("Content-Disposition")) {
		t.Fatalf("export %s: %d %v %s", path, r.Status, r.Header, r.Raw)
	}
	rows, err := exportRows(r.Raw, format)
	if err != nil {
		t.Fatalf("export %s: %v", path, err)
	}
	return rows
}

func exportRows(raw []byte, format string) ([][]string, error) {
	switch format {
	case "csv":
		return csv.NewReader(bytes.NewReader(bytes.TrimPrefix(raw, []byte("\xEF\xBB\xBF")))).ReadAll()
	case "xlsx":
		x, err := excelize.OpenReader(bytes.NewReader(raw))
		if err != nil {
			return nil, err
		}
		defer x.Close()
		return x.GetRows(x.GetSheetName(0))
	}
	return nil, fmt.Errorf("unknown export format %q", format)
}
