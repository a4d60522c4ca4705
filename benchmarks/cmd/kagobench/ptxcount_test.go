package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The -ptxcount machinery on saxpy at a size small enough for the race
// detector: every column it has counts a positive number of instructions,
// warp and thread, and the outputs of optllc and twin have kago's bits.
// optllc and twin are skipped, with the reason, where the LLVM tools are
// not installed.
func TestPTXCountSaxpy(t *testing.T) {
	rows, pc, err := ptxcountRows(twinSizes{vec: 1 << 12, transpose: 16, matmul: 16, tiledMatmul: 16, stencil: 32}, "saxpy")
	require.NoError(t, err)
	require.Len(t, rows, 1)
	r := rows[0]
	require.Equal(t, "saxpy", r.token())
	t.Logf("%s (ran: %s)", strings.TrimSpace(ptxcountLines(rows)), r.ran)
	require.True(t, r.ok[colKago])
	require.Positive(t, r.count[colKago].thread)
	require.Positive(t, r.count[colKago].warp)
	// 2^12 work-items in warps of 32: at least one instruction each.
	require.GreaterOrEqual(t, r.count[colKago].thread, uint64(1<<12))
	require.GreaterOrEqual(t, r.count[colKago].warp, uint64(1<<12/32))
	for _, col := range []int{colOptLLC, colTwin} {
		t.Run(colNames[col], func(t *testing.T) {
			if pc.why[col] != "" {
				t.Skip(pc.why[col])
			}
			require.True(t, r.ok[col])
			require.Positive(t, r.count[col].thread)
			require.Positive(t, r.count[col].warp)
			require.True(t, r.same[col], "%s's output has other bits than kago's", colNames[col])
		})
	}
	require.NotContains(t, ptxcountMarkdown(rows, pc, ptxcountSizes, 0), "**no**")
}

// selectCases takes -twins' names and the lines' tokens, and refuses an
// unknown kernel.
func TestPTXCountSelect(t *testing.T) {
	cs := []twinCase{{name: "saxpy"}, {name: "tiled matmul"}, {name: "3-D stencil"}}
	got, err := selectCases(cs, "tiled-matmul,saxpy,3-D stencil")
	require.NoError(t, err)
	require.Equal(t, []string{"tiled matmul", "saxpy", "3-D stencil"}, []string{got[0].name, got[1].name, got[2].name})
	_, err = selectCases(cs, "gemm")
	require.ErrorContains(t, err, `no kernel "gemm"`)
}

// toNVVM rewrites the work-item queries, the barrier, the calling
// convention and the declarations as tonvvm.py does, and refuses a ka.*
// call it has no form for.
func TestToNVVM(t *testing.T) {
	src := `define spir_kernel void @K(i64 %ka.gsize0, i64 %ka.gsize1, i64 %ka.gsize2) {
entry:
	%0 = call i64 @ka.global_id(i32 0)
	%1 = call i64 @ka.local_id(i32 1)
	%2 = call i64 @ka.global_size(i32 2)
	call void @ka.barrier()
	ret void
}

declare i64 @ka.global_id(i32 %0)

declare void @ka.barrier()
`
	got, err := toNVVM(src)
	require.NoError(t, err)
	for _, want := range []string{
		`target triple = "nvptx64-nvidia-cuda"`,
		"define ptx_kernel void @K(",
		"%t_0_ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()",
		"%0 = add nuw i64 %t_0_m, %t_0_tid64",
		"%t_1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()",
		"%1 = zext i32 %t_1 to i64",
		"%2 = add i64 %ka.gsize2, 0",
		"call void @llvm.nvvm.barrier0()",
		"declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()",
	} {
		require.Contains(t, got, want)
	}
	require.NotContains(t, got, "@ka.")
	require.NotContains(t, got, "spir_kernel")

	_, err = toNVVM("\t%3 = call i64 @ka.subgroup_id(i32 0)\n")
	require.ErrorContains(t, err, "unknown work-item query ka.subgroup_id")
	_, err = toNVVM("\tcall void @ka.fault(i32 1)\n")
	require.ErrorContains(t, err, "no NVVM form for @ka.fault(")
}
