package ptx

import "github.com/llir/llvm/ir/value"

func (fe *funcEmitter) emitFRem(inst value.Named, x, y value.Value, c regClass) {
	fe.errorf("frem: not implemented yet")
}
