package ka_test

import (
	"fmt"

	"github.com/kago-dev/kago/ka"
)

// Devices lists every usable device of the imported backends.
func ExampleDevices() {
	for _, d := range ka.Devices() {
		if d.Backend == "native" { // the other backends depend on the machine
			fmt.Println(d, d.Info.Kind)
		}
	}
	// Output: native:0 CPU
}
