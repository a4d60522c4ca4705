package ptx

import (
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kago-dev/kago/internal/ptxsim"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSubgroupsOnSimulator runs the PTX of the shared input subgroups.ll
// on internal/ptxsim, which executes shfl.sync and vote.sync as warp
// exchanges and faults where a GPU's result is undefined (a membermask
// naming a lane that cannot arrive, a thread outside its own). Blocks of
// 32, 64, 40 and 45 threads: full warps, two warps, and a partial last warp
// of 8 and of 13 (whose last lane has no xor-1 neighbour), with a
// membermask of its lanes. The results are checked against the kernel's Go
// source (subgroups.ll's comment) computed here. Where llc is installed,
// its PTX of the same IR (subgroupNVVM: a full membermask, the queries as
// functions provided here) must give the same results.
func TestSubgroupsOnSimulator(t *testing.T) {
	path := "../testdata/ir/subgroups.ll"
	src, err := Emit(parse(t, path), Options{})
	require.NoError(t, err)
	t.Run("kago", func(t *testing.T) { runSubgroups(t, string(src)) })
	t.Run("llc", func(t *testing.T) {
		llc, err := exec.LookPath("llc")
		if err != nil {
			t.Skip("llc not found")
		}
		ir, err := os.ReadFile(path)
		require.NoError(t, err)
		dir := t.TempDir()
		in, out := filepath.Join(dir, "k.ll"), filepath.Join(dir, "k.ptx")
		require.NoError(t, os.WriteFile(in, []byte(llcModule(string(ir))), 0o644))
		msg, err := exec.Command(llc, "-march=nvptx64", "-mcpu=sm_80", "-o", out, in).CombinedOutput()
		require.NoError(t, err, "llc: %s", msg)
		ref, err := os.ReadFile(out)
		require.NoError(t, err)
		require.Contains(t, string(ref), "shfl.sync.idx.b32")
		runSubgroups(t, string(ref))
	})
}

// subgroupExterns are the intrinsics that llc's PTX calls as functions.
var subgroupExterns = map[string]ptxsim.Extern{
	"ka_global_id": func(c *ptxsim.Call) error {
		d := binary.LittleEndian.Uint32(c.Args[0]) % 3
		binary.LittleEndian.PutUint64(c.Results[0], uint64(c.Ctaid[d])*uint64(c.Ntid[d])+uint64(c.Tid[d]))
		return nil
	},
	"ka_subgroup_size": func(c *ptxsim.Call) error {
		n, first := int(c.Ntid[0]*c.Ntid[1]*c.Ntid[2]), linear(c)&^31
		binary.LittleEndian.PutUint64(c.Results[0], uint64(min(32, n-first)))
		return nil
	},
	"ka_subgroup_id": func(c *ptxsim.Call) error {
		binary.LittleEndian.PutUint64(c.Results[0], uint64(linear(c)/32))
		return nil
	},
	"ka_subgroup_local_id": func(c *ptxsim.Call) error {
		binary.LittleEndian.PutUint64(c.Results[0], uint64(linear(c)%32))
		return nil
	},
}

func linear(c *ptxsim.Call) int {
	return int(c.Tid[0] + c.Ntid[0]*(c.Tid[1]+c.Ntid[1]*c.Tid[2]))
}

// runSubgroups runs the PTX of subgroups.ll and checks its results.
func runSubgroups(t *testing.T, src string) {
	m, err := ptxsim.Parse(src)
	require.NoError(t, err)
	k := m.Kernel("Subgroups")
	require.NotNil(t, k)
	for _, block := range []int{32, 64, 40, 45} {
		t.Run(fmt.Sprint(block), func(t *testing.T) {
			const groups = 3
			n := groups * block
			nx := n - block/2 - 1 // the last items read 0
			x := make([]int32, nx)
			for i := range x {
				x[i] = int32(i%7) - 3 + int32(i/5) // signs and zeros
			}
			mem := ptxsim.NewMemory(0)
			xp, _ := mem.Alloc(4 * nx)
			b, _ := mem.Bytes(xp, 4*nx)
			for i, v := range x {
				binary.LittleEndian.PutUint32(b[4*i:], uint32(v))
			}
			outp, _ := mem.Alloc(4 * n)
			maskp, _ := mem.Alloc(4 * n)
			params, err := k.ParamBuffer([]uint64{xp, uint64(nx), outp, uint64(n), maskp, uint64(n), uint64(n), 1, 1})
			require.NoError(t, err)
			require.NoError(t, k.Run(ptxsim.Launch{Grid: [3]uint32{groups, 1, 1}, Block: [3]uint32{uint32(block), 1, 1}, Params: params, Mem: mem, Externs: subgroupExterns}))
			outb, _ := mem.Bytes(outp, 4*n)
			maskb, _ := mem.Bytes(maskp, 4*n)

			val := func(i int) int32 {
				if i < nx {
					return x[i]
				}
				return 0
			}
			for i := 0; i < n; i++ {
				lin := i % block
				first := lin &^ 31
				size := min(32, block-first)
				lane := lin - first
				srcLane := lane ^ 1
				if srcLane >= size {
					srcLane = lane
				}
				var ballot uint32
				for l := 0; l < size; l++ {
					if val(i-lane+l) > 0 {
						ballot |= 1 << l
					}
				}
				want := val(i-lane+srcLane) + int32(lin/32*size)
				assert.Equal(t, want, int32(binary.LittleEndian.Uint32(outb[4*i:])), "out[%d]", i)
				assert.Equal(t, ballot, binary.LittleEndian.Uint32(maskb[4*i:]), "mask[%d]", i)
			}
		})
	}
}
