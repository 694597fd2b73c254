// Command benchjson turns `go test -bench` output into one JSON line per figure. A benchmark
// reports a figure with b.ReportMetric(value, "<name>:<unit>"), e.g. "authz.decision.p50:us";
// other metrics (ns/op, B/op) are ignored. Lines that are not benchmark results pass to stderr.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	failed := false
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) < 3 || !strings.HasPrefix(fields[0], "Benchmark") {
			if strings.HasPrefix(line, "FAIL") || strings.HasPrefix(line, "--- FAIL") {
				failed = true
			}
			fmt.Fprintln(os.Stderr, line)
			continue
		}
		for i := 2; i+1 < len(fields); i += 2 {
			name, unit, ok := strings.Cut(fields[i+1], ":")
			if !ok || !strings.Contains(name, ".") {
				continue
			}
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				continue
			}
			b, _ := json.Marshal(map[string]any{"name": name, "value": v, "unit": unit})
			fmt.Println(string(b))
		}
	}
	if failed {
		os.Exit(1)
	}
}
