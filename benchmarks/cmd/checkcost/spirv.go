package main

// The SPIR-V route on PoCL, as the tests run it (internal/spirvpocl):
// PoCL 3.1 takes no IL, so "pocl-spirv" is PoCL's device loading each
// kernel from the SPIR-V that kago gen wrote, turned back into SPIR
// bitcode by llvm-spirv-15 -r and optimized by clang-15 -O1 before PoCL
// builds it, as a driver that takes SPIR-V optimizes it before its own
// passes (the OpenCL C route is optimized by PoCL's own clang). Without
// llvm-spirv-15 or clang-15 its first kernel fails to load, saying which.

import (
	"github.com/kago-dev/kago/internal/spirvpocl"
	"github.com/kago-dev/kago/ka"
)

func init() { ka.Register("pocl-spirv", spirvpocl.Backend{Optimize: true}) }
