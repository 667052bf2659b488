package load

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/internal/par"
)

// moduleCodeDirs returns the module directories holding code Puppet
// loads: what is loaded of a module as context.
func moduleCodeDirs() []string {
	return []string{"manifests", "functions", "types", "plans", "templates"}
}

// isInnerDir reports whether a module directory of this name never holds
// another module: a directory with module markers inside one of them is
// part of the outer module (for instance manifests/sub/manifests/).
func isInnerDir(name string) bool {
	switch name {
	case "manifests", "functions", "types", "plans", "templates", "files", "lib":
		return true
	}
	return false
}

// layout finds and caches environments and modules by walking up from
// files.
type layout struct {
	l     *loader
	mu    sync.Mutex
	kinds map[string]dirKind
	envs  map[string]*Environment // by absolute directory
	mods  map[string]*Module      // by absolute directory
	info  map[*Environment]*envInfo
	abs   map[*Module]string
	// placed caches place by directory.
	placed map[string]placement
	// scans are the manifests read to name a module or decide a
	// directory's kind, by directory.
	scans map[string]*manifestScan
	// ambiguities are the directories read one way despite signs of the
	// other, by directory.
	ambiguities map[string]Ambiguity
}

// dirKind says what a directory looks like.
type dirKind struct {
	env, module bool
}

// envInfo is what the layout keeps about an environment beyond the
// exported fields: absolute paths.
type envInfo struct {
	dir        string
	manifest   string // absolute main manifest, file or directory
	modulePath []string
	modules    []*Module // every module on the modulepath, shadowed ones too
}

func newLayout(l *loader) *layout {
	return &layout{
		l:           l,
		kinds:       map[string]dirKind{},
		envs:        map[string]*Environment{},
		mods:        map[string]*Module{},
		info:        map[*Environment]*envInfo{},
		abs:         map[*Module]string{},
		placed:      map[string]placement{},
		scans:       map[string]*manifestScan{},
		ambiguities: map[string]Ambiguity{},
	}
}

// kind inspects (once) the directory d. A directory with any sign on the
// modulepath of the environment above it is a module, as Puppet reads it
// there. Otherwise its signs (signsOf) decide: an environment's alone
// make it an environment, a module's alone a module. With both, or with
// manifests/site.pp alone (which a module may hold too), the reading
// under which fewer of its manifests are misplaced wins, and the
// ambiguity is kept to be told once. A directory with manifests/ and no
// other sign is read as a module, as a module checked out without
// metadata.json and init.pp is.
func (y *layout) kind(d string) dirKind {
	y.mu.Lock()
	k, ok := y.kinds[d]
	y.mu.Unlock()
	if ok {
		return k
	}
	s := y.signsOf(d)
	onlySitePP := len(s.env) == 1 && s.env[0] == "manifests/site.pp"
	switch {
	case len(s.env) == 0 && len(s.module) == 0:
		k.module = s.manifests
	case y.onModulePath(d):
		k.module = true
	case len(s.module) == 0 && !onlySitePP:
		k.env = true
	case len(s.env) == 0 || s.moduleHieraOnly():
		// hiera.yaml and data/ beside manifests/ are also a module's own
		// Hiera layer: no conflict with a module's signs.
		k.module = true
	default:
		// Signs of both kinds, or manifests/site.pp alone, which a
		// module may hold too (class mod::site).
		k.env = y.decide(d, s)
		k.module = !k.env
	}
	y.mu.Lock()
	y.kinds[d] = k
	y.mu.Unlock()
	return k
}

// onModulePath reports whether d is a directory of a modulepath
// directory of the environment that holds it.
func (y *layout) onModulePath(d string) bool {
	parent := filepath.Dir(d)
	envDir := filepath.Dir(parent)
	if envDir == parent || !y.kind(envDir).env {
		return false
	}
	// The environment is read here first when a module directory was
	// named: it holds the module, so it is inside the boundary.
	y.l.bound.widen(d, envDir)
	return slices.Contains(y.envInfo(y.env(envDir)).modulePath, parent)
}

// decide reads a directory with signs of both kinds, and reports whether
// it is an environment: the reading that misplaces fewer of its
// manifests; on a tie environment.conf or environments/ make it an
// environment, metadata.json a module, and otherwise an environment.
func (y *layout) decide(d string, s dirSigns) bool {
	name := ""
	if s.metadata {
		if n, err := readMetadataName(filepath.Join(d, "metadata.json")); err == nil {
			name = shortModuleName(n)
		}
	}
	sc := y.scanManifests(d)
	if name == "" {
		name = sc.name
	}
	asModule, asEnv := sc.misplaced(name)
	env := asEnv < asModule
	if asEnv == asModule {
		env = s.strongEnv || !s.metadata
	}
	if len(s.module) == 0 {
		return env // manifests/site.pp alone: no sign said module
	}
	a := Ambiguity{Dir: y.l.rel(d), Env: env, EnvSigns: s.env, ModuleSigns: s.module,
		MisplacedAsEnv: asEnv, MisplacedAsModule: asModule, Settled: env && s.strongEnv}
	if rel := sc.reportFile(); rel != "" {
		a.File = y.l.rel(filepath.Join(d, filepath.FromSlash(rel)))
	}
	y.mu.Lock()
	y.ambiguities[d] = a
	y.mu.Unlock()
	return env
}

// entryTest returns a test of whether directory d holds a directory (dir)
// or regular file (!dir) of a given name, following symlinks. A listing
// (read once per Load, shared with the walks and kept in the context
// memo) answers it. While the files named are placed, a directory no
// directory argument's walk covers and not listed yet, as those above one
// file are, is listed only for a name that is there: nothing else reads
// its listing, most directories tested hold none of the names asked for,
// which an lstat answers without reading the whole directory (a home
// directory, a scratch directory of hundreds of entries), and the
// listing, exact about the case of names where the file system is not,
// settles the rest. Once the context is known its directories are read
// as the context walks and the memo read them: a module's directory is
// asked for a dozen names.
func (y *layout) entryTest(d string) func(name string, dir bool) bool {
	if !y.l.listed(d) && !y.l.contextKnown && !slices.ContainsFunc(y.l.givenDirs, func(g string) bool { return under(g, d) }) {
		return func(name string, dir bool) bool {
			return !absent(filepath.Join(d, name)) && y.listingHas(d, name, dir)
		}
	}
	return func(name string, dir bool) bool { return y.listingHas(d, name, dir) }
}

// listingHas reports whether the listing of directory d has a directory
// (dir) or regular file (!dir) called name, following symlinks.
func (y *layout) listingHas(d, name string, dir bool) bool {
	entries, err := y.l.readDir(d)
	if err != nil {
		// Unlistable but perhaps searchable: ask for the name.
		return statIs(filepath.Join(d, name), dir)
	}
	return entryIs(entries, d, name, dir)
}

// place finds the environment and module of the file at abs by walking up
// its directories to the file system root: not stopping at the top of a
// git work tree, because modules deployed into an environment are often
// git clones of their own. The innermost environment wins; inside it, a file under a modulepath
// directory belongs to that module; otherwise the innermost directory
// with module markers (manifests/ or metadata.json) that is not inside
// another module's code or lib directory is the module.
func (y *layout) place(abs string) (*Environment, *Module) {
	dir := parentDir(abs)
	y.mu.Lock()
	p, ok := y.placed[dir]
	y.mu.Unlock()
	if !ok {
		p.env, p.mod = y.placeDir(dir)
		y.mu.Lock()
		y.placed[dir] = p
		y.mu.Unlock()
	}
	return p.env, p.mod
}

// placement is the environment and module of the files of one directory.
type placement struct {
	env *Environment
	mod *Module
}

// placeDir places the files directly in the absolute directory dir.
func (y *layout) placeDir(dir string) (*Environment, *Module) {
	var chain []string // innermost first
	up := parentDir
	if filepath.Separator == '/' && cleanAbs(dir) {
		up = parentOfClean // the parents of a clean path are clean
	}
	for d := dir; ; d = up(d) {
		chain = append(chain, d)
		if d == "/" || up(d) == d {
			break
		}
	}
	var env *Environment
	envAt := len(chain)
	for i, d := range chain {
		if y.kind(d).env {
			y.l.bound.widen(dir, d)
			env = y.env(d)
			envAt = i
			break
		}
	}
	if env != nil {
		info := y.envInfo(env)
		for _, p := range info.modulePath {
			first, _, _ := strings.Cut(relOrEmpty(p, dir), "/")
			if first == "" {
				continue // a file directly in the modulepath directory
			}
			return env, y.module(filepath.Join(p, filepath.FromSlash(first)), nil)
		}
	}
	var chosen string
	for i := envAt - 1; i >= 0; i-- { // outermost candidate first
		d := chain[i]
		if !y.kind(d).module {
			continue
		}
		if chosen != "" {
			first, _, _ := strings.Cut(relOrEmpty(chosen, d), "/")
			if isInnerDir(first) {
				continue
			}
		}
		chosen = d
	}
	if chosen == "" {
		return env, nil
	}
	y.l.bound.widen(dir, chosen)
	return env, y.module(chosen, nil)
}

// envInfo returns the absolute paths of an environment.
func (y *layout) envInfo(e *Environment) *envInfo {
	y.mu.Lock()
	defer y.mu.Unlock()
	return y.info[e]
}

// env returns (creating once) the environment at the absolute dir d.
func (y *layout) env(d string) *Environment {
	y.mu.Lock()
	e, ok := y.envs[d]
	y.mu.Unlock()
	if ok {
		return e
	}
	e = &Environment{Dir: y.l.rel(d), AbsDir: d, Name: filepath.Base(d), Modules: map[string]*Module{}, Signs: y.signsOf(d).env}
	info := &envInfo{dir: d, manifest: filepath.Join(d, "manifests")}
	modulePath := []string{"modules", "site", "site-modules"}
	conf := filepath.Join(d, "environment.conf")
	if y.l.exists(conf, false) && y.l.inside(conf) {
		settings, err := readEnvConf(conf)
		if err != nil {
			y.l.problem(conf, err)
		}
		if m, ok := settings["manifest"]; ok && m != "" && !strings.Contains(m, "$") && !filepath.IsAbs(m) {
			info.manifest = filepath.Join(d, filepath.FromSlash(m))
		}
		if mp, ok := settings["modulepath"]; ok {
			modulePath = nil
			for entry := range strings.SplitSeq(mp, string(filepath.ListSeparator)) {
				entry = strings.TrimSpace(entry)
				if entry == "" || strings.Contains(entry, "$") || filepath.IsAbs(entry) {
					continue // $basemodulepath and absolute entries are outside the tree
				}
				modulePath = append(modulePath, entry)
			}
		}
	}
	for _, entry := range modulePath {
		p := filepath.Join(d, filepath.FromSlash(entry))
		if y.l.exists(p, true) && !slices.Contains(info.modulePath, p) && y.l.inside(p) {
			info.modulePath = append(info.modulePath, p)
			e.ModulePath = append(e.ModulePath, y.l.rel(p))
		}
	}
	y.mu.Lock()
	y.envs[d] = e
	y.info[e] = info
	y.mu.Unlock()
	for _, p := range info.modulePath {
		entries, err := y.l.readDir(p)
		if err != nil {
			y.l.problem(p, fmt.Errorf("cannot read modulepath directory: %w", pathError(err)))
			continue
		}
		for _, ent := range entries {
			md := filepath.Join(p, ent.Name)
			// Excluded modules are loaded all the same: exclude globs
			// say what is reported, not what the program is made of.
			if strings.HasPrefix(ent.Name, ".") || !entryIs(entries, p, ent.Name, true) || !y.l.inside(md) {
				continue
			}
			m := y.module(md, e)
			info.modules = append(info.modules, m)
			if _, taken := e.Modules[m.Name]; !taken {
				e.Modules[m.Name] = m
			}
		}
	}
	return e
}

// module returns (creating once) the module at the absolute dir d; env,
// when not nil, is the environment whose modulepath holds it.
func (y *layout) module(d string, env *Environment) *Module {
	y.mu.Lock()
	m, ok := y.mods[d]
	y.mu.Unlock()
	if ok {
		if env != nil && m.Env == nil {
			m.Env = env
			m.Name, m.NameFrom = filepath.Base(d), NameFromModulePath
		}
		return m
	}
	m = &Module{Name: filepath.Base(d), NameFrom: NameFromModulePath, Dir: y.l.rel(d), AbsDir: d, Env: env}
	if env == nil {
		m.NameFrom = NameFromDirectory
		if m.Signs = y.signsOf(d).module; len(m.Signs) == 0 {
			m.Signs = []string{"manifests/"}
		}
	}
	meta := filepath.Join(d, "metadata.json")
	if y.l.exists(meta, false) && y.l.inside(meta) {
		name, err := readMetadataName(meta)
		if err != nil {
			y.l.problem(meta, err)
		} else if name != "" {
			m.MetadataName = name
			// On a modulepath Puppet names a module by its directory
			// whatever metadata.json says; a module checked out on its own
			// (puppetlabs-apache/) is named by its metadata.
			if env == nil {
				m.Name, m.NameFrom = shortModuleName(name), NameFromMetadata
			}
		}
	}
	if env == nil && m.MetadataName == "" {
		// A module checked out on its own without metadata.json is
		// installed under the name its Puppetfile entry gives, which its
		// code agrees on; its clone directory (puppet-nginx/) says nothing.
		if name := y.scanManifests(d).name; name != "" {
			m.Name, m.NameFrom = name, NameFromCode
		}
	}
	y.mu.Lock()
	y.mods[d] = m
	y.abs[m] = d
	y.mu.Unlock()
	return m
}

// relOrEmpty returns dir relative to base with '/' separators when dir
// lies strictly below base, else "".
func relOrEmpty(base, dir string) string {
	r, _ := relUnder(base, dir)
	return r
}

// shortModuleName drops the author from "author-name" or "author/name".
func shortModuleName(full string) string {
	if i := strings.LastIndexAny(full, "-/"); i >= 0 {
		return full[i+1:]
	}
	return full
}

// readMetadataName returns the "name" of a metadata.json file.
func readMetadataName(path string) (string, error) {
	b, err := readFile(path)
	if err != nil {
		return "", fmt.Errorf("cannot read metadata.json: %w", pathError(err))
	}
	var meta struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(b, &meta); err != nil {
		return "", fmt.Errorf("invalid metadata.json, using the directory name: %w", err)
	}
	return strings.TrimSpace(meta.Name), nil
}

// readEnvConf reads the settings of an environment.conf: `key = value`
// lines, `#` and `;` comments, section headers ignored, surrounding
// quotes removed.
func readEnvConf(path string) (map[string]string, error) {
	b, err := readFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read environment.conf: %w", pathError(err))
	}
	settings := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	n := 0
	var bad []int
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' || line[0] == '[' {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			bad = append(bad, n)
			continue
		}
		val = strings.TrimSpace(val)
		if len(val) >= 2 && (val[0] == '"' || val[0] == '\'') && val[len(val)-1] == val[0] {
			val = val[1 : len(val)-1]
		}
		settings[strings.TrimSpace(key)] = val
	}
	if len(bad) > 0 {
		return settings, fmt.Errorf("environment.conf line %d: expected `key = value`", bad[0])
	}
	return settings, nil
}

// envContext returns the files of an environment loaded as context: its
// main manifest, its own functions/, types/ and plans/, and the code of
// every module on its modulepath.
func (l *loader) envContext(e *Environment) []candidate {
	info := l.lay.envInfo(e)
	var out []candidate
	if fi, err := os.Stat(info.manifest); err == nil {
		switch {
		case fi.IsDir():
			out = append(out, l.contextWalk(info.manifest, walkMain)...)
		case fi.Mode().IsRegular():
			out = append(out, candidate{abs: info.manifest, real: realPath(info.manifest)})
		}
	}
	for _, sub := range []string{"functions", "types", "plans"} {
		if d := filepath.Join(info.dir, sub); l.exists(d, true) {
			out = append(out, l.contextWalk(d, walkMain)...)
		}
	}
	// Modules are walked side by side: each is a handful of small
	// directories, too small for a walk's own parallelism to help.
	perModule := make([][]candidate, len(info.modules))
	par.For(len(info.modules), l.jobs, func(i int) { perModule[i] = l.moduleContext(info.modules[i]) })
	for _, c := range perModule {
		out = append(out, c...)
	}
	return append(out, l.hieraContext(info.dir, false)...)
}

// moduleContext returns the files of a module's code directories.
func (l *loader) moduleContext(m *Module) []candidate {
	l.lay.mu.Lock()
	dir := l.lay.abs[m]
	l.lay.mu.Unlock()
	var out []candidate
	has := l.lay.entryTest(dir)
	for _, sub := range moduleCodeDirs() {
		if d := filepath.Join(dir, sub); has(sub, true) {
			out = append(out, l.contextWalk(d, walkContext)...)
		}
	}
	return append(out, l.hieraContext(dir, true)...)
}

// classify sets the file's place in the layout.
func (y *layout) classify(f *File) {
	env, mod := y.place(f.AbsPath)
	ext := filepath.Ext(f.AbsPath)
	if mod != nil {
		y.mu.Lock()
		dir := y.abs[mod]
		y.mu.Unlock()
		f.Module = mod
		f.Env = env
		if mod.Env != nil {
			f.Env = mod.Env
		}
		f.RelInModule, _ = relUnder(dir, f.AbsPath)
		f.Role = ModuleOther
		first, _, _ := strings.Cut(f.RelInModule, "/")
		switch {
		case first == "manifests" && ext == ".pp":
			f.Role = ModuleManifest
		case first == "functions" && ext == ".pp":
			f.Role = ModuleFunction
		case first == "types" && ext == ".pp":
			f.Role = ModuleType
		case first == "plans" && ext == ".pp":
			f.Role = ModulePlan
		case first == "templates" && ext == ".epp":
			f.Role = ModuleTemplate
		}
		return
	}
	f.Role = Lone
	if env == nil {
		return
	}
	f.Env = env
	info := y.envInfo(env)
	rel, _ := relUnder(info.dir, f.AbsPath)
	if ext == ".pp" && (f.AbsPath == info.manifest || under(info.manifest, f.AbsPath)) {
		f.Role = MainManifest
		f.RelInModule = rel
		return
	}
	first, _, _ := strings.Cut(rel, "/")
	if ext != ".pp" {
		return
	}
	switch first {
	case "functions":
		f.Role = ModuleFunction
	case "types":
		f.Role = ModuleType
	case "plans":
		f.Role = ModulePlan
	default:
		return
	}
	f.RelInModule = rel
}
