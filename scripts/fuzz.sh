#!/usr/bin/env bash
# Runs the compiler's fuzz targets for a bounded time each (FUZZTIME, 20s by
# default): mutated kernel sources must give an error or valid output, never
# a panic. Finding no target is a failure, not a skip.
set -euo pipefail
cd "$(dirname "$0")/.."
t=${FUZZTIME:-20s}
targets=$(go test -list '^Fuzz' ./codegen | grep '^Fuzz' || true)
[ -n "$targets" ] || { echo "fuzz: no fuzz target in ./codegen" >&2; exit 1; }
for f in $targets; do
  echo "fuzzing ./codegen $f for $t"
  go test -run '^$' -fuzz "^$f\$" -fuzztime "$t" ./codegen
done
