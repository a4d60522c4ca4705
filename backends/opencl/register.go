package opencl

import "github.com/kago-dev/kago/ka"

func init() {
	ka.Register("opencl", NewBackend("opencl", nil, ""))
}
