package sync

// Internal counters for the external tests (package sync_test, which can
// import internal/cthreads, which imports this package).

func LiveHandles() int64      { return liveHandles.Load() }
func ParkedCallbacks() int64  { return parkedCallbacks.Load() }
func AbandonedWaiters() int64 { return abandonedWaiters.Load() }
func PollingForWorker() int64 { return pool.pollingForWorker.Load() }

const MaxWorkers = maxWorkers
