package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/hiera"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
)

// HieraFile is a parsed Hiera file: a configuration or a data file.
type HieraFile struct {
	// Config is set for a hiera.yaml, Data for a data file.
	Config *hiera.Config
	Data   *hiera.Data
}

// Syntax returns the file's source, lines and comments.
func (h *HieraFile) Syntax() *parser.File {
	if h.Config != nil {
		return h.Config.Syntax
	}
	return h.Data.Syntax
}

// ParseHiera parses the Hiera file lf (Role HieraConfig or HieraData)
// with content src.
func ParseHiera(lf *load.File, src []byte) *HieraFile {
	if lf.Role == load.HieraConfig {
		return &HieraFile{Config: hiera.ParseConfig(lf.Path, src, lf.Module != nil)}
	}
	return &HieraFile{Data: hiera.ParseData(lf.Path, src, lf.DataFormat)}
}

// SummarizeHiera returns the summary of a Hiera file: one top-level unit
// mentioning the classes its keys can name (every namespace of a key) and
// the functions a configuration names as backends. A data file mentions
// "lookup" too: it looks keys up, as explicit lookups in code do.
func SummarizeHiera(h *HieraFile) *Summary {
	mentions := map[string]bool{}
	if h.Config != nil {
		for _, l := range h.Config.Levels {
			if l.Backend != "" {
				mentions[strings.ToLower(l.Backend)] = true
			}
		}
	} else {
		mentions["lookup"] = true
		for _, k := range h.Data.Keys {
			name := strings.ToLower(strings.TrimPrefix(k.Name, "::"))
			for i := strings.LastIndex(name, "::"); i > 0; i = strings.LastIndex(name, "::") {
				name = name[:i]
				mentions[name] = true
			}
		}
	}
	return &Summary{Units: []Unit{{Kind: UnitTop, Mentions: sortedKeys(mentions)}}}
}

// LookupFunctions are the functions that look Hiera keys up explicitly.
var lookupFunctions = []string{"lookup", "hiera", "hiera_array", "hiera_hash", "hiera_include"}

// IsLookupFunction reports whether name is a function looking Hiera keys
// up explicitly.
func IsLookupFunction(name string) bool { return slices.Contains(lookupFunctions, name) }
