package load

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// Dependencies are the modules an environment or module says it needs
// installed beside it: the modules a Puppetfile installs, those a module's
// metadata.json depends on, and the fixtures its .fixtures.yml brings in for
// its tests. Whether such a module is also in the loaded tree is for the
// caller to decide.
type Dependencies struct {
	// Modules are the short module names ("stdlib" for
	// puppetlabs-stdlib), sorted and without duplicates.
	Modules []string
	// Files are the dependency files read, as File.Path reports paths,
	// sorted; a file that names no module is listed too.
	Files []string
}

// dependencyFiles are the files that list an environment's or a module's
// dependencies, with the reader of each.
var dependencyFiles = []struct {
	name string
	read func([]byte) ([]string, error)
}{
	{"Puppetfile", puppetfileModules},
	{"metadata.json", metadataDependencies},
	{".fixtures.yml", fixturesModules},
	{".fixtures.yaml", fixturesModules},
}

// readDependencies reads the dependency files in the absolute directory
// dir. A file that cannot be read or parsed is a problem of the tree; the
// modules of the others still count.
func (l *loader) readDependencies(dir string) Dependencies {
	var d Dependencies
	for _, df := range dependencyFiles {
		p := dir + "/" + df.name
		if !l.exists(p, false) {
			continue
		}
		src, err := readFile(p)
		if err != nil {
			l.problem(p, fmt.Errorf("cannot read %s: %w", df.name, pathError(err)))
			continue
		}
		mods, err := df.read(src)
		if err != nil {
			if df.name != "metadata.json" { // its name problems are reported once, by readMetadataName
				l.problem(p, err)
			}
			continue
		}
		d.Files = append(d.Files, l.rel(p))
		d.Modules = append(d.Modules, mods...)
	}
	slices.Sort(d.Modules)
	d.Modules = slices.Compact(d.Modules)
	slices.Sort(d.Files)
	return d
}

// rePuppetfileMod matches a `mod 'author-name'` (or "author/name", or a
// bare "name" with :git) line of a Puppetfile.
var rePuppetfileMod = regexp.MustCompile(`^\s*mod\s*\(?\s*['"]([^'"]+)['"]`)

// puppetfileModules returns the modules a Puppetfile installs. A
// Puppetfile is Ruby; r10k and librarian-puppet read its `mod` lines.
func puppetfileModules(src []byte) ([]string, error) {
	var out []string
	for line := range strings.SplitSeq(string(src), "\n") {
		if m := rePuppetfileMod.FindStringSubmatch(line); m != nil {
			out = append(out, strings.ToLower(shortModuleName(m[1])))
		}
	}
	return out, nil
}

// metadataDependencies returns the modules in a metadata.json's
// "dependencies".
func metadataDependencies(src []byte) ([]string, error) {
	var meta struct {
		Dependencies []struct {
			Name string `json:"name"`
		} `json:"dependencies"`
	}
	if err := json.Unmarshal(src, &meta); err != nil {
		return nil, fmt.Errorf("invalid metadata.json: %w", err)
	}
	var out []string
	for _, d := range meta.Dependencies {
		if n := strings.TrimSpace(d.Name); n != "" {
			out = append(out, strings.ToLower(shortModuleName(n)))
		}
	}
	return out, nil
}

// fixturesModules returns the modules a .fixtures.yml installs for a
// module's tests (puppetlabs_spec_helper): the keys of its forge_modules,
// repositories and symlinks sections, under "fixtures:".
func fixturesModules(src []byte) ([]string, error) {
	var doc struct {
		Fixtures map[string]any `yaml:"fixtures"`
	}
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("invalid .fixtures.yml: %w", err)
	}
	var out []string
	for _, section := range []string{"forge_modules", "repositories", "symlinks"} {
		entries, ok := doc.Fixtures[section].(map[string]any)
		if !ok {
			continue
		}
		for name := range entries {
			out = append(out, strings.ToLower(shortModuleName(name)))
		}
	}
	return out, nil
}
