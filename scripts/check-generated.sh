#!/usr/bin/env bash
# Regenerates every package's kago_kernels.go and fails if any differs from
# what is committed: generated kernel code must match its Go source.
set -euo pipefail
cd "$(dirname "$0")/.."
go generate ./...
if ! git diff --quiet -- '*kago_kernels.go'; then
  echo "generated kernel code is out of date; run 'go generate ./...' and commit:" >&2
  git --no-pager diff --stat -- '*kago_kernels.go' >&2
  exit 1
fi
untracked=$(git ls-files --others --exclude-standard -- '*kago_kernels.go')
if [ -n "$untracked" ]; then
  echo "generated kernel code not committed: $untracked" >&2
  exit 1
fi
echo "generated kernel code is current"
