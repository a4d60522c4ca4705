package ircheck

// Opcodes are the instructions and terminators of docs/ir.md, as LLVM
// spells them (a conditional branch is br too); Check accepts no other.
// The completeness test (emittest.Dialect) makes a module of each that
// Check accepts, in every form the dialect allows, for every emitter and
// the PTX simulator to handle; an opcode added here without a form there
// fails it.
var Opcodes = []string{
	"add", "sub", "mul", "sdiv", "udiv", "srem", "urem", "shl", "lshr", "ashr", "and", "or", "xor",
	"fadd", "fsub", "fmul", "fdiv", "frem", "fneg",
	"icmp", "fcmp", "select",
	"trunc", "zext", "sext", "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "bitcast",
	"alloca", "load", "store", "getelementptr",
	"atomicrmw", "cmpxchg", "extractvalue",
	"phi", "call",
	"br", "ret", "unreachable",
}
