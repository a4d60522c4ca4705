// Package kgen is the kernel registry: what the code that kago gen writes
// calls, what the JIT plugs into and what ka.NewKernel asks.
//
// Generated code registers each plain kernel's driver.KernelSpec with
// RegisterKernel and each generic kernel as a Generic with RegisterGeneric
// (whose instances' specs are made at their first use), reads its
// embedded device code with ReadCodeFile and binds the arguments of
// generic kernels' typed launchers with ArgValue; the JIT installs a
// Compiler with SetCompiler; package ka finds a kernel's spec with
// LookupKernel.
//
// Users never import it, and backends need not: a backend reads the
// driver.KernelSpec that ka hands it. kgen imports ka/driver, whose
// KernelSpec it stores, and package ka imports kgen, so kgen recognises a
// kernel's ka.Item first parameter by package path and name.
package kgen
