package ptxsim

import (
	"fmt"
	"sort"
	"sync"
)

// Module is a parsed PTX module: its header, module-scope variables and
// kernels (.entry functions), and the external functions it declares.
type Module struct {
	Version     string // ".version" (7.0)
	Target      string // ".target" (sm_80)
	AddressSize int    // ".address_size" (64)

	kernels map[string]*Kernel
	externs map[string]bool
	shared  []*variable // module-scope .shared variables
	// dynShared is the module's .extern .shared array, sized at launch
	// (Launch.Shared), or nil.
	dynShared *variable
	globals   []*variable // module-scope .global variables

	mu    sync.Mutex
	bound map[*Memory][]uint64 // the globals' addresses in each memory
}

// bind returns the addresses of the module's .global variables in mem,
// allocating and initialising them there on first use.
func (m *Module) bind(mem *Memory) ([]uint64, error) {
	if len(m.globals) == 0 {
		return nil, nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if a, ok := m.bound[mem]; ok {
		return a, nil
	}
	addrs := make([]uint64, len(m.globals))
	for i, v := range m.globals {
		a, err := mem.Alloc(max(v.size, 1))
		if err != nil {
			return nil, err
		}
		b, _ := mem.Bytes(a, v.size)
		copy(b, v.init)
		addrs[i] = a
	}
	if m.bound == nil {
		m.bound = map[*Memory][]uint64{}
	}
	m.bound[mem] = addrs
	return addrs, nil
}

// Release frees the module's .global variables in mem (cuModuleUnload).
func (m *Module) Release(mem *Memory) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, a := range m.bound[mem] {
		mem.Free(a)
	}
	delete(m.bound, mem)
}

// Kernel returns the kernel (.entry) named name, or nil.
func (m *Module) Kernel(name string) *Kernel { return m.kernels[name] }

// Kernels returns the names of the module's kernels, sorted.
func (m *Module) Kernels() []string {
	names := make([]string, 0, len(m.kernels))
	for n := range m.kernels {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Externs returns the names of the functions the module declares with
// .extern .func (llc's calls to intrinsics it cannot lower), sorted.
func (m *Module) Externs() []string {
	names := make([]string, 0, len(m.externs))
	for n := range m.externs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// variable is a .shared, .local or call-site .param variable: a byte
// array at an offset in its state space.
type variable struct {
	name   string
	space  string // "shared", "local", "param"
	align  int
	size   int
	offset int    // in its state space; for .global, the index among the module's
	init   []byte // .global initializer
}

// Param is a kernel parameter as the PTX declares it.
type Param struct {
	Name   string
	Type   string // "u64", "f32", "b8", ...
	Size   int    // bytes
	Offset int    // in the parameter buffer (natural alignment)
}

// Kernel is one .entry function, decoded and ready to run.
type Kernel struct {
	Name   string
	Params []Param

	mod       *Module
	paramSize int
	regs      map[string]int // register name -> index
	regBits   []int          // declared width of each register (1 for .pred)
	regKind   []byte         // declared kind of each register: 'b', 'u', 's', 'f', 'p'
	vars      map[string]*variable
	localSize int       // bytes of .local per thread
	callSize  int       // bytes of call-site .param per thread
	shared    int       // bytes of .shared per block
	dynShared *variable // the module's .extern .shared array (Launch.Shared bytes), or nil
	code      []inst
	labels    map[string]int
}

// MaxThreads is the largest block the kernel may be launched with: the
// simulator has no register file limit, so it is the architectural 1024.
func (k *Kernel) MaxThreads() int { return 1024 }

// ParamBuffer lays out kernel parameter values as the driver does: value
// i (the low Params[i].Size bytes of vals[i], little-endian, as
// cuLaunchKernel reads from kernelParams[i]) at Params[i].Offset. It
// returns an error for a wrong count.
func (k *Kernel) ParamBuffer(vals []uint64) ([]byte, error) {
	if len(vals) != len(k.Params) {
		return nil, fmt.Errorf("ptxsim: kernel %s has %d parameters, got %d values", k.Name, len(k.Params), len(vals))
	}
	buf := make([]byte, k.paramSize)
	for i, p := range k.Params {
		v := vals[i]
		for b := 0; b < p.Size && b < 8; b++ {
			buf[p.Offset+b] = byte(v >> (8 * b))
		}
	}
	return buf, nil
}

// Instructions is the number of instructions of the kernel's body.
func (k *Kernel) Instructions() int { return len(k.code) }
