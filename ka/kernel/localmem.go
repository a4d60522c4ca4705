package kernel

// This file is the native side of ka.Local: local memory whose length a
// launch chooses. On devices a ka.Local[T] parameter is ParamLocalBuffer
// and ParamLocalLength (abi.go): OpenCL's __local T* kernel argument (set
// with its size and no value), SPIR-V's Workgroup pointer parameter, PTX's
// dynamic .extern .shared memory.

// LaunchLocal implements ka.Local.Slice on the native backend: the group's
// local memory of the ka.Local parameter slot (its index among the
// kernel's parameters), n elements, allocated by the first work-item of
// the group that asks for it and zeroed for each group (Group.Reset).
func LaunchLocal[T any](w *WorkItem, slot, n int) []T {
	g := w.Shared
	if g == nil {
		panic("ka: Local.Slice called in a kernel registered without Barrier (the native backend ran its work-items one after the other); regenerate the kernel's code")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for len(g.dyn) <= slot {
		g.dyn = append(g.dyn, nil)
	}
	l, ok := g.dyn[slot].(*localSlice[T])
	if !ok {
		l = &localSlice[T]{s: make([]T, n)}
		g.dyn[slot] = l
	}
	if len(l.s) != n {
		if cap(l.s) < n {
			l.s = make([]T, n)
		}
		l.s = l.s[:n]
		clear(l.s)
	}
	return l.s
}
