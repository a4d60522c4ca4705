package ptxsim

import "strings"

// ptype is a PTX fundamental type: kind 'b' (bits), 'u', 's', 'f' or 'p'
// (.pred), and width in bits.
type ptype struct {
	kind byte
	bits int
}

func (t ptype) String() string {
	if t.kind == 'p' {
		return "pred"
	}
	return string(t.kind) + itoa(t.bits)
}

func itoa(n int) string {
	switch n {
	case 1:
		return "1"
	case 8:
		return "8"
	case 16:
		return "16"
	case 32:
		return "32"
	case 64:
		return "64"
	}
	return "?"
}

// parseType parses a type name without its dot ("s32").
func parseType(s string) (ptype, bool) {
	if s == "pred" {
		return ptype{'p', 1}, true
	}
	n := typeSize(s)
	if n == 0 || s == "f16" {
		return ptype{}, false
	}
	return ptype{s[0], 8 * n}, true
}

// mask returns v's low bits bits.
func mask(v uint64, bits int) uint64 {
	if bits >= 64 {
		return v
	}
	return v & (1<<uint(bits) - 1)
}

// sext sign-extends the low bits of v to 64 bits.
func sext(v uint64, bits int) int64 {
	s := uint(64 - bits)
	return int64(v<<s) >> s
}

// value reads v as a value of type t, extended to 64 bits: sign-extended
// for .s types, zero-extended otherwise.
func (t ptype) value(v uint64) uint64 {
	if t.kind == 's' {
		return uint64(sext(v, t.bits))
	}
	return mask(v, t.bits)
}

// opcode is an instruction name split at its dots: the base ("add"), the
// modifiers in order ("rn", "lo", "global", ...) and the types found among
// them, in order.
type opcode struct {
	text  string
	base  string
	mods  []string
	types []ptype
}

func splitOpcode(s string) opcode {
	parts := strings.Split(s, ".")
	op := opcode{text: s, base: parts[0]}
	for _, p := range parts[1:] {
		if t, ok := parseType(p); ok {
			op.types = append(op.types, t)
			continue
		}
		op.mods = append(op.mods, p)
	}
	return op
}

// has reports whether the opcode has modifier m.
func (o opcode) has(m string) bool {
	for _, x := range o.mods {
		if x == m {
			return true
		}
	}
	return false
}

// only reports the first modifier of o not in allowed, or "".
func (o opcode) only(allowed ...string) string {
	for _, m := range o.mods {
		ok := false
		for _, a := range allowed {
			if m == a {
				ok = true
				break
			}
		}
		if !ok {
			return m
		}
	}
	return ""
}
