#!/usr/bin/env bash
# Runs each fuzz target of the compiler for a bounded time (FUZZTIME, 20s by
# default). Only the targets that exist are run.
set -euo pipefail
cd "$(dirname "$0")/.."
t=${FUZZTIME:-20s}
found=0
for pkg in ./codegen; do
  for f in $(go test -list '^Fuzz' "$pkg" 2>/dev/null | grep '^Fuzz' || true); do
    found=1
    echo "fuzzing $pkg $f for $t"
    go test -run '^$' -fuzz "^$f\$" -fuzztime "$t" "$pkg"
  done
done
[ $found -eq 1 ] || echo "fuzz: no fuzz target yet"
