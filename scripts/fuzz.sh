#!/usr/bin/env bash
# Runs every Go fuzz target (a func FuzzXxx in a _test.go file) for FUZZTIME each, FUZZJOBS
# (default 2) at a time: go test fuzzes one target per invocation, for a fixed wall time, so two
# targets side by side take half as long on two cores. `make test` runs each briefly, `make fuzz`
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
JOBS=${FUZZJOBS:-2}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# go test can end a fuzz run whose time ran out mid-input with "context deadline exceeded" and no
# failing input (a known flake of the fuzzing engine): that run is tried once more; a run that
# wrote a failing input, or fails again, fails. Each target's output is printed whole when it ends.
fuzz() {
  "$GO" test -run '^$' -fuzz "^$2\$" -fuzztime "$FUZZTIME" -parallel "$PARALLEL" "./$1" >"$3" 2>&1
}
one() {
  local dir=$1 name=$2 log="$logs/$3.log"
  {
    echo "fuzz ./$dir $name for $FUZZTIME"
    if fuzz "$dir" "$name" "$log"; then cat "$log"; return 0; fi
    cat "$log"
    if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
      echo "fuzz ./$dir $name: the run ended on its deadline without a failing input; once more"
      if fuzz "$dir" "$name" "$log"; then cat "$log"; return 0; fi
      cat "$log"
    fi
    echo "./$dir $name" >"$logs/$3.failed"
    return 1
  } >"$logs/$3.out"
}
i=0
running=0
while read -r dir name; do
  [ -n "$dir" ] || continue
  if [ "$running" -ge "$JOBS" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  i=$((i + 1))
  (one "$dir" "$name" "$i" || true; cat "$logs/$i.out") &
  running=$((running + 1))
done <<< "$targets"
wait || true
failed=()
for f in "$logs"/*.failed; do
  if [ -e "$f" ]; then failed+=("$(cat "$f")"); fi
done
if [ ${#failed[@]} -gt 0 ]; then
  printf 'fuzz target failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
