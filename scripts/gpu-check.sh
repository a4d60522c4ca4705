#!/bin/sh
# gpu-check.sh: the checks that need an NVIDIA GPU or the CUDA toolkit.
# See docs/gpu-check.md.
#
#   scripts/gpu-check.sh build [DIR]   here (Go installed): build the test
#                                      binaries (go test -c, static) and
#                                      their testdata into DIR (default
#                                      ./gpu-check), plus DIR/run.sh
#   DIR/run.sh                         on the GPU machine (no Go needed):
#                                      ptxas on every .ptx, then the tests
set -eu

cmd=${1:-build}
[ "$cmd" = build ] || { echo "usage: $0 build [DIR]" >&2; exit 2; }
out=${2:-gpu-check}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"

mkdir -p "$out/bin" "$out/ptx"
# The PTX emitter's tests: ptxas on every test and corpus kernel.
CGO_ENABLED=0 go test -c -ldflags="-s -w" -o "$out/bin/ptx.test" ./codegen/ptx
mkdir -p "$out/codegen/ptx" "$out/codegen/testdata"
cp -R codegen/ptx/testdata "$out/codegen/ptx/"
[ -d codegen/testdata/golden ] && cp -R codegen/testdata/golden "$out/codegen/testdata/"
cp -R codegen/testdata/ir "$out/codegen/testdata/" # the shared IR inputs of the emitters' tests
# The PTX itself, so that ptxas can be run by hand too.
(cd codegen/ptx && KAGO_PTX_OUT="$out/ptx" go test -count=1 -run 'TestPTXAS$' . >/dev/null)
# And every kernel of the corpus (internal/corpus).
KAGO_PTX_OUT="$out/ptx" go test -count=1 -run 'TestCorpusEmits$' ./codegen >/dev/null
# The CUDA backend's tests, once that package exists (it opens libcuda with
# dlopen at run time; built with cgo if it needs it, which links libc/libdl
# dynamically: the GPU machine needs glibc, nothing else).
go test -c -ldflags="-s -w" -o "$out/bin/cuda.test" ./backends/cuda
mkdir -p "$out/backends/cuda"
cp -R backends/cuda/testdata "$out/backends/cuda/"
# Cancellation: the stop flag in device memory (the fault
# record), read by the kernels' ld.volatile while they run.
go test -c -ldflags="-s -w" -o "$out/bin/cancel.test" ./internal/canceltest
# Subgroups on warps (shfl.sync, vote.sync) and the group collectives.
go test -c -ldflags="-s -w" -o "$out/bin/subgroups.test" ./internal/subgroups
go test -c -ldflags="-s -w" -o "$out/bin/collectives.test" ./internal/collectives
# These test kernels' device code is not committed (kago gen -embed=false):
# each binary compiles its package's code here, where the source is, into
# the cache it reads on the GPU machine (internal/testcode).
for t in cancel subgroups collectives; do
	KAGO_TESTCODE_CACHE="$out/testcode" KAGO_TESTCODE_PRECOMPILE=1 "$out/bin/$t.test" -test.run '^$' >/dev/null
done
# The stop latency and the cost of stop checks on the GPU (docs/sync.md).
go build -ldflags="-s -w" -o "$out/bin/deadline" ./examples/deadline
go build -ldflags="-s -w" -o "$out/bin/cancelcost" ./benchmarks/cmd/cancelcost
# The per-kernel table: kagobench -twins on the CUDA backend,
# generated kernels against the CUDA C twins, which run.sh compiles with
# the toolkit's nvcc. kagobench opens libOpenCL and libcuda with dlopen.
go build -ldflags="-s -w" -o "$out/bin/kagobench" ./benchmarks/cmd/kagobench
# algo.MatMul against cuBLAS (benchmarks/gemm, BenchmarkCUBLAS): the test
# binary dlopens libcudart and libcublas from the GPU machine's toolkit.
go test -c -ldflags="-s -w" -o "$out/bin/gemm.test" ./benchmarks/gemm
mkdir -p "$out/twins"
cp benchmarks/twins/cuda/twins.cu "$out/twins/"

# What travels to the GPU machine is capped (64 MiB with the repository):
# the binaries are stripped (-s -w: no symbol table or DWARF; stack traces
# keep their names and lines) and compressed; run.sh unpacks them.
gzip -9f "$out"/bin/*

cat > "$out/run.sh" <<'RUN'
#!/bin/sh
# Device half of scripts/gpu-check.sh: run from anywhere on the GPU machine.
set -u
here=$(cd "$(dirname "$0")" && pwd)
for f in "$here"/bin/*.gz; do [ -e "$f" ] && gunzip -f "$f"; done
export KAGO_TESTCODE_CACHE="$here/testcode" # the test kernels' code, compiled by the build step
arch=${KAGO_PTXAS_ARCH:-sm_90}
ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
fail=0
echo "== ptxas -arch=$arch ($ptxas)"
for f in "$here"/ptx/*.ptx; do
	if "$ptxas" -arch="$arch" -o /dev/null "$f"; then echo "ok   $(basename "$f")"; else echo "FAIL $(basename "$f")"; fail=1; fi
done
echo "== codegen/ptx tests"
(cd "$here/codegen/ptx" && PTXAS="$ptxas" KAGO_PTXAS_ARCH="$arch" "$here/bin/ptx.test" -test.v -test.run 'TestPTXAS|TestGolden') || fail=1
# Each CUDA step is bounded (KAGO_CUDA_TIMEOUT seconds) so that a hang
# cannot eat the device lease; KAGO_CUDA_REQUIRED=1 makes a missing driver
# a failure instead of a skip.
limit=${KAGO_CUDA_TIMEOUT:-150}
echo "== machine"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
ldd --version 2>&1 | head -1
cd "$here/backends/cuda"
echo "== backends/cuda tests"
KAGO_CUDA_REQUIRED=1 timeout "$limit" "$here/bin/cuda.test" -test.v -test.count=1 || fail=1
echo "== backends/cuda tests with KAGO_SYNC=blocking (-short)"
KAGO_CUDA_REQUIRED=1 KAGO_SYNC=blocking timeout "$limit" "$here/bin/cuda.test" -test.v -test.short -test.count=1 || fail=1
echo "== cancellation on the GPU (internal/canceltest)"
KAGO_CUDA_REQUIRED=1 timeout "$limit" "$here/bin/cancel.test" -test.v -test.count=1 \
	-test.run 'TestStopsRunningKernel/cuda/|TestBarrierKernelNoDeadlock/cuda$|TestRacesCompletion/cuda$' || fail=1
echo "== subgroups and collectives on the GPU (internal/subgroups, internal/collectives)"
KAGO_CUDA_REQUIRED=1 timeout "$limit" "$here/bin/subgroups.test" -test.v -test.count=1 -test.run '/cuda$' || fail=1
KAGO_CUDA_REQUIRED=1 timeout "$limit" "$here/bin/collectives.test" -test.v -test.count=1 -test.run 'TestCollectives/cuda$' || fail=1
echo "== stop latency (examples/deadline) and the cost of stop checks (cmd/cancelcost)"
KAGO_CUDA_REQUIRED=1 timeout "$limit" "$here/bin/deadline" -backend cuda || fail=1
KAGO_CUDA_REQUIRED=1 timeout "$limit" "$here/bin/cancelcost" -backends cuda -rounds 41 -tiled 2048 -naive 1024 || fail=1
echo "== backends/cuda benchmarks"
KAGO_CUDA_REQUIRED=1 timeout "$limit" "$here/bin/cuda.test" -test.run '^$' -test.bench 'SyncOverhead|Launch' -test.benchtime 2000x -test.count 3 || fail=1
echo "== per-kernel table: generated kernels against CUDA C twins (benchmarks/README.md)"
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if "$nvcc" -ptx -arch="$arch" -fmad=false -O3 -o "$here/twins/twins.ptx" "$here/twins/twins.cu"; then
	KAGO_CUDA_REQUIRED=1 timeout "$limit" "$here/bin/kagobench" -twins -twins-backend cuda \
		-twins-ptx "$here/twins/twins.ptx" -runs 5 -twins-cycles 15 -out "$here/twins" || fail=1
else
	echo "FAIL nvcc on twins.cu"; fail=1
fi
echo "== GEMM: algo.MatMul against cuBLAS (benchmarks/gemm; docs/algorithms.md)"
# The directories of the CUDA runtime and cuBLAS: the toolkit's, or the
# Python wheels' (nvidia-cublas, nvidia-cuda-runtime) where it has none.
libs=$(find /usr/local/cuda* /usr/lib/x86_64-linux-gnu /opt -name 'libcublas.so*' -o -name 'libcudart.so*' 2>/dev/null |
	xargs -r -n1 dirname | sort -u | tr '\n' ':')
echo "cuBLAS and runtime from: ${libs:-none found}"
KAGO_CUDA_LIBS="$libs" LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:-}" KAGO_CUDA_REQUIRED=1 timeout "$limit" \
	"$here/bin/gemm.test" -test.v -test.run '^$' -test.bench CUBLAS -test.benchtime 5x || fail=1
[ $fail = 0 ] && echo "gpu-check: PASS" || echo "gpu-check: FAIL"
exit $fail
RUN
chmod +x "$out/run.sh"
echo "built $out; on the GPU machine run: $out/run.sh"
