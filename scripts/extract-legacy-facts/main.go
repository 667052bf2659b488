// Command extract-legacy-facts records Facter's legacy facts from a Facter
// source checkout, so that the table of legacy facts and their structured
// replacements in rules/builtin is tested against its source without the
// checkout.
//
// Usage:
//
//	git clone https://github.com/puppetlabs/facter /tmp/facter
//	go run ./scripts/extract-legacy-facts /tmp/facter > testdata/legacy-facts/facter.txt
//
// Facter 4 defines each fact in lib/facter/facts/<platform>/**/*.rb: a
// class with FACT_NAME and, for a structured fact that has legacy
// equivalents, ALIASES (a name, or a %w[] list, some of them patterns such
// as blockdevice_.*_size); a class with TYPE = :legacy is a legacy fact of
// its own (ipaddress_.*, interfaces, dhcp_servers). The output has a line
// per legacy name: the name, the structured fact it aliases ("-" for a
// legacy fact of its own) and the platforms that define it; then a line
// per structured fact path of lib/schema/facter.yaml (entries without
// hidden: true, nested through elements, <interface>-like keys kept).
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: extract-legacy-facts FACTER_CHECKOUT")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "extract-legacy-facts:", err)
		os.Exit(1)
	}
}

var (
	factName   = regexp.MustCompile(`FACT_NAME = '([^']*)'`)
	aliasOne   = regexp.MustCompile(`ALIASES = '([^']*)'`)
	aliasList  = regexp.MustCompile(`(?s)ALIASES = %w\[([^\]]*)\]`)
	legacyType = regexp.MustCompile(`TYPE = :legacy`)
	version    = regexp.MustCompile(`VERSION = '([^']*)'`)
)

func run(root string, out *os.File) error {
	ver, err := os.ReadFile(filepath.Join(root, "lib", "facter", "version.rb"))
	if err != nil {
		return err
	}
	v := version.FindSubmatch(ver)
	if v == nil {
		return fmt.Errorf("no VERSION in lib/facter/version.rb")
	}
	commit, _ := exec.Command("git", "-C", root, "rev-parse", "HEAD").Output()
	type alias struct{ legacy, fact string }
	platforms := map[alias][]string{}
	factsDir := filepath.Join(root, "lib", "facter", "facts")
	err = filepath.WalkDir(factsDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".rb") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(factsDir, path)
		platform, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		fact := factName.FindSubmatch(src)
		if fact == nil {
			return nil
		}
		var names []string
		if m := aliasOne.FindSubmatch(src); m != nil {
			names = append(names, string(m[1]))
		} else if m := aliasList.FindSubmatch(src); m != nil {
			names = strings.Fields(string(m[1]))
		}
		if len(names) > 0 {
			for _, n := range names {
				a := alias{n, string(fact[1])}
				platforms[a] = append(platforms[a], platform)
			}
		} else if legacyType.Match(src) {
			a := alias{string(fact[1]), "-"}
			platforms[a] = append(platforms[a], platform)
		}
		return nil
	})
	if err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	fmt.Fprintf(w, "# facter %s (%s): legacy facts of lib/facter/facts/**/*.rb (name, the structured fact it aliases or -, platforms)\n",
		v[1], strings.TrimSpace(string(commit)))
	fmt.Fprintln(w, "# and the structured fact paths of lib/schema/facter.yaml; recorded by scripts/extract-legacy-facts")
	keys := make([]alias, 0, len(platforms))
	for a := range platforms {
		keys = append(keys, a)
	}
	slices.SortFunc(keys, func(a, b alias) int { return strings.Compare(a.legacy+"\t"+a.fact, b.legacy+"\t"+b.fact) })
	for _, a := range keys {
		ps := platforms[a]
		slices.Sort(ps)
		fmt.Fprintf(w, "legacy\t%s\t%s\t%s\n", a.legacy, a.fact, strings.Join(slices.Compact(ps), ","))
	}
	schema, err := os.ReadFile(filepath.Join(root, "lib", "schema", "facter.yaml"))
	if err != nil {
		return err
	}
	var top yaml.Node
	if err := yaml.Unmarshal(schema, &top); err != nil {
		return fmt.Errorf("lib/schema/facter.yaml: %w", err)
	}
	var paths []string
	if len(top.Content) == 1 {
		schemaPaths(top.Content[0], "", &paths)
	}
	slices.Sort(paths)
	for _, p := range paths {
		fmt.Fprintf(w, "schema\t%s\n", p)
	}
	return w.Flush()
}

// schemaPaths appends the dotted paths of the facts in a mapping of the
// schema (fact name -> {type, hidden, elements...}), skipping hidden ones.
func schemaPaths(m *yaml.Node, prefix string, out *[]string) {
	if m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		name, body := m.Content[i].Value, m.Content[i+1]
		if body.Kind != yaml.MappingNode || field(body, "hidden") == "true" {
			continue
		}
		path := prefix + name
		*out = append(*out, path)
		for j := 0; j+1 < len(body.Content); j += 2 {
			if body.Content[j].Value == "elements" {
				schemaPaths(body.Content[j+1], path+".", out)
			}
		}
	}
}

// field returns the scalar value of key in mapping m, "" when absent.
func field(m *yaml.Node, key string) string {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1].Value
		}
	}
	return ""
}
