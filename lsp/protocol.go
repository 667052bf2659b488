package lsp

import (
	"encoding/json"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The protocol's types come from glsp's LSP 3.16 package; these are the
// few LSP 3.17 additions the server uses (pull diagnostics, position
// encodings), which that package does not have yet.

// documentDiagnosticParams are the parameters of textDocument/diagnostic.
type documentDiagnosticParams struct {
	TextDocument     protocol.TextDocumentIdentifier `json:"textDocument"`
	Identifier       string                          `json:"identifier,omitempty"`
	PreviousResultID string                          `json:"previousResultId,omitempty"`
}

// fullDocumentDiagnosticReport is the answer to textDocument/diagnostic.
type fullDocumentDiagnosticReport struct {
	Kind     string                `json:"kind"` // "full"
	ResultID string                `json:"resultId,omitempty"`
	Items    []protocol.Diagnostic `json:"items"`
}

// unchangedDocumentDiagnosticReport says the previous report still holds.
type unchangedDocumentDiagnosticReport struct {
	Kind     string `json:"kind"` // "unchanged"
	ResultID string `json:"resultId"`
}

// diagnosticOptions is the server's diagnosticProvider capability.
type diagnosticOptions struct {
	Identifier            string `json:"identifier,omitempty"`
	InterFileDependencies bool   `json:"interFileDependencies"`
	WorkspaceDiagnostics  bool   `json:"workspaceDiagnostics"`
}

// serverCapabilities adds the 3.17 capabilities to glsp's.
type serverCapabilities struct {
	protocol.ServerCapabilities
	PositionEncoding   string             `json:"positionEncoding,omitempty"`
	DiagnosticProvider *diagnosticOptions `json:"diagnosticProvider,omitempty"`
}

type initializeResult struct {
	Capabilities serverCapabilities                   `json:"capabilities"`
	ServerInfo   *protocol.InitializeResultServerInfo `json:"serverInfo,omitempty"`
}

// clientCapabilities317 are the client capabilities of LSP 3.17 the server
// looks at, read from the initialize parameters beside glsp's.
type clientCapabilities317 struct {
	Capabilities struct {
		General struct {
			PositionEncodings []string `json:"positionEncodings"`
		} `json:"general"`
		TextDocument struct {
			Diagnostic *json.RawMessage `json:"diagnostic"`
		} `json:"textDocument"`
		Workspace struct {
			Diagnostics struct {
				RefreshSupport bool `json:"refreshSupport"`
			} `json:"diagnostics"`
			DidChangeWatchedFiles struct {
				DynamicRegistration bool `json:"dynamicRegistration"`
			} `json:"didChangeWatchedFiles"`
		} `json:"workspace"`
	} `json:"capabilities"`
}

// cancelParams are the parameters of $/cancelRequest.
type cancelParams struct {
	ID json.RawMessage `json:"id"`
}

// jsonCodec encodes parameters and results with encoding/json: glsp's
// types are written for its rules (omitempty, UnmarshalJSON methods).
type jsonCodec struct{}

func (jsonCodec) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonCodec) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }
