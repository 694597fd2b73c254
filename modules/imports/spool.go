package imports

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
)

// rowSpool keeps checked rows as the rows step answers them (each row's JSON, comma-separated)
// in a temporary file, so that a large file's rows are held on disk between being checked and
// being sent, not in memory.
type rowSpool struct {
	f *os.File
	w *bufio.Writer
	n int
}

func newSpool() (*rowSpool, error) {
	f, err := os.CreateTemp("", "import-rows-*.json")
	if err != nil {
		return nil, err
	}
	return &rowSpool{f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

// write adds rows after those written before.
func (sp *rowSpool) write(rows []Row) error {
	for i := range rows {
		b, err := json.Marshal(&rows[i])
		if err != nil {
			return err
		}
		if sp.n > 0 {
			if err := sp.w.WriteByte(','); err != nil {
				return err
			}
		}
		if _, err := sp.w.Write(b); err != nil {
			return err
		}
		sp.n++
	}
	return nil
}

// copyTo writes everything written to w.
func (sp *rowSpool) copyTo(w io.Writer) error {
	if err := sp.w.Flush(); err != nil {
		return err
	}
	if _, err := sp.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, sp.f)
	return err
}

// discard removes the spool's file.
func (sp *rowSpool) discard() {
	_ = sp.f.Close()
	_ = os.Remove(sp.f.Name())
}
