#!/usr/bin/env bash
# Runs every Go fuzz target (a func FuzzXxx in a _test.go file) for FUZZTIME each, FUZZJOBS
# (default 2) packages at a time: go test fuzzes one target per invocation, for a fixed wall time,
# so two side by side take half as long on two cores. Each package's instrumented test binary is
# built once and fuzzes its targets one after the other (go test would build and link it again
# for every target). `make test` runs each briefly, `make fuzz` longer. A failing input is written
# to the package's testdata/fuzz/<FuzzName>/: commit it with the fix, and it stays in the corpus
# every plain `go test` runs.
set -euo pipefail
FUZZTIME=${FUZZTIME:-60s}
GO=${GO:-go}
# One worker: the machine's other cores run the database the DB-backed targets talk to.
PARALLEL=${FUZZPARALLEL:-1}
cd "$(dirname "$0")/.."
root=$PWD
targets=$(grep -rEo --include='*_test.go' --exclude-dir=node_modules --exclude-dir=.git '^func Fuzz[A-Za-z0-9_]+' . |
  sed -E 's#^\./(.*)/[^/]+_test\.go:func (Fuzz.*)$#\1 \2#' | sort)
JOBS=${FUZZJOBS:-2}
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# Where go test keeps what fuzzing found interesting, so runs build on each other as with go test.
cache="$("$GO" env GOCACHE)/fuzz"
# go test can end a fuzz run whose time ran out mid-input with "context deadline exceeded" and no
# failing input (a known flake of the fuzzing engine): that run is tried once more; a run that
# wrote a failing input, or fails again, fails. Each package's output is printed whole when it ends.
fuzz() {
  (cd "$root/$1" && "$2" -test.run '^$' -test.fuzz "^$3\$" -test.fuzztime "$FUZZTIME" -test.parallel "$PARALLEL" \
    -test.timeout 10m -test.fuzzcachedir "$cache") >"$4" 2>&1
}
target() {
  local dir=$1 bin=$2 name=$3 log=$4
  echo "fuzz ./$dir $name for $FUZZTIME"
  if fuzz "$dir" "$bin" "$name" "$log"; then cat "$log"; return 0; fi
  cat "$log"
  if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
    echo "fuzz ./$dir $name: the run ended on its deadline without a failing input; once more"
    if fuzz "$dir" "$bin" "$name" "$log"; then cat "$log"; return 0; fi
    cat "$log"
  fi
  echo "./$dir $name" >>"$logs/failed"
  return 1
}
# One package: builds its binary (fuzzing instrumentation on), then fuzzes each of its targets.
package() {
  local dir=$1 n=$2 bin="$logs/$2.test"
  shift 2
  {
    if ! "$GO" test -c -fuzz "^$1\$" -o "$bin" "./$dir" >"$logs/$n.build" 2>&1; then
      cat "$logs/$n.build"
      echo "./$dir (build)" >>"$logs/failed"
      return 1
    fi
    for name in "$@"; do target "$dir" "$bin" "$name" "$logs/$n.log" || true; done
  } >"$logs/$n.out"
}
i=0
running=0
for dir in $(awk '{print $1}' <<<"$targets" | uniq); do
  if [ "$running" -ge "$JOBS" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  i=$((i + 1))
  # shellcheck disable=SC2046 # the package's target names, one word each
  (package "$dir" "$i" $(awk -v d="$dir" '$1 == d {print $2}' <<<"$targets") || true; cat "$logs/$i.out") &
  running=$((running + 1))
done
wait || true
if [ -e "$logs/failed" ]; then
  sed 's/^/fuzz target failed: /' "$logs/failed" >&2
  exit 1
fi
