package ducklint

import (
	"encoding/json"
	"flag"
	"fmt"
	"github.com/ducklint/ducklint/internal/words"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
)

const layoutUsage = `usage: ducklint layout [flags] [PATH ...]

Prints how ducklint reads the tree at each PATH (default "."): each
environment with its modulepath, main manifest, Hiera layers and the
dependencies it declares; each module with its name and where the name came
from; whether the set of modules is closed, and why; and the files analysed
as context but not reported (outside the PATHs, ignored by git, or
excluded). See docs/reading-a-tree.md.

Flags:
  -f, --format FORMAT   text or json (default text)
      --config FILE     configuration file, for its exclude globs
                        (default: nearest .ducklint.toml upward)

Exit codes: 0 printed, 2 usage or configuration error or a path that cannot be read.
`

// layoutCommand runs `ducklint layout ...`; args follow "layout".
func (c *Command) layoutCommand(args []string) int {
	format, configPath := "text", ""
	fs := flag.NewFlagSet("ducklint layout", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&format, "f", format, "")
	fs.StringVar(&format, "format", format, "")
	fs.StringVar(&configPath, "config", "", "")
	help := false
	fs.BoolVar(&help, "h", false, "")
	fs.BoolVar(&help, "help", false, "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(c.Stderr, "ducklint layout: %s (see --help)\n", documentedFlagSpelling(err.Error()))
		return ExitUsage
	}
	if help {
		fmt.Fprint(c.Stdout, layoutUsage)
		return ExitClean
	}
	if format != "text" && format != "json" {
		fmt.Fprintf(c.Stderr, "ducklint layout: unknown format %q (want text or json)\n", format)
		return ExitUsage
	}
	rep, err := c.readLayout(fs.Args(), configPath)
	if err != nil {
		fmt.Fprintf(c.Stderr, "ducklint layout: %v\n", err)
		return ExitUsage
	}
	if format == "json" {
		enc := json.NewEncoder(c.Stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = rep.writeText(c.Stdout)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "ducklint layout: %v\n", err)
		return ExitInternal
	}
	if len(rep.Problems) > 0 {
		return ExitUsage
	}
	return ExitClean
}

// layoutReport is what `ducklint layout` prints; its JSON form is the
// struct as tagged.
type layoutReport struct {
	Environments []layoutEnv       `json:"environments"`
	Modules      []layoutModule    `json:"modules"`
	Ambiguities  []layoutAmbiguity `json:"ambiguities"`
	Context      []layoutContext   `json:"context"`
	Problems     []string          `json:"problems"`
}

// layoutEnv is one environment.
type layoutEnv struct {
	Dir          string     `json:"dir"`
	Name         string     `json:"name"`
	Signs        []string   `json:"signs"`
	MainManifest []string   `json:"main_manifest"`
	ModulePath   []string   `json:"modulepath"`
	Modules      []string   `json:"modules"`
	HieraLayers  []string   `json:"hiera_layers"`
	Declares     layoutDeps `json:"declares"`
	Closed       bool       `json:"closed"`
	ClosedWhy    string     `json:"closed_why"`
	Missing      []string   `json:"declared_not_on_disk"`
	Undeclared   []string   `json:"on_disk_not_declared"`
	// Puppet is the Puppet version its code is checked for, and why.
	Puppet string `json:"puppet"`
}

// hieraLayer is a hiera.yaml and whose layer it is.
type hieraLayer struct{ path, of string }

// layoutDeps are declared dependencies and the files declaring them.
type layoutDeps struct {
	Modules []string `json:"modules"`
	Files   []string `json:"files"`
}

// layoutModule is one module.
type layoutModule struct {
	Dir         string     `json:"dir"`
	Name        string     `json:"name"`
	NameFrom    string     `json:"name_from"`
	Metadata    string     `json:"metadata_name,omitempty"`
	Environment string     `json:"environment,omitempty"`
	Signs       []string   `json:"signs"`
	Declares    layoutDeps `json:"declares"`
	Closed      bool       `json:"closed"`
	ClosedWhy   string     `json:"closed_why"`
	// Puppet is the Puppet version a module on its own is checked for,
	// and why; a module of an environment has the environment's.
	Puppet      string `json:"puppet,omitempty"`
	Reported    int    `json:"reported_files"`
	ContextOnly int    `json:"context_files"`
}

// layoutAmbiguity is a directory read one way despite signs of the other.
type layoutAmbiguity struct {
	Dir    string `json:"dir"`
	Read   string `json:"read_as"`
	Reason string `json:"reason"`
}

// layoutContext is a file analysed but not reported.
type layoutContext struct {
	Path   string `json:"path"`
	Why    string `json:"why"`
	Module string `json:"module,omitempty"` // the module directory it belongs to
}

// readLayout loads the tree at paths as a check would, without parsing it.
func (c *Command) readLayout(paths []string, configPath string) (*layoutReport, error) {
	dir := c.Dir
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("working directory: %w", err)
	}
	for _, p := range paths {
		if p == "-" {
			return nil, fmt.Errorf(`"-" (standard input) has no layout; give a file or directory`)
		}
	}
	var exclude []string
	var puppet rules.PuppetVersion
	excludeBase := dir
	if configPath == "" {
		if configPath, err = rules.FindConfig(dir); err != nil {
			return nil, err
		}
	} else if !filepath.IsAbs(configPath) {
		configPath = filepath.Join(dir, configPath)
	}
	if configPath != "" {
		cfg, err := rules.LoadConfig(configPath, rules.Default())
		if err != nil {
			return nil, err
		}
		exclude, excludeBase, puppet = cfg.Exclude, filepath.Dir(configPath), cfg.PuppetVersion
	}
	tree, err := load.Load(load.Options{Paths: paths, Dir: dir, Exclude: exclude, ExcludeBase: excludeBase, DeferContext: true})
	if err != nil {
		return nil, err
	}
	return newLayoutReport(tree, puppet), nil
}

// newLayoutReport describes a loaded tree whose configuration sets the
// target Puppet version puppet (0: none).
func newLayoutReport(t *load.Tree, puppet rules.PuppetVersion) *layoutReport {
	rep := &layoutReport{Environments: []layoutEnv{}, Modules: []layoutModule{}, Ambiguities: []layoutAmbiguity{},
		Context: []layoutContext{}, Problems: []string{}}
	reported := map[*load.Module]int{}
	context := map[*load.Module]int{}
	layers := map[*load.Environment][]hieraLayer{}
	for _, f := range t.Files {
		if f.Module != nil {
			if f.Reported {
				reported[f.Module]++
			} else {
				context[f.Module]++
			}
		}
		if !f.Reported {
			c := layoutContext{Path: f.Path, Why: string(f.ContextWhy)}
			if f.Module != nil {
				c.Module = f.Module.Dir
			}
			rep.Context = append(rep.Context, c)
		}
		if f.Role == load.HieraConfig && f.Env != nil {
			of := "environment"
			if f.Module != nil {
				of = "module " + f.Module.Name
			}
			layers[f.Env] = append(layers[f.Env], hieraLayer{f.Path, of})
		}
	}
	for _, e := range t.Envs {
		le := layoutEnv{Dir: e.Dir, Name: e.Name, Signs: nonNil(e.Signs), MainManifest: nonNil(e.ManifestPaths),
			ModulePath: nonNil(e.ModulePath), Modules: []string{}, HieraLayers: []string{},
			Declares: layoutDeps{nonNil(e.Dependencies.Modules), nonNil(e.Dependencies.Files)},
			Missing:  []string{}, Undeclared: []string{}}
		for name := range e.Modules {
			le.Modules = append(le.Modules, name)
		}
		slices.Sort(le.Modules)
		// The environment's own layer first, then the modules', as
		// Puppet looks them up.
		ls := layers[e]
		slices.SortStableFunc(ls, func(a, b hieraLayer) int {
			return boolOrder(a.of != "environment", b.of != "environment")
		})
		for _, l := range ls {
			le.HieraLayers = append(le.HieraLayers, l.path+" ("+l.of+")")
		}
		le.Closed, le.ClosedWhy, le.Missing, le.Undeclared = envClosed(e)
		le.Puppet = rules.FileTarget(&load.File{Env: e}, puppet).String()
		rep.Environments = append(rep.Environments, le)
	}
	for _, m := range t.Modules {
		lm := layoutModule{Dir: m.Dir, Name: m.Name, NameFrom: string(m.NameFrom), Metadata: m.MetadataName,
			Signs: nonNil(m.Signs), Declares: layoutDeps{nonNil(m.Dependencies.Modules), nonNil(m.Dependencies.Files)},
			Reported: reported[m], ContextOnly: context[m]}
		if m.Env != nil {
			lm.Environment = m.Env.Dir
			lm.Closed, lm.ClosedWhy = true, "on the modulepath of environment "+m.Env.Dir+", whose modules it sees"
		} else {
			lm.Closed, lm.ClosedWhy = moduleClosed(m)
			lm.Puppet = rules.ModuleTarget(m, puppet).String()
		}
		rep.Modules = append(rep.Modules, lm)
	}
	for _, a := range t.Ambiguities {
		read := "module"
		if a.Env {
			read = "environment"
		}
		rep.Ambiguities = append(rep.Ambiguities, layoutAmbiguity{Dir: a.Dir, Read: read, Reason: a.Reason()})
	}
	for _, p := range t.Problems {
		rep.Problems = append(rep.Problems, p.Error())
	}
	return rep
}

// envClosed says whether the modules an environment can use are all
// known, and why: a Puppetfile lists every module r10k installs beside
// the tree's own; without one, modules may come from elsewhere (the
// basemodulepath, a package). missing are the Puppetfile's modules not on
// the modulepath on disk; undeclared the modulepath's modules it does not
// list.
func envClosed(e *load.Environment) (closed bool, why string, missing, undeclared []string) {
	missing, undeclared = []string{}, []string{}
	hasPuppetfile := slices.ContainsFunc(e.Dependencies.Files, func(f string) bool { return filepath.Base(f) == "Puppetfile" })
	if !hasPuppetfile {
		return false, "no Puppetfile: modules may also come from the basemodulepath or be installed otherwise", missing, undeclared
	}
	for _, name := range e.Dependencies.Modules {
		if _, ok := e.Modules[name]; !ok {
			missing = append(missing, name)
		}
	}
	// r10k installs into modules/; the tree's own modules live elsewhere
	// on the modulepath (site/, site-modules/).
	installDir := path.Join(e.Dir, "modules")
	for name, m := range e.Modules {
		if path.Dir(m.Dir) == installDir && !slices.Contains(e.Dependencies.Modules, name) {
			undeclared = append(undeclared, name)
		}
	}
	slices.Sort(undeclared)
	why = "the Puppetfile lists the modules r10k installs beside the tree's own"
	if len(missing) == 0 {
		why += "; all are on disk"
	} else {
		why += fmt.Sprintf("; %d not installed (r10k puppetfile install), known by name only", len(missing))
	}
	return true, why, missing, undeclared
}

// moduleClosed says whether a module on its own declares what it needs.
func moduleClosed(m *load.Module) (bool, string) {
	if len(m.Dependencies.Files) == 0 {
		return false, "neither metadata.json nor .fixtures.yml declares its dependencies"
	}
	return true, "its dependencies are declared in " + strings.Join(m.Dependencies.Files, ", ")
}

// boolOrder orders false before true.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// nonNil returns s, or an empty slice for nil, so JSON says [] not null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// writeText writes the report for people.
func (r *layoutReport) writeText(w io.Writer) error {
	var b strings.Builder
	list := func(xs []string) string {
		if len(xs) == 0 {
			return "(none)"
		}
		return strings.Join(xs, " ")
	}
	for _, e := range r.Environments {
		fmt.Fprintf(&b, "environment %s (name %s)\n", e.Dir, e.Name)
		fmt.Fprintf(&b, "  because:       %s\n", strings.Join(e.Signs, ", "))
		fmt.Fprintf(&b, "  main manifest: %s\n", list(e.MainManifest))
		modulePath := list(e.ModulePath)
		if len(e.ModulePath) == 0 {
			modulePath = "(no modulepath directory on disk)"
		}
		fmt.Fprintf(&b, "  modulepath:    %s\n", modulePath)
		fmt.Fprintf(&b, "  modules:       %s\n", list(e.Modules))
		fmt.Fprintf(&b, "  hiera layers:  %s\n", strings.Join(append(e.HieraLayers, "(global layer: outside the tree)"), "; "))
		fmt.Fprintf(&b, "  declares:      %s", list(e.Declares.Modules))
		if len(e.Declares.Files) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(e.Declares.Files, ", "))
		}
		b.WriteString("\n")
		closed := "open"
		if e.Closed {
			closed = "closed"
		}
		fmt.Fprintf(&b, "  module set:    %s: %s\n", closed, e.ClosedWhy)
		fmt.Fprintf(&b, "  checked for:   %s\n", e.Puppet)
		if len(e.Missing) > 0 {
			fmt.Fprintf(&b, "  not installed: %s\n", list(e.Missing))
		}
		if len(e.Undeclared) > 0 {
			fmt.Fprintf(&b, "  in modules/ but not in the Puppetfile: %s\n", list(e.Undeclared))
		}
	}
	for _, m := range r.Modules {
		fmt.Fprintf(&b, "module %s: %s (name from %s", m.Dir, m.Name, m.NameFrom)
		if m.Metadata != "" {
			fmt.Fprintf(&b, " %q", m.Metadata)
		}
		b.WriteString(")")
		if m.Environment != "" {
			fmt.Fprintf(&b, " in environment %s", m.Environment)
		} else {
			fmt.Fprintf(&b, ", on its own because: %s", strings.Join(m.Signs, ", "))
			closed := "open"
			if m.Closed {
				closed = "closed"
			}
			fmt.Fprintf(&b, "; dependencies %s: %s; checked for %s", closed, m.ClosedWhy, m.Puppet)
		}
		fmt.Fprintf(&b, "; files: %d reported, %d context\n", m.Reported, m.ContextOnly)
	}
	for _, a := range r.Ambiguities {
		fmt.Fprintf(&b, "ambiguous %s: %s\n", a.Dir, a.Reason)
	}
	if len(r.Context) > 0 {
		fmt.Fprintf(&b, "context, analysed but not reported (%s):\n", words.Count(len(r.Context), "file", "files"))
		writeContextGroups(&b, r.Context)
	}
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "problem: %s\n", p)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing the layout: %w", err)
	}
	return nil
}

// writeContextGroups writes the context files grouped by reason and by
// module (or directory), which keeps the text short for an installed
// modules/ of thousands of files; -f json lists every file.
func writeContextGroups(b *strings.Builder, files []layoutContext) {
	type group struct{ why, dir string }
	counts := map[group]int{}
	var order []group
	for _, f := range files {
		dir := f.Module
		if dir == "" {
			dir = path.Dir(f.Path)
		}
		g := group{f.Why, dir}
		if counts[g] == 0 {
			order = append(order, g)
		}
		counts[g]++
	}
	for _, g := range order {
		fmt.Fprintf(b, "  %s/: %s (%s)\n", g.dir, words.Count(counts[g], "file", "files"), g.why)
	}
}
