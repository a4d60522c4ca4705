package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFreshModule follows docs/getting-started.md §2 in a new module, as
// a user does: the set-up commands of its sh block (kago from this
// checkout through a replace directive instead of the module proxy,
// offline), its main.go, go generate and go run on native. The program
// and the commands are read from the doc, so the doc cannot drift from
// what works.
func TestFreshModule(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds kago gen and a program")
	}
	doc, err := os.ReadFile("../../docs/getting-started.md")
	require.NoError(t, err)
	sec := string(doc)
	start := strings.Index(sec, "## 2. Your first kernel")
	require.GreaterOrEqual(t, start, 0, "getting-started.md has no §2")
	sec = sec[start:]
	if end := strings.Index(sec[3:], "\n## "); end >= 0 {
		sec = sec[:end+3]
	}
	blocks := regexp.MustCompile("(?s)```(sh|go)\n(.*?)```").FindAllStringSubmatch(sec, -1)
	var setup, program []string
	for _, b := range blocks {
		if b[1] == "sh" && setup == nil {
			setup = strings.Split(strings.TrimSpace(b[2]), "\n")
		}
		if b[1] == "go" && program == nil {
			program = []string{b[2]}
		}
	}
	require.Equal(t, []string{"go mod init example.com/scale", "go get github.com/kago-dev/kago", "go get -tool github.com/kago-dev/kago/cmd/kago"}, setup,
		"§2's set-up commands (this test runs them, with a replace directive before the first go get)")
	require.NotNil(t, program, "§2's main.go")
	require.Contains(t, program[0], "//go:generate go tool kago gen")

	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	dir := t.TempDir()
	env := append(os.Environ(), "GOSUMDB=off", "KAGO_BACKEND=native")
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s:\n%s", strings.Join(args, " "), out)
		return string(out)
	}
	// go get in a new module loads kago's whole module graph, which
	// reads go.mod files (golang.org/x/tools v0.1.4's, required by
	// github.com/llir/ll) that building kago never needs, so a fresh
	// machine's module cache lacks them: go mod graph in this checkout,
	// with the user's proxy, fetches them (offline when they are cached).
	graph := exec.Command("go", "mod", "graph")
	graph.Dir, graph.Env = root, os.Environ()
	if userHasProxy {
		graph.Env = append(graph.Env, "GOPROXY="+userProxy)
	} else {
		graph.Env = append(graph.Env, "GOPROXY=")
	}
	out, err := graph.CombinedOutput()
	require.NoError(t, err, "go mod graph:\n%s", out)
	run(strings.Fields(setup[0])...)
	run("go", "mod", "edit", "-replace", "github.com/kago-dev/kago="+root)
	for _, c := range setup[1:] {
		run(strings.Fields(c)...)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(program[0]), 0o644))
	run("go", "generate", "./...")
	require.FileExists(t, filepath.Join(dir, "kago_kernels.go"))
	require.Equal(t, "native [10 20 30 40 50]\n", run("go", "run", "."), "the program's output, as §2 shows it for pocl")
}
