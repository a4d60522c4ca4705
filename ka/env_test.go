package ka

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kago-dev/kago/ka/driver"
)

// TestOpenEnv runs Open in a child process (KAGO_SYNC is read once, at
// start) with each environment setting, and checks what it says.
func TestOpenEnv(t *testing.T) {
	if os.Getenv("KA_TEST_OPEN_ENV") == "1" {
		Register("envtest", &probeOnly{name: "envtest", infos: []driver.DeviceInfo{{Kind: CPU}}})
		_, err := Open(os.Getenv("KA_TEST_OPEN_NAME"))
		os.Stdout.WriteString("Open: ")
		if err != nil {
			os.Stdout.WriteString(err.Error())
		}
		os.Exit(0)
	}
	cases := []struct {
		env, name string
		says      []string
	}{
		{"KAGO_SYNC=bogus", "envtest", []string{`KAGO_SYNC="bogus"`, `"cooperative"`, `"blocking"`}},
		{"KAGO_SYNC=BLOCKING", "envtest", []string{`KAGO_SYNC="BLOCKING"`, "unknown value"}},
		{"KAGO_SYNC=blocking", "envtest", []string{"envtest"}}, // accepted: Open reaches the backend
		{"KAGO_SYNC=cooperative", "envtest", []string{"envtest"}},
		{"KAGO_BACKEND=bogus", "", []string{`unknown backend "bogus"`, "registered: envtest", "from KAGO_BACKEND"}},
		{"KAGO_BACKEND=envtest:x", "", []string{"bad device name", "from KAGO_BACKEND"}},
		{"KAGO_BACKEND=envtest", "", []string{"envtest"}},
	}
	for _, c := range cases {
		cmd := exec.Command(os.Args[0], "-test.run=^TestOpenEnv$")
		cmd.Env = append(os.Environ(), "KA_TEST_OPEN_ENV=1", "KA_TEST_OPEN_NAME="+c.name, "KAGO_SYNC=", "KAGO_BACKEND=", c.env)
		out, err := cmd.Output()
		require.NoError(t, err, c.env)
		got, ok := strings.CutPrefix(string(out), "Open: ")
		require.True(t, ok, "%s: child printed %q", c.env, out)
		for _, s := range c.says {
			assert.Contains(t, got, s, c.env)
		}
	}
}
