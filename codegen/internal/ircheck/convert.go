package ircheck

// This file checks the conversions of docs/ir.md: integer truncation and
// extension to a narrower or wider integer, float narrowing and widening,
// float to integer (never to i1) and integer to float, and bitcast between
// an integer and a float of one width or between pointers to scalars in
// one address space.

import (
	"github.com/kago-dev/kago/codegen/internal/emitutil"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// checkConversion checks trunc zext sext fptrunc fpext fptoui fptosi uitofp
// sitofp bitcast.
func (c *checker) checkConversion(inst ir.Instruction) {
	from, to := emitutil.ConversionOperands(inst.(value.Value))
	ft := from.Type()
	fi, ti := emitutil.IntBits(ft), emitutil.IntBits(to)
	ff, tf := emitutil.FloatBits(ft), emitutil.FloatBits(to)
	var ok bool
	switch inst.(type) {
	case *ir.InstTrunc:
		ok = fi != 0 && ti != 0 && ti < fi
	case *ir.InstZExt, *ir.InstSExt:
		ok = fi != 0 && ti != 0 && ti > fi
	case *ir.InstFPTrunc:
		ok = ff == 64 && tf == 32
	case *ir.InstFPExt:
		ok = ff == 32 && tf == 64
	case *ir.InstFPToUI, *ir.InstFPToSI:
		ok = ff != 0 && ti > 1
	case *ir.InstUIToFP, *ir.InstSIToFP:
		ok = fi != 0 && tf != 0
	case *ir.InstBitCast:
		ok = (fi != 0 && fi == tf) || (ff != 0 && ff == ti) || pointerCast(ft, to)
	}
	if !ok || !isScalar(ft) && !emitutil.IsPointer(ft) {
		c.badf("%s from %s to %s is not a conversion of docs/ir.md", opcodeName(inst), ft.LLString(), to.LLString())
	}
}

// pointerCast reports whether a bitcast from a to b views memory of one
// address space as another scalar type.
func pointerCast(a, b types.Type) bool {
	pa, ok1 := a.(*types.PointerType)
	pb, ok2 := b.(*types.PointerType)
	return ok1 && ok2 && pa.AddrSpace == pb.AddrSpace &&
		memScalar(pa.ElemType, pa.AddrSpace) && memScalar(pb.ElemType, pb.AddrSpace)
}
