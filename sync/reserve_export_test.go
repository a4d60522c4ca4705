package sync

// BusyWaits counts the waits that found every worker busy, for
// reserve_test.go.
func BusyWaits() int64 { return pool.busyWaits.Load() }
