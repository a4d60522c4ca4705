#!/usr/bin/env bash
# Regenerates every package's kago_kernels.go and kago_kernels/ device code
# files and fails if any differs from what is committed: generated kernel
# code must match its Go source. Modified, deleted and untracked generated
# files all count. Test kernels' packages (kago gen -embed=false) commit
# only kago_kernels.go, checked the same way; their device code is
# compiled from their source when the tests run (internal/testcode).
set -euo pipefail
cd "$(dirname "$0")/.."
go generate ./...
paths=('*kago_kernels.go' '*kago_kernels/*')
if ! git diff --quiet -- "${paths[@]}"; then
  echo "generated kernel code is out of date; run 'go generate ./...' and commit:" >&2
  git --no-pager diff --stat -- "${paths[@]}" >&2
  exit 1
fi
deleted=$(git ls-files --deleted -- "${paths[@]}")
if [ -n "$deleted" ]; then
  echo "generated kernel code deleted but still committed: $deleted" >&2
  exit 1
fi
untracked=$(git ls-files --others --exclude-standard -- "${paths[@]}")
if [ -n "$untracked" ]; then
  echo "generated kernel code not committed: $untracked" >&2
  exit 1
fi
echo "generated kernel code is current"
