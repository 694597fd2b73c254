#!/usr/bin/env bash
# Runs every Go fuzz target (a func FuzzXxx in a _test.go file) for FUZZTIME each, one after the
# other: go test fuzzes one target per invocation. `make test` runs each briefly, `make fuzz`
# longer. A failing input is written to the package's testdata/fuzz/<FuzzName>/ by go test:
# commit it with the fix, and it stays in the corpus every plain `go test` runs.
set -euo pipefail
FUZZTIME=${FUZZTIME:-60s}
GO=${GO:-go}
# One worker: the machine's other cores run the database the DB-backed targets talk to.
PARALLEL=${FUZZPARALLEL:-1}
cd "$(dirname "$0")/.."
targets=$(grep -rEo --include='*_test.go' --exclude-dir=node_modules --exclude-dir=.git '^func Fuzz[A-Za-z0-9_]+' . |
  sed -E 's#^\./(.*)/[^/]+_test\.go:func (Fuzz.*)$#\1 \2#' | sort)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# go test can end a fuzz run whose time ran out mid-input with "context deadline exceeded" and no
# failing input (a known flake of the fuzzing engine): that run is tried once more; a run that
# wrote a failing input, or fails again, fails.
fuzz() {
  "$GO" test -run '^$' -fuzz "^$2\$" -fuzztime "$FUZZTIME" -parallel "$PARALLEL" "./$1" 2>&1 | tee "$log"
}
failed=()
while read -r dir name; do
  [ -n "$dir" ] || continue
  echo "fuzz ./$dir $name for $FUZZTIME" >&2
  if fuzz "$dir" "$name"; then continue; fi
  if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
    echo "fuzz ./$dir $name: the run ended on its deadline without a failing input; once more" >&2
    fuzz "$dir" "$name" && continue
  fi
  failed+=("./$dir $name")
done <<< "$targets"
if [ ${#failed[@]} -gt 0 ]; then
  printf 'fuzz target failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
