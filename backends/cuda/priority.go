package cuda

import "github.com/kago-dev/kago/ka/driver"

// CUDA stream priorities are integers where lower numbers are higher
// priorities; cuCtxGetStreamPriorityRange gives the least (CUDA's default,
// 0 on current GPUs) and the greatest (-5 on Hopper, for example). kago maps
// its three priorities onto that range:
//
//	High   -> greatest
//	Normal -> one step above least, when the range has 3 or more levels;
//	          least otherwise
//	Low    -> least (CUDA's default priority)
//
// so that Low work yields to Normal work wherever the hardware has the
// levels, and High always gets the most. With a single level (greatest ==
// least) all three are the same and Capabilities.Priorities is false. Normal
// is therefore one step above the default priority of streams that other
// libraries in the process create; docs/backends.md (CUDA) says why.

// priorityLevels is the number of distinct CUDA priorities in the range.
func priorityLevels(least, greatest int) int {
	if greatest >= least {
		return 1
	}
	return least - greatest + 1
}

// cudaPriority maps p to a CUDA stream priority in [greatest, least]. An
// unknown p maps like Normal.
func cudaPriority(p driver.Priority, least, greatest int) int {
	n := priorityLevels(least, greatest)
	if n == 1 {
		return least
	}
	switch p {
	case driver.High:
		return greatest
	case driver.Low:
		return least
	}
	if n >= 3 {
		return least - 1
	}
	return least
}
