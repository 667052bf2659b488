package parser

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// puppetVerdict is one recorded verdict of Puppet in
// testdata/conformance/verdicts.json.
type puppetVerdict struct {
	OK      bool   `json:"ok"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// TestConformance checks that the parser accepts exactly what Puppet's
// parser accepts, and reports the first error at Puppet's position, on the
// shared conformance corpus.
func TestConformance(t *testing.T) {
	checkVerdicts(t, filepath.Join("..", "testdata", "conformance"))
}

// TestSnippetVerdicts runs the same check on the parser's own snippets in
// testdata/parse/snippets (verdicts recorded with
// scripts/record-puppet-verdicts testdata/parse/snippets).
func TestSnippetVerdicts(t *testing.T) {
	checkVerdicts(t, filepath.Join("..", "testdata", "parse", "snippets"))
}

func checkVerdicts(t *testing.T, dir string) {
	data, err := os.ReadFile(filepath.Join(dir, "verdicts.json"))
	if os.IsNotExist(err) {
		t.Fatalf("no %s/verdicts.json: record it with scripts/record-puppet-verdicts", dir)
	}
	if err != nil {
		t.Fatal(err)
	}
	var recorded struct {
		PuppetVersion string `json:"puppet_version"`
		Cases         []struct {
			File   string        `json:"file"`
			Syntax puppetVerdict `json:"syntax"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &recorded); err != nil {
		t.Fatalf("verdicts.json: %v", err)
	}
	if len(recorded.Cases) == 0 {
		t.Fatal("verdicts.json has no cases")
	}
	for _, c := range recorded.Cases {
		t.Run(c.File, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(c.File)))
			if err != nil {
				t.Fatal(err)
			}
			f := ParseFile(c.File, src)
			want := c.Syntax
			if len(f.Errors) == 0 {
				if !want.OK {
					t.Errorf("parsed without error; Puppet %s says %q at %d:%d", recorded.PuppetVersion, want.Message, want.Line, want.Column)
				}
				return
			}
			got := f.Errors[0]
			if want.OK {
				t.Errorf("got %v; Puppet accepts the file", got)
				return
			}
			if strings.HasPrefix(want.Message, "Puppet crashed") {
				return // any error will do where Puppet itself fails
			}
			if want.Line != 0 && (int(got.Start.Line) != want.Line || int(got.Start.Column) != want.Column) {
				t.Errorf("first error at %d:%d %q; Puppet: %d:%d %q", got.Start.Line, got.Start.Column, got.Message, want.Line, want.Column, want.Message)
			} else if got.Message != want.Message {
				t.Logf("message differs: got %q, Puppet %q", got.Message, want.Message)
			}
		})
	}
}
