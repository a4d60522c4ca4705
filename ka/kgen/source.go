package kgen

// This file is the staleness check of generated code: kago gen records,
// for each kernel, the names of the declarations of its package that the
// kernel's code follows from (the kernel, its helpers, types, constants,
// variables and methods, transitively) and a hash of their tokens; the
// generated file embeds the source files that hold them. At NewKernel the
// hash is computed again from the embedded files. A kernel whose source
// changed after go generate would otherwise run its old code silently —
// on native too, where the group function is a copy of the kernel's body.
//
// The hash is of tokens (go/scanner, comments skipped), so comments and
// formatting do not count; go/scanner rather than go/parser keeps the cost
// in every program's binary at tens of kilobytes. A declaration is found by
// its top-level keyword: func Name, func (recv T) Name (named "T.Name"),
// type, const and var, alone or in a group; a grouped const or var counts
// as its whole group (an implicit repetition depends on the lines above).

import (
	"encoding/hex"
	"fmt"
	"go/scanner"
	"go/token"
	"hash/fnv"
	"io/fs"
	"os"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/kago-dev/kago/ka/driver"
)

// DeclTokens returns the tokens of each top-level declaration of the Go
// source src, by name ("F", "T.M", "T", "C"), one string per declaration.
func DeclTokens(src []byte) map[string]string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	type tok struct {
		t   token.Token
		lit string
	}
	var toks []tok
	for {
		_, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, tok{t, lit})
	}
	// text is the tokens' canonical form: one per line, without the
	// semicolons Go lets a closing ')' or '}' stand for, so that a block
	// on one line and the same block on several are the same.
	text := func(ts []tok) string {
		var b strings.Builder
		for i, t := range ts {
			if t.t == token.SEMICOLON && i+1 < len(ts) && (ts[i+1].t == token.RBRACE || ts[i+1].t == token.RPAREN) {
				continue
			}
			b.WriteString(t.t.String())
			if t.lit != "" && t.t != token.SEMICOLON {
				b.WriteString(" " + t.lit)
			}
			b.WriteByte('\n')
		}
		return b.String()
	}
	out := map[string]string{}
	// end returns the index after the declaration or spec starting at i:
	// its ';' at the depth it started, or the close of the group at depth
	// 0 for a spec in a group.
	end := func(i, depth int) int {
		d := depth
		for ; i < len(toks); i++ {
			switch toks[i].t {
			case token.LPAREN, token.LBRACK, token.LBRACE:
				d++
			case token.RPAREN, token.RBRACK, token.RBRACE:
				d--
				if d < depth {
					return i
				}
			case token.SEMICOLON:
				if d == depth {
					return i + 1
				}
			}
		}
		return i
	}
	for i := 0; i < len(toks); {
		switch toks[i].t {
		case token.FUNC:
			j := end(i, 0)
			name, k := "", i+1
			if k < len(toks) && toks[k].t == token.LPAREN { // the receiver's base type: its last name outside brackets
				recv, d := "", 0
				for k++; k < len(toks) && !(toks[k].t == token.RPAREN && d == 0); k++ {
					switch toks[k].t {
					case token.LBRACK, token.LPAREN:
						d++
					case token.RBRACK, token.RPAREN:
						d--
					case token.IDENT:
						if d == 0 {
							recv = toks[k].lit
						}
					}
				}
				k++
				if k < len(toks) {
					name = recv + "." + toks[k].lit
				}
			} else if k < len(toks) {
				name = toks[k].lit
			}
			out[name] = text(toks[i:j])
			i = j
		case token.TYPE, token.CONST, token.VAR:
			kw := toks[i].t
			// names are the names a spec starting at k declares: a type's
			// one, or a const or var spec's list before its type or value.
			names := func(k, end int) []string {
				var ns []string
				for ; k < end && toks[k].t == token.IDENT; k += 2 {
					ns = append(ns, toks[k].lit)
					if kw == token.TYPE || k+1 >= end || toks[k+1].t != token.COMMA {
						break
					}
				}
				return ns
			}
			if i+1 >= len(toks) || toks[i+1].t != token.LPAREN {
				j := end(i, 0)
				for _, n := range names(i+1, j) {
					out[n] = text(toks[i:j])
				}
				i = j
				continue
			}
			// A group: its specs at depth 1 up to its ')'.
			var specs [][2]int
			k := i + 2
			for k < len(toks) && toks[k].t != token.RPAREN {
				s := end(k, 1)
				specs = append(specs, [2]int{k, s})
				k = s
			}
			j := end(k, 0)
			group := text(toks[i:j])
			for _, sp := range specs {
				for _, n := range names(sp[0], sp[1]) {
					if kw == token.TYPE {
						out[n] = text(append([]tok{{token.TYPE, ""}}, toks[sp[0]:sp[1]]...))
					} else {
						out[n] = group
					}
				}
			}
			i = j
		default:
			i++
		}
	}
	return out
}

// AllDecls merges the DeclTokens of the Go source files files, by name.
func AllDecls(files map[string][]byte) map[string]string {
	decls := map[string]string{}
	keys := make([]string, 0, len(files))
	for k := range files {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		for n, t := range DeclTokens(files[k]) {
			decls[n] = t
		}
	}
	return decls
}

// HashDecls is the hash of the declarations names of decls (AllDecls)
// that a kernel's code follows from: the hex FNV-1a 128-bit hash of each
// name and its tokens, in the order of names (a check against edits, not
// an adversary: FNV keeps crypto out of every program). missing are the
// names decls lacks.
func HashDecls(decls map[string]string, names []string) (hash string, missing []string) {
	h := fnv.New128a()
	for _, n := range names {
		t, ok := decls[n]
		if !ok {
			missing = append(missing, n)
		}
		fmt.Fprintf(h, "%s\x00%s\x00", n, t)
	}
	return hex.EncodeToString(h.Sum(nil)), missing
}

// staleness caches CheckSource's result per spec's Source, and
// sourceDecls the declarations of each embedded file system, which the
// kernels of a package share.
var staleness, sourceDecls sync.Map // *driver.Source -> error; fs.FS -> map[string]string

// CheckSource reports whether spec's generated code was generated from
// the source the program was built with: nil when it was, or when spec
// records no source (the JIT's, reflection's); else an error that names
// the kernel and the declarations that changed and says to run go
// generate. KAGO_STALE=ok makes stale code run anyway.
func CheckSource(spec *driver.KernelSpec) error {
	src := spec.Source
	if src == nil || src.Files == nil || os.Getenv("KAGO_STALE") == "ok" {
		return nil
	}
	if v, ok := staleness.Load(src); ok {
		err, _ := v.(error)
		return err
	}
	err := checkSource(spec.Name, src)
	staleness.Store(src, err)
	return err
}

func checkSource(kernel string, src *driver.Source) error {
	decls, err := declsOf(src.Files)
	if err != nil {
		return fmt.Errorf("kernel %s: reading its embedded source: %v: %w", kernel, err, driver.ErrInvalid)
	}
	hash, missing := HashDecls(decls, src.Names)
	if hash == src.Hash {
		return nil
	}
	what := "its source (" + strings.Join(src.Names, ", ") + ")"
	if len(missing) > 0 {
		what = strings.Join(missing, ", ") + ", which the source no longer declares"
	}
	return fmt.Errorf("kernel %s: its generated code is stale: %s changed since go generate; run go generate (KAGO_STALE=ok runs the stale code): %w", kernel, what, driver.ErrInvalid)
}

// declsOf returns the declarations of the Go files of fsys, read once per
// file system.
func declsOf(fsys fs.FS) (map[string]string, error) {
	cache := reflect.TypeOf(fsys).Comparable() // embed.FS is; a map file system is not
	if !cache {
		return readDecls(fsys)
	}
	if v, ok := sourceDecls.Load(fsys); ok {
		return v.(map[string]string), nil
	}
	decls, err := readDecls(fsys)
	if err == nil {
		sourceDecls.Store(fsys, decls)
	}
	return decls, err
}

// readDecls reads the declarations of the Go files of fsys.
func readDecls(fsys fs.FS) (map[string]string, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := fs.ReadFile(fsys, path)
		files[path] = b
		return err
	})
	if err != nil {
		return nil, err
	}
	return AllDecls(files), nil
}
