package spirv

// This file encodes SPIR-V instructions into words (specification section
// 2.3 "Physical Layout of a SPIR-V Module and Instruction").

// section is a run of encoded instructions. A module is the concatenation of
// its sections in the order of the specification's logical layout (2.4).
type section []uint32

// op appends one instruction: the word count and opcode, then the operands.
func (s *section) op(opcode uint32, operands ...uint32) {
	*s = append(*s, uint32(len(operands)+1)<<16|opcode)
	*s = append(*s, operands...)
}

// stringWords encodes a literal string: UTF-8 bytes, NUL-terminated, padded
// with NULs to a whole word, little-endian within each word.
func stringWords(str string) []uint32 {
	b := append([]byte(str), 0)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24
	}
	return w
}

// cat returns a followed by b's elements, in a fresh slice.
func cat(a []uint32, b ...uint32) []uint32 {
	out := make([]uint32, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}
