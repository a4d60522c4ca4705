package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	_ "github.com/kago-dev/kago/backends/cuda"
	_ "github.com/kago-dev/kago/backends/native"
	_ "github.com/kago-dev/kago/backends/opencl"
	_ "github.com/kago-dev/kago/backends/pocl"
	"github.com/kago-dev/kago/ka"
	"github.com/kago-dev/kago/ka/driver"
)

// devicesCmd implements `kago devices`: every registered backend, its
// devices and their capabilities, and for a backend that cannot be used
// here, why and what to install. It takes no arguments.
func devicesCmd(args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("kago devices takes no arguments, got %q", strings.Join(args, " "))
	}
	return listDevices(os.Stdout)
}

func listDevices(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	for _, name := range ka.Backends() {
		infos, err := ka.Probe(name)
		if err != nil {
			fmt.Fprintf(tw, "%s: unavailable: %v\n\n", name, err)
			continue
		}
		fmt.Fprintf(tw, "%s: %d device(s)\n", name, len(infos))
		for i, info := range infos {
			c := info.Capabilities
			fmt.Fprintf(tw, "  %s:%d\t%s (%s, %s)\n", name, i, info.Name, info.Kind, info.Vendor)
			fmt.Fprintf(tw, "\tcompute units\t%d\n", c.ComputeUnits)
			fmt.Fprintf(tw, "\tmax group size\t%d %v\n", c.MaxGroupSize, c.MaxGroupDims)
			fmt.Fprintf(tw, "\tlocal memory\t%d bytes\n", c.LocalMemBytes)
			fmt.Fprintf(tw, "\tglobal memory\t%d MiB\n", c.GlobalMemBytes>>20)
			fmt.Fprintf(tw, "\tfloat64\t%v\n", c.Features.Has(driver.FP64))
			fmt.Fprintf(tw, "\t64-bit atomics\t%v\n", c.Features.Has(driver.Int64Atomics))
			fmt.Fprintf(tw, "\tpriorities\t%v\n", c.Priorities)
			fmt.Fprintf(tw, "\tcode\t%s\n", targets(c.Targets))
			if len(c.ILVersions) > 0 {
				fmt.Fprintf(tw, "\tIL versions\t%s\n", strings.Join(c.ILVersions, " "))
			}
			for _, n := range c.Notes {
				fmt.Fprintf(tw, "\tnote\t%s\n", n)
			}
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

func targets(ts []driver.Target) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.String()
	}
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}
