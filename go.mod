module github.com/kago-dev/kago

go 1.26.0

require (
	github.com/llir/llvm v0.3.6
	github.com/stretchr/testify v1.11.1
	golang.org/x/tools v0.52.0
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/llir/ll v0.0.0-20220802044011-65001c0fb73c // indirect
	github.com/mewmew/float v0.0.0-20201204173432-505706aa38fa // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
