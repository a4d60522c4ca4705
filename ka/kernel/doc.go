// Package kernel is what runs inside a kago kernel when the kernel runs as
// Go code: the state behind a ka.Item (WorkItem, and Group, which the
// work-items of a group share when they run as goroutines), the state of a
// group function (WorkGroup), and the operations over them that package
// ka's kernel-side API and the code kago gen writes call: barriers, local
// memory (LocalArray, LaunchLocal, GroupLocal, GroupPrivate), the group
// collectives (GroupReduce, GroupScan, GroupBroadcast, and ReduceSum,
// ScanSum, Broadcast, ... over a slice) and the emulated subgroups, in the
// order that compiled kernels use, and the stop checks of cancellable
// kernels (StripEnd).
//
// Users never import it: ka.Item is a kernel.Item, and ka's methods and
// functions read the state here. The native backend fills the state in
// and runs the entries of driver.KernelSpec (driver.NativeFunc,
// driver.GroupFunc), whose types name Item and WorkGroup. That is why this
// package imports no other package of kago: package driver imports it.
package kernel
