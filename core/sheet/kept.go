package sheet

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"

	"github.com/klauspost/compress/zstd"
)

// Keep copies every row of rd to w as a compact stream OpenKept reads back (one JSON array of
// cells per row, zstd-compressed), so a file is parsed once however many steps read it. rd's
// refusals (too many rows, too wide, damaged) end the copy and are answered as they are. It
// answers the number of rows kept.
func Keep(w io.Writer, rd Reader) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	zw, err := zstd.NewWriter(bw, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return 0, err
	}
	enc := json.NewEncoder(zw)
	enc.SetEscapeHTML(false)
	n := 0
	for {
		row, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			zw.Close()
			return n, err
		}
		if err := enc.Encode(row); err != nil {
			zw.Close()
			return n, err
		}
		n++
	}
	if err := zw.Close(); err != nil {
		return n, err
	}
	return n, bw.Flush()
}

// maxKeptWindow bounds the decoder's window: Keep's own streams use far less, and a stream that
// asks for more is not one of them.
const maxKeptWindow = 64 << 20

// OpenKept reads rows that Keep wrote.
func OpenKept(r io.Reader) (Reader, error) {
	zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxKeptWindow))
	if err != nil {
		return nil, err
	}
	return &keptReader{zr: zr, dec: json.NewDecoder(zr)}, nil
}

type keptReader struct {
	zr  *zstd.Decoder
	dec *json.Decoder
}

// errKept is a kept stream that is not what Keep wrote.
var errKept = errors.New("sheet: the kept rows are damaged")

func (k *keptReader) Next() ([]string, error) {
	var row []string
	if err := k.dec.Decode(&row); err == io.EOF {
		return nil, io.EOF
	} else if err != nil {
		return nil, errors.Join(errKept, err)
	}
	return row, nil
}

func (k *keptReader) Close() error { k.zr.Close(); return nil }
