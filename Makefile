# kago: `make run` runs examples/saxpy on the best device here, `make test`
# runs every test this machine can run. Both install the Debian packages
# they need first (as root; otherwise they print the command).

GO      ?= go
GOTEST  ?= $(GO) test
# Race detector on everything; one package at a time keeps memory modest.
TESTFLAGS ?= -race -count=1 -timeout 40m

.PHONY: all deps run test test-nocgo test-sim lint check-generated fuzz bench

all: test

deps:
	@scripts/deps.sh

# go run -v names each package as it compiles it: a first build compiles
# kago and its dependencies (a minute or two), a later one nothing.
run:
	@scripts/deps.sh run
	@echo "make run: building examples/saxpy (go lists the packages it compiles; none when cached)" >&2
	$(GO) run -v ./examples/saxpy

# KAGO_NATIVE=groups: a -race build's native devices default to the debug
# mode (a goroutine per work-item), which would keep the corpus, the
# collectives and the examples from ever running their group functions
# under the race detector; backends/native runs the suite in every mode.
test: deps lint check-generated
	KAGO_NATIVE=groups $(GOTEST) $(TESTFLAGS) ./...
	@$(MAKE) --no-print-directory test-nocgo
	@$(MAKE) --no-print-directory test-sim
	@$(MAKE) --no-print-directory fuzz

# A program that imports only ka and the native backend needs no C
# toolchain: the conformance suite (ka/katest through backends/native) and
# the examples on native, built and run with CGO_ENABLED=0 (no -race, which
# needs cgo).
# -short: the repeated rounds of the conformance suite's races (CancelClose,
# CloseWhileBusy) ran in full under -race above; here they check the build.
NOCGO_PKGS = ./ka/... ./backends/native/... ./examples/histogram ./examples/matmul ./examples/mlp ./examples/reduce ./examples/saxpy ./examples/spawn ./examples/multidevice
test-nocgo:
	CGO_ENABLED=0 $(GOTEST) -short -count=1 -timeout 20m $(NOCGO_PKGS)

# The simulated CUDA driver's runs without -race: the race detector makes the
# PTX simulator ~20x slower, so under -race the suite skips its largest
# tests (katest's EventOrdering, EventTiming, CloseWhileBusy and the GPU
# tests' saxpy and 20,000 tasks); here they run, in seconds. So does the
# PTX math library's accuracy test at its full 20,000 inputs a routine
# (2,000 under -race), in its interpreter.
test-sim:
	$(GOTEST) -count=1 -timeout 10m -run 'Simulated' ./backends/cuda
	$(GOTEST) -count=1 -timeout 10m -run 'TestMathAccuracy' ./codegen/ptx

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# Generated kernel code is committed; it must match its sources.
check-generated:
	@scripts/check-generated.sh

# A bounded run of the compiler's fuzz target: kernel sources mutated at
# random must give an error or valid output, never a panic.
fuzz:
	@scripts/fuzz.sh

# The tables of benchmarks/README.md, measured on this machine (a few
# minutes); per-package microbenchmarks are `go test -bench . ./pkg`.
bench: deps
	$(GO) run ./benchmarks/cmd/kagobench
	$(GO) run ./benchmarks/cmd/kagobench -ptxcount
	$(GO) test -run '^$$' -bench . -benchtime 5x ./benchmarks/gemm
	$(GO) test -run '^$$' -bench . -benchtime 20x ./benchmarks/half
