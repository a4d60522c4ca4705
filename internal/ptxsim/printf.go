package ptxsim

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
)

// Vprintf returns an Extern for CUDA's device-side vprintf(format, args),
// the function codegen/ptx calls for ka.Printf and print: format is the
// generic address of a NUL-terminated C format, args the generic address
// of the arguments packed one after the other, each aligned to its size
// (4 bytes for int conversions without l/ll/z/j/t, 8 for long ones, for
// doubles, %s and %p). Each call writes one formatted string to w whole,
// as the device's printf buffer keeps a call's output together, and
// returns the number of arguments.
func Vprintf(w io.Writer) Extern {
	var mu sync.Mutex
	return func(c *Call) error {
		if len(c.Args) != 2 || len(c.Args[0]) != 8 || len(c.Args[1]) != 8 {
			return fmt.Errorf("vprintf: want two pointer arguments")
		}
		format, err := cString(c, binary.LittleEndian.Uint64(c.Args[0]))
		if err != nil {
			return fmt.Errorf("vprintf: the format: %w", err)
		}
		out, n, err := cFormat(c, format, binary.LittleEndian.Uint64(c.Args[1]))
		if err != nil {
			return fmt.Errorf("vprintf %q: %w", format, err)
		}
		mu.Lock()
		_, err = io.WriteString(w, out)
		mu.Unlock()
		if len(c.Results) == 1 && len(c.Results[0]) >= 4 {
			binary.LittleEndian.PutUint32(c.Results[0], uint32(n))
		}
		return err
	}
}

// cString reads a NUL-terminated string at a generic address.
func cString(c *Call, addr uint64) (string, error) {
	var b strings.Builder
	for i := uint64(0); i < 1<<16; i++ {
		p, err := c.Bytes(addr+i, 1)
		if err != nil {
			return "", err
		}
		if p[0] == 0 {
			return b.String(), nil
		}
		b.WriteByte(p[0])
	}
	return "", fmt.Errorf("no NUL in 64 KiB")
}

// cFormat formats a C printf format with the packed arguments at args.
func cFormat(c *Call, format string, args uint64) (string, int, error) {
	var out bytes.Buffer
	off, n := uint64(0), 0
	next := func(size int) (uint64, error) {
		off = (off + uint64(size) - 1) / uint64(size) * uint64(size)
		b, err := c.Bytes(args+off, size)
		if err != nil {
			return 0, err
		}
		off += uint64(size)
		n++
		if size == 4 {
			return uint64(binary.LittleEndian.Uint32(b)), nil
		}
		return binary.LittleEndian.Uint64(b), nil
	}
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			out.WriteByte(format[i])
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0", format[j]) >= 0 {
			j++
		}
		for j < len(format) && (format[j] >= '0' && format[j] <= '9' || format[j] == '.') {
			j++
		}
		flags := format[i+1 : j]
		long := false
		for j < len(format) && strings.IndexByte("hlLqjzt", format[j]) >= 0 {
			if format[j] != 'h' {
				long = true
			}
			j++
		}
		if j >= len(format) {
			return "", n, fmt.Errorf("a conversion at the end of the format")
		}
		conv := format[j]
		i = j
		size := 4
		if long {
			size = 8
		}
		switch conv {
		case '%':
			out.WriteByte('%')
		case 'd', 'i':
			v, err := next(size)
			if err != nil {
				return "", n, err
			}
			x := int64(v)
			if size == 4 {
				x = int64(int32(v))
			}
			fmt.Fprintf(&out, "%"+flags+"d", x)
		case 'u', 'x', 'X', 'o', 'c':
			v, err := next(size)
			if err != nil {
				return "", n, err
			}
			verb := string(conv)
			if conv == 'u' {
				verb = "d"
			}
			fmt.Fprintf(&out, "%"+flags+verb, v)
		case 'f', 'F', 'e', 'E', 'g', 'G':
			v, err := next(8)
			if err != nil {
				return "", n, err
			}
			out.WriteString(cFloat(flags, conv, math.Float64frombits(v)))
		case 's':
			v, err := next(8)
			if err != nil {
				return "", n, err
			}
			s, err := cString(c, v)
			if err != nil {
				return "", n, err
			}
			fmt.Fprintf(&out, "%"+flags+"s", s)
		case 'p':
			v, err := next(8)
			if err != nil {
				return "", n, err
			}
			fmt.Fprintf(&out, "0x%x", v)
		default:
			return "", n, fmt.Errorf("unsupported conversion %%%c", conv)
		}
	}
	return out.String(), n, nil
}

// cFloat formats f as C's printf does: precision 6 unless given, inf and
// nan spelled as C spells them.
func cFloat(flags string, conv byte, f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		s := "inf"
		if math.IsNaN(f) {
			s = "nan"
		}
		if conv >= 'A' && conv <= 'Z' {
			s = strings.ToUpper(s)
		}
		switch {
		case math.Signbit(f):
			s = "-" + s
		case strings.Contains(flags, "+"):
			s = "+" + s
		}
		return s
	}
	if !strings.Contains(flags, ".") {
		flags += ".6"
	}
	if conv == 'F' {
		conv = 'f'
	}
	return fmt.Sprintf("%"+flags+string(conv), f)
}
