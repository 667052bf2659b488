package ducklint

import (
	"fmt"
	"os"
	"slices"

	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// narrowContext keeps, of a tree whose context files were not read, only
// the files that can change the findings on the reported files (see
// model.Relevant), and reads those. Summaries of the context come from the
// cache when their files are unchanged, so an editor linting one file of a
// large environment parses a few files, not thousands. It returns the
// narrowed tree, the files parsed on the way (for the model to reuse) and
// the context files that could not be read. pending, when not nil,
// delivers the cache opened while loading.
func (c *Command) narrowContext(tree *load.Tree, jobs int, pending <-chan *cache.Store, declaring model.DeclaringFunctions) (*load.Tree, map[*load.File]*parser.File, []error) {
	var store *cache.Store
	if pending != nil {
		store = <-pending
	}
	deferred := slices.ContainsFunc(tree.Files, func(f *load.File) bool { return f.Src == nil })
	if !deferred {
		return tree, nil, nil
	}
	if store == nil {
		// Context outside every root (a modulepath entry leading out of a
		// directory argument): nothing to name a cache by; keep it in memory.
		store = cache.Open(cache.Options{Owner: cacheOwner(c.build().reportVersion()), Now: c.now})
	}
	sums, parsedAt, errs := store.Summaries(tree.Files, jobs)
	keep := model.Relevant(tree.Files, sums, declaring)

	narrowed := *tree
	narrowed.Files = nil
	var toRead []*load.File
	for i, f := range tree.Files {
		if keep[i] && sums[i] != nil {
			narrowed.Files = append(narrowed.Files, f)
			if f.Src == nil {
				toRead = append(toRead, f)
			}
		}
	}
	readErrs := make([]error, len(toRead))
	par.For(len(toRead), jobs, func(i int) { readErrs[i] = toRead[i].Read() })
	for _, err := range readErrs {
		if err != nil {
			errs = append(errs, err)
		}
	}
	narrowed.Files = slices.DeleteFunc(narrowed.Files, func(f *load.File) bool { return f.Src == nil })
	_ = store.Save() // the cache only saves time: a run goes on without it

	parsed := map[*load.File]*parser.File{}
	for i, p := range parsedAt {
		if p != nil && keep[i] {
			parsed[tree.Files[i]] = p
		}
	}
	return &narrowed, parsed, errs
}

// openCache opens the context cache kept for the given roots.
func (c *Command) openCache(roots []string) *cache.Store {
	return cache.Open(cache.Options{Dir: c.cacheDir(), Roots: roots, Owner: cacheOwner(c.build().reportVersion()), Now: c.now})
}

// cacheDir is the cache directory in effect: DUCKLINT_CACHE_DIR, else
// Command.CacheDir; "" (or "off") for none.
func (c *Command) cacheDir() string {
	if c.Getenv != nil {
		switch v := c.Getenv("DUCKLINT_CACHE_DIR"); v {
		case "":
		case "off":
			return ""
		default:
			return v
		}
	}
	return c.CacheDir
}

// cacheOwner identifies this build of ducklint, so that summaries written
// by another build (another version, or the same version rebuilt with a
// different summariser) are not trusted.
func cacheOwner(version string) string {
	owner := fmt.Sprintf("ducklint %s summary %d", version, model.SummaryVersion)
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			owner += fmt.Sprintf(" exe %s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return owner
}
