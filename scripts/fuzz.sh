#!/usr/bin/env bash
# Runs the compiler's fuzz targets for a bounded time each (FUZZTIME, 20s by
# default): mutated kernel sources must give an error or valid output, never
# a panic. Finding no target is a failure, not a skip. Minimizing a new
# input is bounded too (FUZZMINTIME, 2s): the seeds are whole packages, and
# go's default (60s a minimization) spent most of a run on one input.
set -euo pipefail
cd "$(dirname "$0")/.."
t=${FUZZTIME:-20s}
mt=${FUZZMINTIME:-2s}
targets=$(go test -list '^Fuzz' ./codegen | grep '^Fuzz' || true)
[ -n "$targets" ] || { echo "fuzz: no fuzz target in ./codegen" >&2; exit 1; }
for f in $targets; do
  echo "fuzzing ./codegen $f for $t"
  go test -run '^$' -fuzz "^$f\$" -fuzztime "$t" -fuzzminimizetime "$mt" ./codegen
done
