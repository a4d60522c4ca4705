package golden

import "github.com/kago-dev/kago/ka"

// Subgroups: the subgroup queries and exchanges, at several widths (an
// 8-bit and a 64-bit shuffle, a float shuffle by xor, a float tree sum,
// integer and float min and max, a ballot).
//
//ka:kernel
func Subgroups(it ka.Item, b []int8, u []uint64, f []float32, d []float64, m []uint32) {
	i := it.Global()
	var bv int8
	var uv uint64
	var fv float32
	var dv float64
	if i < len(b) {
		bv, uv, fv, dv = b[i], u[i], f[i], d[i]
	}
	lane := it.SubgroupLocalID()
	bv = ka.SubgroupShuffle(it, bv, it.SubgroupSize()-1-lane)
	uv = ka.SubgroupShuffleXor(it, uv, 2)
	fv = ka.SubgroupSum(it, fv)
	dv = ka.SubgroupMax(it, ka.SubgroupShuffleXor(it, dv, 1))
	lo := ka.SubgroupMin(it, int32(bv))
	mask := ka.SubgroupBallot(it, bv > 0)
	if i < len(b) {
		b[i], u[i], f[i], d[i] = bv, uv, fv, dv
		m[i] = mask + uint32(lo) + uint32(it.SubgroupID())
	}
}
