module github.com/ducklint/ducklint

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/aymanbagabas/go-udiff v0.4.1
	github.com/sabhiram/go-gitignore v0.0.0-20210923224102-525f6e181f06
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/tliron/glsp v0.2.2
	go.lsp.dev/jsonrpc2 v1.0.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/text v0.41.0
	golang.org/x/tools v0.52.0
)

require github.com/go-json-experiment/json v0.0.0-20260601182631-00ed12fed2a6 // indirect
