package sync

import gosync "sync"

// Aliases of the standard library's sync types and functions, so that a
// file importing this package needs no second sync import. They are the
// standard ones, not copies: a Mutex here is a sync.Mutex.
type (
	// Mutex is sync.Mutex.
	Mutex = gosync.Mutex
	// RWMutex is sync.RWMutex.
	RWMutex = gosync.RWMutex
	// Locker is sync.Locker.
	Locker = gosync.Locker
	// WaitGroup is sync.WaitGroup.
	WaitGroup = gosync.WaitGroup
	// Once is sync.Once.
	Once = gosync.Once
	// Cond is sync.Cond.
	Cond = gosync.Cond
	// Pool is sync.Pool.
	Pool = gosync.Pool
	// Map is sync.Map.
	Map = gosync.Map
)

// NewCond is sync.NewCond.
func NewCond(l Locker) *Cond { return gosync.NewCond(l) }

// OnceFunc is sync.OnceFunc.
func OnceFunc(f func()) func() { return gosync.OnceFunc(f) }

// OnceValue is sync.OnceValue.
func OnceValue[T any](f func() T) func() T { return gosync.OnceValue(f) }

// OnceValues is sync.OnceValues.
func OnceValues[T, U any](f func() (T, U)) func() (T, U) { return gosync.OnceValues(f) }
