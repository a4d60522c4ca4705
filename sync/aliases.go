package sync

import "sync"

// Aliases of the standard library's sync types and functions, so that a
// file importing this package needs no second sync import. They are the
// standard ones, not copies: a Mutex here is a sync.Mutex.
type (
	// Mutex is sync.Mutex.
	Mutex = sync.Mutex
	// RWMutex is sync.RWMutex.
	RWMutex = sync.RWMutex
	// Locker is sync.Locker.
	Locker = sync.Locker
	// WaitGroup is sync.WaitGroup.
	WaitGroup = sync.WaitGroup
	// Once is sync.Once.
	Once = sync.Once
	// Cond is sync.Cond.
	Cond = sync.Cond
	// Pool is sync.Pool.
	Pool = sync.Pool
	// Map is sync.Map.
	Map = sync.Map
)

// NewCond is sync.NewCond.
func NewCond(l Locker) *Cond { return sync.NewCond(l) }

// OnceFunc is sync.OnceFunc.
func OnceFunc(f func()) func() { return sync.OnceFunc(f) }

// OnceValue is sync.OnceValue.
func OnceValue[T any](f func() T) func() T { return sync.OnceValue(f) }

// OnceValues is sync.OnceValues.
func OnceValues[T, U any](f func() (T, U)) func() (T, U) { return sync.OnceValues(f) }
