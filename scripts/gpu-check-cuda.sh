#!/bin/sh
# gpu-check-cuda.sh: the CUDA backend's half of the GPU checks (the lead
# merges it into scripts/gpu-check.sh). See docs/backends-cuda.md.
#
#   scripts/gpu-check-cuda.sh build [DIR]  here (Go installed): build the
#                                          test binary into DIR/bin/cuda.test
#                                          (default DIR: ./gpu-check)
#   scripts/gpu-check-cuda.sh run [DIR]    on the GPU machine (CUDA driver,
#                                          no Go, no network): run every
#                                          test binary in DIR/bin for the
#                                          cuda backend with -test.v, a
#                                          KAGO_SYNC=blocking pass, and the
#                                          sync-overhead benchmarks
#
# The binary is built with cgo and opens libcuda.so.1 with dlopen at run
# time: it needs only glibc (2.34 or later, where dlopen lives in libc.so.6)
# on the GPU machine. Each step has a time limit (KAGO_CUDA_TIMEOUT seconds,
# default 240) so that a hang cannot eat the machine's whole lease.
set -u

cmd=${1:-}
dir=${2:-gpu-check}
root=$(cd "$(dirname "$0")/.." && pwd)
limit=${KAGO_CUDA_TIMEOUT:-240}

case "$cmd" in
build)
	set -e
	mkdir -p "$dir/bin"
	dir=$(cd "$dir" && pwd)
	cd "$root"
	go test -c -o "$dir/bin/cuda.test" ./backends/cuda
	echo "built $dir/bin/cuda.test; needs at run time:"
	ldd "$dir/bin/cuda.test" || true
	echo "on the GPU machine: scripts/gpu-check-cuda.sh run $dir"
	;;
run)
	dir=$(cd "$dir" && pwd)
	fail=0
	echo "== machine"
	command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
	ldd --version 2>&1 | head -1
	ls -l /usr/lib/x86_64-linux-gnu/libcuda.so.1 /usr/lib64/libcuda.so.1 2>/dev/null
	for bin in "$dir"/bin/cuda*.test; do
		[ -x "$bin" ] || { echo "no test binary in $dir/bin (run: $0 build $dir)"; exit 2; }
		# The tests run from the package directory, as go test does.
		cd "$root/backends/cuda" 2>/dev/null || cd "$dir"
		echo "== $(basename "$bin"): tests"
		KAGO_CUDA_REQUIRED=1 timeout "$limit" "$bin" -test.v -test.count=1 || fail=1
		echo "== $(basename "$bin"): tests with KAGO_SYNC=blocking (-short)"
		KAGO_CUDA_REQUIRED=1 KAGO_SYNC=blocking timeout "$limit" "$bin" -test.v -test.short -test.count=1 || fail=1
		echo "== $(basename "$bin"): benchmarks"
		KAGO_CUDA_REQUIRED=1 timeout "$limit" "$bin" -test.run '^$' -test.bench 'SyncOverhead|Launch' -test.benchtime 2000x -test.count 3 || fail=1
	done
	[ $fail = 0 ] && echo "gpu-check-cuda: PASS" || echo "gpu-check-cuda: FAIL"
	exit $fail
	;;
*)
	echo "usage: $0 build|run [DIR]" >&2
	exit 2
	;;
esac
