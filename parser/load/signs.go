package load

import (
	"github.com/ducklint/ducklint/internal/words"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A directory is read as an environment or as a module from the files it
// holds, as Puppet and r10k decide: see kind. This file gathers those
// signs, the name a module's own code agrees on, and the count of files
// each reading would misplace when the signs conflict.

// dirSigns are the signs of an environment and of a module found in one
// directory, each as the name of what showed it.
type dirSigns struct {
	env, module []string
	// strongEnv: environment.conf or a parent named environments/, which
	// only an environment has.
	strongEnv bool
	// metadata: the directory holds metadata.json.
	metadata bool
	// sitePP: the directory holds manifests/site.pp.
	sitePP bool
	// manifests: the directory holds manifests/.
	manifests bool
}

// moduleHieraOnly reports whether the only environment signs are
// hiera.yaml and data/ beside manifests/, which a module's own Hiera
// layer has too.
func (s dirSigns) moduleHieraOnly() bool {
	for _, e := range s.env {
		if e != "hiera.yaml beside manifests/" && e != "data beside manifests/" {
			return false
		}
	}
	return true
}

// signsOf reads the signs of directory d from its listing.
func (y *layout) signsOf(d string) dirSigns {
	var s dirSigns
	has := y.entryTest(d)
	if has("environment.conf", false) {
		s.env = append(s.env, "environment.conf")
		s.strongEnv = true
	}
	if filepath.Base(filepath.Dir(d)) == "environments" && filepath.Dir(d) != d {
		s.env = append(s.env, "a directory of environments/")
		s.strongEnv = true
	}
	if has("Puppetfile", false) {
		s.env = append(s.env, "Puppetfile")
	}
	if s.manifests = has("manifests", true); s.manifests {
		manifests := filepath.Join(d, "manifests")
		inManifests := y.entryTest(manifests)
		s.sitePP = inManifests("site.pp", false)
		main := s.sitePP || y.holdsPP(manifests)
		if main {
			for _, c := range []struct {
				name string
				dir  bool
			}{{"modules", true}, {"site", true}, {"site-modules", true}, {"hiera.yaml", false}, {"data", true}} {
				if has(c.name, c.dir) {
					s.env = append(s.env, c.name+" beside manifests/")
				}
			}
			if s.sitePP {
				s.env = append(s.env, "manifests/site.pp")
			}
		}
		if inManifests("init.pp", false) {
			s.module = append(s.module, "manifests/init.pp")
		}
	}
	if has("metadata.json", false) {
		s.module = append(s.module, "metadata.json")
		s.metadata = true
	}
	return s
}

// holdsPP reports whether the directory d lists a .pp file.
func (y *layout) holdsPP(d string) bool {
	entries, err := y.l.readDir(d)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name, ".pp") && len(e.Name) > len(".pp") && entryIs(entries, d, e.Name, false) {
			return true
		}
	}
	return false
}

// reDefinition matches the start of a class, defined type, function or
// plan definition at the start of a line: enough to learn what a module's
// manifests define without parsing them.
var reDefinition = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^[ \t]*(?:class|define|function|plan)[ \t]+((?:::)?[a-z_][A-Za-z0-9_]*(?:::[a-z_][A-Za-z0-9_]*)*)[ \t]*[({]`)
})

// definedNames returns the names a Puppet file defines at the start of a
// line, in order, without a leading "::", lower-cased.
func definedNames(src []byte) []string {
	var out []string
	for _, m := range reDefinition().FindAllSubmatch(src, -1) {
		out = append(out, strings.ToLower(strings.TrimPrefix(string(m[1]), "::")))
	}
	return out
}

// manifestScan is what the .pp files of a directory's manifests/ define.
type manifestScan struct {
	files []scannedManifest
	// name is the module name the definitions agree on: the class of
	// manifests/init.pp, else the first segment most definitions share
	// (the smallest on a tie); "" when nothing is defined.
	name string
}

// scannedManifest is one file of a manifestScan.
type scannedManifest struct {
	rel   string // relative to the scanned directory, '/' separators
	names []string
}

// scanManifests reads (once) what the .pp files below d/manifests define.
func (y *layout) scanManifests(d string) *manifestScan {
	y.mu.Lock()
	sc, ok := y.scans[d]
	y.mu.Unlock()
	if ok {
		return sc
	}
	sc = &manifestScan{}
	manifests := filepath.Join(d, "manifests")
	var cs []candidate
	if y.l.exists(manifests, true) {
		cs = y.l.walk(manifests, walkMain)
	}
	slices.SortFunc(cs, func(a, b candidate) int { return strings.Compare(a.abs, b.abs) })
	counts := map[string]int{}
	for _, c := range cs {
		src, ok := y.l.overlays[c.abs]
		if !ok {
			var err error
			if src, err = readFile(c.abs); err != nil {
				continue // reading the file proper reports it
			}
		}
		rel, _ := relUnder(d, c.abs)
		f := scannedManifest{rel: rel, names: definedNames(src)}
		sc.files = append(sc.files, f)
		for _, n := range f.names {
			first, _, _ := strings.Cut(n, "::")
			counts[first]++
			if rel == "manifests/init.pp" && !strings.Contains(n, "::") && sc.name == "" {
				sc.name = n
			}
		}
	}
	if sc.name == "" {
		best := 0
		for _, first := range slices.Sorted(maps.Keys(counts)) {
			if counts[first] > best {
				sc.name, best = first, counts[first]
			}
		}
	}
	y.mu.Lock()
	y.scans[d] = sc
	y.mu.Unlock()
	return sc
}

// fitsModule reports whether a scanned manifest is laid out as a file of
// module name: its first definition is the one Puppet autoloads from it.
func (f scannedManifest) fitsModule(name string) bool {
	if len(f.names) == 0 || name == "" {
		return false
	}
	return f.names[0] == strings.ToLower(NameForPath(name, ModuleManifest, f.rel))
}

// reportFile is the manifest an ambiguity is told on (see Ambiguity.File),
// relative to the scanned directory; "" when there is none.
func (sc *manifestScan) reportFile() string {
	for _, want := range []string{"manifests/init.pp", "manifests/site.pp"} {
		for _, f := range sc.files {
			if f.rel == want {
				return want
			}
		}
	}
	if len(sc.files) > 0 {
		return sc.files[0].rel
	}
	return ""
}

// misplaced counts the manifests each reading of d would misplace: as a
// module named name, the files not laid out for autoloading (site.pp's
// classes and nodes); as an environment, the files laid out as a
// module's, which a main manifest does not autoload.
func (sc *manifestScan) misplaced(name string) (asModule, asEnv int) {
	for _, f := range sc.files {
		if f.fitsModule(name) {
			asEnv++
		} else {
			asModule++
		}
	}
	return asModule, asEnv
}

// Ambiguity is a directory whose signs say both environment and module,
// and the reading chosen for it.
type Ambiguity struct {
	// Dir is the directory, as File.Path reports paths.
	Dir string
	// File is where to say so: the directory's manifests/init.pp, else
	// manifests/site.pp, else the first of its manifests in path order,
	// as File.Path reports paths; "" when it has none.
	File string
	// Env is true when the directory was read as an environment.
	Env bool
	// EnvSigns and ModuleSigns are what showed each reading.
	EnvSigns, ModuleSigns []string
	// MisplacedAsEnv and MisplacedAsModule are how many of its manifests
	// each reading misplaces.
	MisplacedAsEnv, MisplacedAsModule int
	// Settled is set when the directory was read as an environment and
	// has environment.conf or lies in environments/, which Puppet reads
	// as nothing else: a control repository keeping metadata.json for its
	// test tooling. The reading is then certain, so not worth a finding.
	Settled bool
}

// Reason says in a sentence what was decided and why.
func (a Ambiguity) Reason() string {
	chosen, other := "an environment", "a module"
	mine, theirs := a.MisplacedAsEnv, a.MisplacedAsModule
	if !a.Env {
		chosen, other = other, chosen
		mine, theirs = theirs, mine
	}
	why := "both readings misplace as many files"
	if mine < theirs {
		why = words.Count(mine, "manifest", "manifests") + " misplaced instead of " + strconv.Itoa(theirs)
	}
	return "read as " + chosen + " (" + why + "), though it also looks like " + other +
		": environment signs " + strings.Join(a.EnvSigns, ", ") + "; module signs " + strings.Join(a.ModuleSigns, ", ")
}
