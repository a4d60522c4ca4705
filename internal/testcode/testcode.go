// Package testcode compiles the device code of kago's test kernels from
// their package's source at first use, so that it need not be committed:
// kago gen -embed=false writes a kago_kernels.go whose kernels' Code reads
// a Source, with the specs, native entries and typed launchers committed as
// for any package (scripts/check-generated.sh checks them).
//
// A Source compiles its package once per process, every kernel for every
// target it names, as kago gen would, and keeps the result on disk,
// keyed by a hash of the running executable: the executable holds both the
// kernels' Go code and the compiler, so any change to either compiles
// again, and an unchanged test binary reuses its code. The cache lives in
// os.UserCacheDir()/kago/testcode, or in $KAGO_TESTCODE_CACHE ("off"
// disables it). A test binary that runs where there is no go command and
// no source (scripts/gpu-check.sh copies test binaries to a GPU machine)
// finds its code there once the same binary, run with
// KAGO_TESTCODE_PRECOMPILE=1, has compiled it at init.
package testcode

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/kago-dev/kago/codegen"
	"github.com/kago-dev/kago/ka/driver"
	"github.com/kago-dev/kago/ka/kgen"
)

// version is part of every cache key, for changes to the cache's format.
const version = "kago-testcode-1"

// ext is the cache files' extension per target.
var ext = map[driver.Target]string{driver.OpenCLC: "cl", driver.SPIRV: "spv", driver.PTX: "ptx"}

// Source is the device code of one package's kernels, compiled from its
// source at first use.
type Source struct {
	pkg      string
	noChecks bool
	targets  []driver.Target

	once sync.Once
	code map[driver.Target][]kgen.CodeSection
	err  error
}

// New returns the Source of the package with import path pkg, compiled
// without checks if noChecks (kago gen -bounds=false), for targets. With
// KAGO_TESTCODE_PRECOMPILE set, it compiles at once and panics if that
// fails.
func New(pkg string, noChecks bool, targets ...driver.Target) *Source {
	s := &Source{pkg: pkg, noChecks: noChecks, targets: targets}
	if os.Getenv("KAGO_TESTCODE_PRECOMPILE") != "" {
		if _, err := s.sections(); err != nil {
			panic(err)
		}
	}
	return s
}

// Code returns the code of entry for target t. An entry or target without
// code is an error wrapping fs.ErrNotExist (driver.PTXOf and the others
// report it as no code).
func (s *Source) Code(t driver.Target, entry string) ([]byte, error) {
	code, err := s.sections()
	if err != nil {
		return nil, err
	}
	for _, sec := range code[t] {
		if sec.Entry == entry {
			return sec.Code, nil
		}
	}
	return nil, fmt.Errorf("testcode: package %s has no %s code for entry %s: %w", s.pkg, t, entry, fs.ErrNotExist)
}

// sections returns the code of every entry by target, from the cache or
// compiled.
func (s *Source) sections() (map[driver.Target][]kgen.CodeSection, error) {
	s.once.Do(func() {
		dir, key := cacheDir(), s.key()
		if dir != "" && key != "" && s.read(dir, key) {
			return
		}
		if s.err = s.compile(); s.err == nil && dir != "" && key != "" {
			s.write(dir, key)
		}
	})
	return s.code, s.err
}

// compile compiles the package from its source, as kago gen does in the
// package's directory.
func (s *Source) compile() error {
	dir, err := packageDir(s.pkg)
	var p *codegen.Package
	if err == nil {
		p, err = codegen.Load(codegen.Config{Dir: dir, NoChecks: s.noChecks}, ".")
	}
	if err == nil {
		var kernels []*codegen.Kernel
		if kernels, err = p.Compile(); err == nil {
			err = s.emit(kernels)
		}
	}
	if err != nil {
		return fmt.Errorf("testcode: compiling the kernels of %s from source (its device code is not committed: kago gen -embed=false): %w", s.pkg, err)
	}
	return nil
}

// packageDir finds the directory of the package with import path pkg.
func packageDir(pkg string) (string, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles}, pkg)
	if err != nil {
		return "", err
	}
	if len(pkgs) != 1 || len(pkgs[0].GoFiles) == 0 {
		return "", fmt.Errorf("no source for package %s (the go command and the source are needed once per test binary)", pkg)
	}
	return filepath.Dir(pkgs[0].GoFiles[0]), nil
}

// emit emits every distinct entry of kernels for s's targets.
func (s *Source) emit(kernels []*codegen.Kernel) error {
	s.code = map[driver.Target][]kgen.CodeSection{}
	done := map[string]bool{}
	for _, k := range kernels {
		if done[k.Entry] {
			continue // the same IR as an earlier instance's
		}
		done[k.Entry] = true
		for _, t := range s.targets {
			code, err := codegen.Emit(k, t)
			if err != nil {
				return err
			}
			s.code[t] = append(s.code[t], kgen.CodeSection{Entry: k.Entry, Code: code})
		}
	}
	return nil
}

// key is the cache key of s in the running executable, "" when the
// executable cannot be read.
func (s *Source) key() string {
	exe := executableHash()
	if exe == "" {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n%v\n%v\n", version, exe, s.pkg, s.noChecks, s.targets)
	return hex.EncodeToString(h.Sum(nil))
}

// executableHash hashes the running executable's contents, once.
var executableHash = sync.OnceValue(func() string {
	path, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
})

// cacheDir is the cache directory, "" when the cache is off or there is
// no user cache directory.
func cacheDir() string {
	switch d := os.Getenv("KAGO_TESTCODE_CACHE"); d {
	case "off":
		return ""
	case "":
		user, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(user, "kago", "testcode")
	default:
		return d
	}
}

// read loads s's code from the cache, one code file per target; false when
// any is missing or damaged.
func (s *Source) read(dir, key string) bool {
	code := map[driver.Target][]kgen.CodeSection{}
	for _, t := range s.targets {
		data, err := os.ReadFile(filepath.Join(dir, key+"."+ext[t]))
		if err != nil {
			return false
		}
		if code[t], err = kgen.ParseCodeFile(data); err != nil {
			return false
		}
	}
	s.code = code
	return true
}

// write stores s's code in the cache; a failure only costs a compile
// later. Each file is written whole and renamed into place, so that a
// concurrent reader sees it complete or not at all.
func (s *Source) write(dir, key string) {
	if os.MkdirAll(dir, 0o755) != nil {
		return
	}
	for _, t := range s.targets {
		tmp, err := os.CreateTemp(dir, key+".*.tmp")
		if err != nil {
			return
		}
		_, err = tmp.Write(kgen.FormatCodeFile(s.code[t]))
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil || os.Rename(tmp.Name(), filepath.Join(dir, key+"."+ext[t])) != nil {
			os.Remove(tmp.Name())
			return
		}
	}
}
