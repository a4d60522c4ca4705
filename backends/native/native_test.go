package native_test

import (
	"testing"

	"github.com/kago-dev/kago/ka/katest"

	_ "github.com/kago-dev/kago/backends/native"
)

func TestConformance(t *testing.T) { katest.Run(t, "native") }
