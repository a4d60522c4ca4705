package kgen

// This file defines the code files that kago gen writes into a package's
// kago_kernels/ directory: one per kernel and target (Saxpy.ptx,
// Scale.cl), holding the device code of each of the kernel's entries. A
// generic kernel has one entry per distinct device program of its
// instances, so instances that compile alike share their code. Each entry
// is a section: a header line
//
//	//kago:code ENTRY LENGTH [COMMENT]
//
// then LENGTH bytes of code and a newline. OpenCL C and PTX stay text that
// a diff can review (the header is a comment in both); SPIR-V stays
// binary, which the length allows.

import (
	"bytes"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// codeHeader starts a section's header line.
const codeHeader = "//kago:code "

// CodeSection is one entry's code in a code file.
type CodeSection struct {
	Entry string // the entry, without spaces
	Code  []byte
	// Comment follows the header on its line (kago gen names the instances
	// whose code it is); it has no newline.
	Comment string
}

// FormatCodeFile returns the code file of sections, in their order.
func FormatCodeFile(sections []CodeSection) []byte {
	var b bytes.Buffer
	for _, s := range sections {
		b.WriteString(codeHeader + s.Entry + " " + strconv.Itoa(len(s.Code)))
		if s.Comment != "" {
			b.WriteString(" " + s.Comment)
		}
		b.WriteByte('\n')
		b.Write(s.Code)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// ParseCodeFile returns the sections of the code file data.
func ParseCodeFile(data []byte) ([]CodeSection, error) {
	var out []CodeSection
	for len(data) > 0 {
		line, rest, ok := bytes.Cut(data, []byte("\n"))
		head, isHeader := strings.CutPrefix(string(line), codeHeader)
		fields := strings.SplitN(head, " ", 3)
		if !ok || !isHeader || len(fields) < 2 {
			return nil, fmt.Errorf("malformed code file: %q is no %q header", firstBytes(line), codeHeader)
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil || n < 0 || n >= len(rest) || rest[n] != '\n' {
			return nil, fmt.Errorf("malformed code file: entry %s: length %q does not fit the file", fields[0], fields[1])
		}
		s := CodeSection{Entry: fields[0], Code: rest[:n:n]}
		if len(fields) == 3 {
			s.Comment = fields[2]
		}
		out = append(out, s)
		data = rest[n+1:]
	}
	return out, nil
}

// ReadCodeFile returns the code of entry from the code file name in fsys
// (generated code's embedded files). A file that does not exist, or that
// has no section for entry, is an error wrapping fs.ErrNotExist, which
// driver.OpenCLCOf, SPIRVOf and PTXOf report as no code for the target.
func ReadCodeFile(fsys fs.FS, name, entry string) ([]byte, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	sections, err := ParseCodeFile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, s := range sections {
		if s.Entry == entry {
			return bytes.Clone(s.Code), nil
		}
	}
	return nil, fmt.Errorf("%s has no code for entry %s: %w", name, entry, fs.ErrNotExist)
}

// firstBytes is the start of b, for messages.
func firstBytes(b []byte) []byte {
	if len(b) > 40 {
		return b[:40]
	}
	return b
}
