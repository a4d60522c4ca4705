package main

// This file implements kago ir|clc|spirv|ptx: compile one kernel and print
// its IR or device code.

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
)

// printTargets maps the printing commands to their targets.
var printTargets = map[string]driver.Target{"clc": driver.OpenCLC, "spirv": driver.SPIRV, "ptx": driver.PTX}

func printCmd(name string, args []string) error {
	fs := flag.NewFlagSet("kago "+name, flag.ContinueOnError)
	bounds := fs.Bool("bounds", true, "Go's index, slice and division checks; -bounds=false compiles the kernel as if marked //ka:nocheck")
	out := fs.String("o", "", "write to this file instead of standard output")
	lean := fs.Bool("lean", false, "the kernel's lean variant (the code a launch runs when its facts hold; docs/kernel-language.md), with its facts as a comment on standard error")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("usage: kago %s [-bounds] [-lean] [-o file] pkg.Kernel", name)
	}
	pkg, kernel, err := splitKernel(fs.Arg(0))
	if err != nil {
		return err
	}
	cfg := codegen.Config{NoChecks: !*bounds}
	if strings.Contains(kernel, "[") {
		cfg.Instances = []string{kernel}
	}
	p, err := codegen.Load(cfg, pkg)
	if err != nil {
		return err
	}
	k, err := p.CompileKernel(kernel)
	if err != nil {
		return err
	}
	if *lean {
		if k.Lean == nil {
			return fmt.Errorf("%s has no lean variant: no check for a launch to decide, no dimension to assume away", kernel)
		}
		k = k.Lean
		fmt.Fprintf(os.Stderr, "; facts: %s\n", strings.Join(k.Facts, " "))
	}
	var text []byte
	if name == "ir" {
		text = []byte(k.Module.String())
	} else {
		text, err = codegen.Emit(k, printTargets[name])
		if err != nil {
			return err
		}
	}
	if *out != "" {
		return os.WriteFile(*out, text, 0o644)
	}
	_, err = os.Stdout.Write(text)
	return err
}

// splitKernel splits "pkg.Kernel" (pkg a directory or import path, Kernel
// possibly with type arguments) at the last dot before any '['.
func splitKernel(s string) (pkg, kernel string, err error) {
	head := s
	if i := strings.IndexByte(s, '['); i >= 0 {
		head = s[:i]
	}
	dot := strings.LastIndexByte(head, '.')
	slash := strings.LastIndexByte(head, '/')
	if dot < 0 || dot < slash || dot == len(head)-1 {
		return "", "", fmt.Errorf("%q: want pkg.Kernel, like ./mypkg.Saxpy or .Saxpy", s)
	}
	pkg, kernel = s[:dot], s[dot+1:]
	if pkg == "" {
		pkg = "."
	}
	return pkg, kernel, nil
}
