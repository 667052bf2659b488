package load

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

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
	// PuppetRequirement is the version range metadata.json's
	// "requirements" give for puppet (">= 7.0.0 < 9.0.0"), as written;
	// "" when it gives none.
	PuppetRequirement string
	// SupportedOS are the operating systems metadata.json's
	// "operatingsystem_support" lists ("RedHat", "Ubuntu"), as written;
	// nil when it lists none.
	SupportedOS []string
	// PuppetGem is the requirement the directory's Gemfile gives the
	// puppet gem ("7.23.0", "~> 7.0"), as RubyGems writes it; "" when it
	// gives none (gemfilePuppetRequirement). A control repository pins the
	// Puppet its tests and, usually, its servers run this way.
	PuppetGem string
	// Gemfile is that Gemfile, as File.Path reports paths, when PuppetGem
	// is set.
	Gemfile string
	// PuppetContainer is the Puppet version the directory's container
	// build files install ("5.3.2", or "5" from puppet5-release), when
	// they agree on one major version (dockerfilePuppetVersion); "" when
	// they pin none. Read for environments only.
	PuppetContainer string
	// Containerfile is the build file PuppetContainer comes from, as
	// File.Path reports paths.
	Containerfile string
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
		if !l.exists(p, false) || !l.inside(p) {
			continue
		}
		facts, err := derive(l, "dependencies", p, func(src []byte) dependencyFacts { return readDependencyFile(df.name, df.read, src) },
			encodeDependencyFacts, decodeDependencyFacts)
		if err != nil {
			l.problem(p, fmt.Errorf("cannot read %s: %w", df.name, pathError(err)))
			continue
		}
		if facts.err != "" {
			if df.name != "metadata.json" { // its name problems are reported once, by readMetadataName
				l.problem(p, errors.New(facts.err))
			}
			continue
		}
		d.Files = append(d.Files, l.rel(p))
		d.Modules = append(d.Modules, facts.modules...)
		if df.name == "metadata.json" {
			d.PuppetRequirement = facts.requirement
			d.SupportedOS = facts.supportedOS
		}
	}
	if p := dir + "/Gemfile"; l.exists(p, false) && l.inside(p) {
		req, err := derive(l, "gem", p, gemfilePuppetRequirement, func(s string) []byte { return []byte(s) },
			func(b []byte) (string, error) { return string(b), nil })
		if err == nil && req != "" {
			d.PuppetGem, d.Gemfile = req, l.rel(p)
		}
	}
	slices.Sort(d.Modules)
	d.Modules = slices.Compact(d.Modules)
	slices.Sort(d.Files)
	return d
}

// dependencyFacts are what one dependency file says: the modules it names
// and, for metadata.json, the Puppet requirement; or why it could not be
// read.
type dependencyFacts struct {
	modules     []string
	requirement string
	supportedOS []string
	err         string // the problem with its content; nothing else is set then
}

// readDependencyFile reads the dependency file called name with read.
func readDependencyFile(name string, read func([]byte) ([]string, error), src []byte) dependencyFacts {
	mods, err := read(src)
	if err != nil {
		return dependencyFacts{err: err.Error()}
	}
	f := dependencyFacts{modules: mods}
	if name == "metadata.json" {
		f.requirement = metadataPuppetRequirement(src)
		f.supportedOS = metadataSupportedOS(src)
	}
	return f
}

// encodeDependencyFacts writes f as strings: the problem, the
// requirement, how many supported operating systems follow, those, then
// the modules.
func encodeDependencyFacts(f dependencyFacts) []byte {
	ss := append([]string{f.err, f.requirement, strconv.Itoa(len(f.supportedOS))}, f.supportedOS...)
	return appendStrings(nil, append(ss, f.modules...))
}

func decodeDependencyFacts(b []byte) (dependencyFacts, error) {
	ss, rest, err := readStrings(b)
	if err != nil || len(rest) != 0 || len(ss) < 3 {
		return dependencyFacts{}, errBadMemo
	}
	n, err := strconv.Atoi(ss[2])
	if err != nil || n < 0 || n > len(ss)-3 {
		return dependencyFacts{}, errBadMemo
	}
	f := dependencyFacts{err: ss[0], requirement: ss[1]}
	if n > 0 {
		f.supportedOS = ss[3 : 3+n]
	}
	if len(ss) > 3+n {
		f.modules = ss[3+n:]
	}
	return f, nil
}

// rePuppetfileMod matches a `mod 'author-name'` (or "author/name", or a
// bare "name" with :git) line of a Puppetfile.
var rePuppetfileMod = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*mod\s*\(?\s*['"]([^'"]+)['"]`) })

// puppetfileModules returns the modules a Puppetfile installs. A
// Puppetfile is Ruby; r10k and librarian-puppet read its `mod` lines.
func puppetfileModules(src []byte) ([]string, error) {
	var out []string
	for line := range strings.SplitSeq(string(src), "\n") {
		if m := rePuppetfileMod().FindStringSubmatch(line); m != nil {
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

// metadataPuppetRequirement returns the version_requirement a
// metadata.json's "requirements" give for puppet, "" when none (or when
// the file is not a JSON object, which metadataDependencies reports).
func metadataPuppetRequirement(src []byte) string {
	var meta struct {
		Requirements []struct {
			Name    string `json:"name"`
			Version string `json:"version_requirement"`
		} `json:"requirements"`
	}
	if json.Unmarshal(src, &meta) != nil {
		return ""
	}
	for _, r := range meta.Requirements {
		if strings.EqualFold(strings.TrimSpace(r.Name), "puppet") {
			return strings.TrimSpace(r.Version)
		}
	}
	return ""
}

// metadataSupportedOS returns the operating systems a metadata.json's
// "operatingsystem_support" lists, nil when none (or when the file is not
// a JSON object, which metadataDependencies reports).
func metadataSupportedOS(src []byte) []string {
	var meta struct {
		Support []struct {
			OS string `json:"operatingsystem"`
		} `json:"operatingsystem_support"`
	}
	if json.Unmarshal(src, &meta) != nil {
		return nil
	}
	var out []string
	for _, s := range meta.Support {
		if os := strings.TrimSpace(s.OS); os != "" {
			out = append(out, os)
		}
	}
	return out
}

// fixturesModules returns the modules a .fixtures.yml installs for a
// module's tests (puppetlabs_spec_helper): the keys of its forge_modules,
// repositories and symlinks sections, under "fixtures:". It reads the
// document's nodes rather than decoding it into maps, because the decoder
// refuses a key given twice, which Ruby's YAML, and so the helper that
// owns the file, accepts (the later value wins; here either names the
// same module).
func fixturesModules(src []byte) ([]string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("invalid .fixtures.yml: %w", err)
	}
	if len(doc.Content) == 0 {
		return nil, nil // an empty file
	}
	var out []string
	fixtures := mappingValue(doc.Content[0], "fixtures")
	for _, section := range []string{"forge_modules", "repositories", "symlinks"} {
		entries := mappingValue(fixtures, section)
		if entries == nil || entries.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(entries.Content); i += 2 {
			if k := entries.Content[i]; k.Kind == yaml.ScalarNode {
				out = append(out, strings.ToLower(shortModuleName(k.Value)))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// mappingValue returns the value of key in mapping node m (the last one
// when the key is given twice), nil when m is not a mapping or has no
// such key.
func mappingValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	var v *yaml.Node
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Kind == yaml.ScalarNode && k.Value == key {
			v = m.Content[i+1]
		}
	}
	return v
}
