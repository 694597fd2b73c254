package web

import "time"

// modTime is the Last-Modified of embedded files: the embed FS has none, so one fixed start-up
// time lets If-Modified-Since work within a process's life.
var modTime = time.Now()
