package web

import (
	"crypto/sha256"
	"encoding/hex"
)

// etag is the validator of file p with content b. It depends on the content alone, so every
// server of an installation answers a browser's revalidation alike; a start-up time (the embed FS
// has no modification times) would not: a server started after one with a newer release would
// answer 304 to a browser holding the newer file. A content-hashed name is its own validator.
func etag(p string, b []byte) string {
	if hashed.MatchString(p) {
		return `"` + p + `"`
	}
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}
