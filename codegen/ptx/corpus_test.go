package ptx

import (
	"path/filepath"
	"testing"
)

// TestFrontEndGolden feeds the front end's own golden modules
// (codegen/testdata/golden/*.ll, the IR it emits for the kernel corpus) to
// the emitter: every one must translate without error. It skips when the
// front end has none.
func TestFrontEndGolden(t *testing.T) {
	files, _ := filepath.Glob("../testdata/golden/*.ll")
	if len(files) == 0 {
		t.Skip("no codegen/testdata/golden/*.ll from the front end")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			if _, err := Emit(parse(t, path), Options{}); err != nil {
				t.Error(err)
			}
		})
	}
}
