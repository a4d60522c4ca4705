// Package jit compiles kernels from their Go source at first use, so that a
// program runs without a go generate step. A blank import installs it:
//
//	import _ "github.com/kago-dev/kago/jit"
//
// ka.NewKernel then asks it for any kernel that has no generated code. It
// needs the go command and the kernel's package source at run time: it
// finds the package from the kernel's symbol name, loads it from the
// current directory's module with go/packages, compiles the kernel (or the
// instance of a generic kernel that the function's type names) and emits
// code for every target. Results are cached on disk under
// os.UserCacheDir()/kago/jit, keyed by a hash of the package's Go files,
// the kernel and the kago version (Version and the kago module's version in
// the program's build information), so a second run skips the compiler.
//
// The spec it returns has no Native function: the native backend binds
// arguments by reflection instead (kago gen's typed entry avoids that).
package jit

import (
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"
	"sync"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
	"golang.org/x/tools/go/packages"
)

// Version is part of every cache key. With it goes the kago module's own
// version and checksum as the program's build records them (see
// compilerID), so a program built against another release of kago never
// reuses code an older compiler made. A development build of kago itself
// has no module version: whoever changes the compiler's output there bumps
// Version (or removes the cache directory).
const Version = "kago-jit-3"

// compilerID identifies the kago code this program was built with: the
// module version and sum of github.com/kago-dev/kago (or what replaces it),
// empty where the build records none.
var compilerID = sync.OnceValue(func() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	mod := &info.Main
	for _, d := range info.Deps {
		if d.Path == "github.com/kago-dev/kago" {
			mod = d
		}
	}
	if mod.Replace != nil {
		mod = mod.Replace
	}
	return mod.Path + "@" + mod.Version + " " + mod.Sum
})

func init() {
	kgen.SetCompiler(&Compiler{})
	// The cache stores specs with gob; their Code is a driver.CodeMap.
	gob.Register(driver.CodeMap{})
}

// Compiler is the kgen.Compiler the package installs. Its zero value uses
// the current directory and the user cache directory.
type Compiler struct {
	// Dir is where packages are resolved ("" = current directory).
	Dir string
	// CacheDir overrides the cache location ("" = UserCacheDir/kago/jit;
	// "off" disables the cache).
	CacheDir string

	mu sync.Mutex // one compilation at a time: each loads packages
}

// Compile implements kgen.Compiler.
func (c *Compiler) Compile(fn any, name string, typ reflect.Type) (*driver.KernelSpec, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	pkgPath, kernel, err := splitSymbol(name)
	if err != nil {
		return nil, err
	}
	dir, files, err := c.findPackage(pkgPath)
	if err != nil {
		return nil, err
	}
	generic := strings.HasSuffix(kernel, "[...]")
	base := strings.TrimSuffix(kernel, "[...]")
	key, err := cacheKey(files, base, typ)
	if err != nil {
		return nil, err
	}
	if spec := c.load(key); spec != nil {
		return spec, nil
	}
	cfg := codegen.Config{Dir: dir}
	instance := base
	if generic {
		// The instance's type arguments are not in the symbol name: infer
		// them from the parameter types of typ.
		args, err := typeArgs(dir, base, typ)
		if err != nil {
			return nil, err
		}
		instance = base + "[" + strings.Join(args, ", ") + "]"
		cfg.Instances = []string{instance}
	}
	p, err := codegen.Load(cfg, ".")
	if err != nil {
		return nil, err
	}
	k, err := p.CompileKernel(instance)
	if err != nil {
		return nil, err
	}
	// Unlike kago gen, a target whose emitter fails is left out, as long
	// as one succeeds: the device at hand needs only one.
	// The code stays in memory, a driver.CodeMap: a backend reads only
	// its own targets' code from it, as from kago gen's embedded files.
	var spec *driver.KernelSpec
	var errs []error
	code, lean := driver.CodeMap{}, driver.CodeMap{}
	var exact *driver.Exact // the lean variant's exact copy, from the PTX target's spec
	for _, t := range codegen.Targets() {
		s, err := k.Spec(t)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		code[t] = s.Code.(driver.CodeMap)[t]
		if s.Lean != nil {
			lean[t] = s.Lean.Code.(driver.CodeMap)[t]
			if s.Lean.Exact != nil {
				exact = s.Lean.Exact
			}
		}
		if spec == nil {
			spec = s
			spec.Code = code
			if spec.Lean != nil {
				spec.Lean.Code = lean
			}
		}
	}
	if spec == nil {
		return nil, fmt.Errorf("jit: no target could take kernel %s: %w", k.Name, errors.Join(errs...))
	}
	if spec.Lean != nil {
		spec.Lean.Exact = exact
	}
	c.store(key, spec)
	return spec, nil
}

// splitSymbol splits "example.com/m/pkg.Kernel" (or ".Kernel[...]").
func splitSymbol(name string) (pkg, kernel string, err error) {
	head := name
	if i := strings.IndexByte(name, '['); i >= 0 {
		head = name[:i]
	}
	slash := strings.LastIndexByte(head, '/')
	dot := strings.IndexByte(head[slash+1:], '.')
	if dot < 0 {
		return "", "", fmt.Errorf("jit: cannot split symbol %q into package and function", name)
	}
	dot += slash + 1
	return name[:dot], name[dot+1:], nil
}

// findPackage resolves an import path (main for the program's own package)
// to its directory and Go files.
func (c *Compiler) findPackage(path string) (string, []string, error) {
	pattern := path
	if path == "main" {
		pattern = "."
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: c.Dir}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		return "", nil, fmt.Errorf("jit: finding package %s (the JIT needs the go command and the source): %w", path, err)
	}
	if len(pkgs) != 1 || len(pkgs[0].GoFiles) == 0 {
		return "", nil, fmt.Errorf("jit: no source for package %s from %q", path, c.Dir)
	}
	files := append([]string(nil), pkgs[0].GoFiles...)
	sort.Strings(files)
	return filepath.Dir(files[0]), files, nil
}

// typeArgs infers the type arguments of generic kernel base from the
// function type typ, by matching the kernel's declared parameters against
// typ's: a parameter declared T or []T gives T.
func typeArgs(dir, base string, typ reflect.Type) ([]string, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo, Dir: dir}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil || len(pkgs) != 1 {
		return nil, fmt.Errorf("jit: loading %s: %v", dir, err)
	}
	return inferTypeArgs(pkgs[0].Types, base, typ)
}

// cacheKey hashes the package's files, the kernel and its type.
func cacheKey(files []string, kernel string, typ reflect.Type) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s %s\n%s\n%s\n", Version, compilerID(), kernel, typ)
	for _, f := range files {
		if filepath.Base(f) == codegen.GeneratedFile {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("jit: %w", err)
		}
		fmt.Fprintf(h, "%s %d\n", filepath.Base(f), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// cacheDir is the cache directory, or "" when caching is off.
func (c *Compiler) cacheDir() string {
	if c.CacheDir == "off" {
		return ""
	}
	if c.CacheDir != "" {
		return c.CacheDir
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "kago", "jit")
}

// load returns a cached spec, or nil (a damaged entry counts as absent).
func (c *Compiler) load(key string) *driver.KernelSpec {
	dir := c.cacheDir()
	if dir == "" {
		return nil
	}
	f, err := os.Open(filepath.Join(dir, key+".gob"))
	if err != nil {
		return nil
	}
	defer f.Close()
	var spec driver.KernelSpec
	if gob.NewDecoder(f).Decode(&spec) != nil {
		return nil
	}
	return &spec
}

// store writes a spec to the cache; failures only cost a recompile later.
// The spec is stored whole: Native, the only field gob cannot encode, is
// nil in the specs the JIT makes (gob leaves a nil interface out).
func (c *Compiler) store(key string, s *driver.KernelSpec) {
	dir := c.cacheDir()
	if dir == "" || os.MkdirAll(dir, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, key+".*.tmp")
	if err != nil {
		return
	}
	err = gob.NewEncoder(tmp).Encode(s)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return
	}
	if os.Rename(tmp.Name(), filepath.Join(dir, key+".gob")) != nil {
		os.Remove(tmp.Name())
	}
}
