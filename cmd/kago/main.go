// Command kago is kago's tool: it generates the device code of a package's
// kernels (kago gen, run by go generate) and prints a kernel's IR or device
// code for debugging.
//
// Usage:
//
//	kago gen [-bounds=false] [-targets clc,spirv,ptx] [-embed=false] [dir]  write dir/kago_kernels.go and dir/kago_kernels/ (default: .)
//	kago ir [-bounds=false] [-lean] pkg.Kernel    print the kernel's portable LLVM IR
//	kago clc [-bounds=false] [-lean] pkg.Kernel   print the kernel's OpenCL C
//	kago spirv [-bounds=false] [-lean] -o f pkg.Kernel  write the kernel's SPIR-V module
//	kago ptx [-bounds=false] [-lean] pkg.Kernel   print the kernel's PTX
//	kago devices                    list the devices of the installed backends
//
// pkg is a directory ("." or "./internal/corpus") or an import path; Kernel
// is the Go name, with type arguments for instances of generic kernels
// ("Scale[float32]").
package main

import (
	"fmt"
	"os"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "kago:", err)
		os.Exit(1)
	}
}

// commands maps each subcommand to its implementation.
var commands = map[string]func(args []string) error{
	"gen":     genCmd,
	"devices": devicesCmd,
	"ir":      func(args []string) error { return printCmd("ir", args) },
	"clc":     func(args []string) error { return printCmd("clc", args) },
	"spirv":   func(args []string) error { return printCmd("spirv", args) },
	"ptx":     func(args []string) error { return printCmd("ptx", args) },
}

func run(args []string) error {
	if len(args) == 0 {
		usage()
		return fmt.Errorf("no command")
	}
	cmd, ok := commands[args[0]]
	if !ok {
		usage()
		return fmt.Errorf("unknown command %q", args[0])
	}
	return cmd(args[1:])
}

func usage() {
	fmt.Fprint(os.Stderr, `usage:
	kago gen [-bounds=false] [-targets clc,spirv,ptx] [-embed=false] [dir]  write dir/kago_kernels.go and dir/kago_kernels/
	kago ir [-bounds=false] [-lean] pkg.Kernel    print the kernel's portable LLVM IR
	kago clc [-bounds=false] [-lean] pkg.Kernel   print the kernel's OpenCL C
	kago spirv [-bounds=false] [-lean] -o f pkg.Kernel  write the kernel's SPIR-V module
	kago ptx [-bounds=false] [-lean] pkg.Kernel   print the kernel's PTX
	kago devices                    list the devices of the installed backends
`)
}
