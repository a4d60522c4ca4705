package cuda

import "github.com/kago-dev/kago/ka"

func init() {
	ka.Register("cuda", &Backend{})
}
