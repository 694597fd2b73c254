package sheet

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
)

// ReasonTooManyStrings is a workbook whose shared-strings table is past the limits.
const ReasonTooManyStrings = "tooManyStrings"

// isSharedStrings tells a workbook's shared-strings part by its name (excelize reads
// xl/sharedStrings.xml; any other part named so is held to the same bounds).
func isSharedStrings(name string) bool {
	return strings.HasSuffix(strings.ToLower(strings.ReplaceAll(name, "\\", "/")), "sharedstrings.xml")
}

func tooManyStrings(lim Limits) error {
	return refuse(ReasonTooManyStrings, "This workbook holds more than %d different texts (or more than %s of them); it cannot be imported. Split it into smaller files.",
		lim.MaxSharedStrings, mb(lim.MaxSharedStringsBytes))
}

// checkStrings bounds each shared-strings table before excelize parses it: its unzipped size
// from the zip directory, the count its root element claims, and the count of its entries
// itself, streamed (so a table that understates its count is caught too).
func checkStrings(zr *zip.Reader, lim Limits) error {
	if lim.MaxSharedStrings <= 0 && lim.MaxSharedStringsBytes <= 0 {
		return nil
	}
	for _, f := range zr.File {
		if !isSharedStrings(f.Name) {
			continue
		}
		if lim.MaxSharedStringsBytes > 0 && f.UncompressedSize64 > uint64(lim.MaxSharedStringsBytes) {
			return tooManyStrings(lim)
		}
		if lim.MaxSharedStrings <= 0 {
			continue
		}
		claimed, err := readPart(f, func(r io.Reader) (int, error) { return claimedCount(r) })
		if err != nil {
			return refuse(ReasonCorrupt, "This workbook is damaged and cannot be read.")
		}
		if claimed > lim.MaxSharedStrings {
			return tooManyStrings(lim)
		}
		n, err := readPart(f, func(r io.Reader) (int, error) { return CountStartTags(r, "si", lim.MaxSharedStrings) })
		if err != nil {
			return refuse(ReasonCorrupt, "This workbook is damaged and cannot be read.")
		}
		if n > lim.MaxSharedStrings {
			return tooManyStrings(lim)
		}
	}
	return nil
}

func readPart(f *zip.File, fn func(io.Reader) (int, error)) (int, error) {
	rc, err := f.Open()
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	return fn(rc)
}

// claimedCount reads the larger of the count and uniqueCount attributes of the part's root
// element (0 when absent), from at most its first 64 KiB.
func claimedCount(r io.Reader) (int, error) {
	d := xml.NewDecoder(io.LimitReader(r, 64<<10))
	for {
		tok, err := d.Token()
		if err != nil {
			return 0, err
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		most := 0
		for _, a := range se.Attr {
			if a.Name.Local != "count" && a.Name.Local != "uniqueCount" {
				continue
			}
			n, err := strconv.ParseUint(strings.TrimSpace(a.Value), 10, 63)
			if err != nil {
				return 0, errors.New("sheet: a count that is not a number")
			}
			most = max(most, int(min(n, 1<<62)))
		}
		return most, nil
	}
}

// CountStartTags counts the start (and empty) tags whose local name is local, with or without
// a namespace prefix, in an XML stream; it stops once the count passes stop. It reads tags by
// their bytes, without building tokens, so a table of millions of entries costs a scan, and a
// "<si" inside a comment or CDATA counts too (a count may come out high, never low).
func CountStartTags(r io.Reader, local string, stop int) (int, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	name := make([]byte, 0, 64)
	n := 0
	for {
		// Skip to the next '<'.
		for {
			_, err := br.ReadSlice('<')
			if err == nil {
				break
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err == io.EOF {
				return n, nil
			}
			return n, err
		}
		name = name[:0]
		for {
			c, err := br.ReadByte()
			if err == io.EOF {
				return n, nil
			}
			if err != nil {
				return n, err
			}
			if c == ' ' || c == '>' || c == '/' || c == '\t' || c == '\r' || c == '\n' {
				if c == '/' && len(name) == 0 {
					break // an end tag
				}
				if i := bytes.LastIndexByte(name, ':'); string(name[i+1:]) == local {
					n++
					if n > stop {
						return n, nil
					}
				}
				break
			}
			if c == '<' {
				_ = br.UnreadByte()
				break
			}
			if len(name) < cap(name) {
				name = append(name, c)
			} else {
				name = append(name[:0], '\x00') // longer than any name counted: never matches
			}
		}
	}
}
