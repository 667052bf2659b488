package load

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/hiera"
)

// hieraFile is what loading found a Hiera file to be.
type hieraFile struct {
	role    Role
	format  hiera.Format
	config  string // absolute path of the hiera.yaml whose hierarchy reads a data file
	literal bool   // a level names the data file without interpolation (see File.HieraEveryNode)
	// parsed is a configuration as loading parsed it, module the layer
	// kind it was parsed for (see File.ParsedConfig).
	parsed *hiera.Config
	module bool
}

// hieraContext returns the Hiera files of the layer rooted at root (an
// environment or module directory): its hiera.yaml and the data files
// its hierarchy can reach, below the data directories it names. Those
// below a directory PATH argument are reported, as the walk would have
// reported Puppet files there.
func (l *loader) hieraContext(root string, module bool) []candidate {
	conf := filepath.Join(root, hiera.ConfigFileName)
	if !l.lay.entryTest(root)(hiera.ConfigFileName, false) {
		return nil
	}
	src, ok := l.overlays[conf]
	if !ok && !l.inside(conf) {
		return nil
	}
	if !ok {
		var err error
		if src, err = os.ReadFile(conf); err != nil {
			l.problem(conf, err)
			return nil
		}
	}
	cfg := hiera.ParseConfig(l.rel(conf), src, module)
	out := []candidate{l.hieraCandidate(conf, hieraFile{role: HieraConfig, parsed: cfg, module: module})}
	var dirs []string
	for _, lv := range cfg.Levels {
		if lv.Format() != "" && len(lv.Patterns) > 0 && !slices.Contains(dirs, lv.Datadir) {
			dirs = append(dirs, lv.Datadir)
		}
	}
	// A path or glob climbing out of its data directory (or a data
	// directory named absolute) leads out of the layer: not read either.
	for _, lv := range cfg.Levels {
		if lv.Format() == "" || path.IsAbs(lv.Datadir) {
			continue
		}
		for _, p := range lv.Patterns {
			if j := path.Join(lv.Datadir, p); path.IsAbs(j) || j == ".." || strings.HasPrefix(j, "../") {
				l.mu.Lock()
				if !slices.Contains(l.hieraOutside[root], j) {
					l.hieraOutside[root] = append(l.hieraOutside[root], j)
				}
				l.mu.Unlock()
			}
		}
	}
	seen := map[string]bool{}
	for _, d := range dirs {
		dataDir := filepath.FromSlash(d)
		if !filepath.IsAbs(dataDir) {
			dataDir = filepath.Join(root, dataDir)
		}
		if rel, err := filepath.Rel(root, dataDir); err != nil || escapes(rel) || !l.bound.containsReal(l.realOf(dataDir)) {
			// A data directory outside the layer (an absolute path) is not
			// part of the tree, and one leading outside the boundary is not
			// read: the analyses that need its data say so.
			l.mu.Lock()
			l.hieraOutside[root] = append(l.hieraOutside[root], d)
			l.mu.Unlock()
			if mode, err := l.lstatType(dataDir); err == nil && mode&fs.ModeSymlink != 0 {
				l.notice(dataDir, errLinkOutside)
			}
			continue
		}
		l.eachRegularFile(dataDir, func(p string) {
			if seen[p] {
				return
			}
			rel, relErr := filepath.Rel(root, p)
			if relErr != nil {
				return // a path not below root is not the layer's data
			}
			rel = filepath.ToSlash(rel)
			for _, lv := range cfg.Levels {
				if f := lv.Format(); f != "" && lv.Reaches(rel) {
					seen[p] = true
					literal := slices.ContainsFunc(cfg.Levels, func(lv hiera.Level) bool { return lv.Format() != "" && lv.ReachesLiterally(rel) })
					out = append(out, l.hieraCandidate(p, hieraFile{role: HieraData, format: f, config: conf, literal: literal}))
					break
				}
			}
		})
	}
	return out
}

// hieraCandidate records what the Hiera file at abs is and returns it as
// a candidate, reported when it lies below a directory PATH argument and
// neither the exclude globs nor the .gitignore files leave it or its
// directories out, as the walk reports Puppet files.
func (l *loader) hieraCandidate(abs string, h hieraFile) candidate {
	l.mu.Lock()
	l.hiera[abs] = h
	l.mu.Unlock()
	i := slices.IndexFunc(l.givenDirs, func(d string) bool { return under(d, abs) })
	reported := i >= 0 && !l.exclude.excluded(abs) && !l.ignoredBelow(l.givenDirs[i], abs)
	return candidate{abs: abs, real: l.realOf(abs), reported: reported}
}

// eachRegularFile calls f with the path of every regular file at or below
// root, in lexical order, as filepath.WalkDir finds them: symbolic links,
// root included, are not followed, and unreadable directories are skipped
// (Puppet cannot read them either). Listings come through l.readDir.
func (l *loader) eachRegularFile(root string, f func(path string)) {
	mode, err := l.lstatType(root)
	switch {
	case err != nil:
	case mode.IsDir():
		l.eachFileBelow(root, f)
	case mode.IsRegular():
		f(root)
	}
}

// eachFileBelow is eachRegularFile below the directory dir.
func (l *loader) eachFileBelow(dir string, f func(path string)) {
	entries, err := l.readDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := joinName(dir, e.Name)
		switch {
		case e.Type.IsDir():
			l.eachFileBelow(p, f)
		case e.Type.IsRegular():
			f(p)
		}
	}
}

// ignoredBelow reports whether the .gitignore files leave out the file
// abs below the directory argument root, as the walk of root does.
func (l *loader) ignoredBelow(root, abs string) bool {
	ign, ignored := l.ignoreStack(root, filepath.Dir(abs))
	return ignored || ign.ignored(abs, false)
}

// ignoreStack returns the .gitignore levels in force for the entries of
// dir, at or below the directory argument root: those above root up to
// the top of its git work tree, root's own and those of the directories
// between; ignored is true when dir or a directory between is ignored
// itself. Results are kept per directory: data directories hold many
// files.
func (l *loader) ignoreStack(root, dir string) (ign *ignoreLevel, ignored bool) {
	key := root + "\x00" + dir
	l.mu.Lock()
	st, ok := l.ignoreStacks[key]
	l.mu.Unlock()
	if ok {
		return st.level, st.ignored
	}
	if dir == root || filepath.Dir(dir) == dir {
		ign = l.ancestorIgnores(root)
	} else {
		ign, ignored = l.ignoreStack(root, filepath.Dir(dir))
		ignored = ignored || ign.ignored(dir, true)
	}
	if !ignored {
		ign = ign.push(dir, l.ignoreRules(dir))
	}
	l.mu.Lock()
	l.ignoreStacks[key] = ignoreStackState{ign, ignored}
	l.mu.Unlock()
	return ign, ignored
}

// ignoreStackState is a cached result of ignoreStack.
type ignoreStackState struct {
	level   *ignoreLevel
	ignored bool
}

// classifyHiera sets the role of a Hiera file once the layout placed it.
func (l *loader) classifyHiera(f *File) {
	l.mu.Lock()
	h, ok := l.hiera[f.AbsPath]
	l.mu.Unlock()
	if !ok {
		return
	}
	f.Role, f.DataFormat, f.HieraEveryNode = h.role, h.format, h.literal
	if h.parsed != nil && h.module == (f.Module != nil) && h.parsed.Syntax.Path == f.Path {
		f.ParsedConfig = h.parsed
	}
	if h.config != "" {
		f.HieraConfig = l.rel(h.config)
	}
}
