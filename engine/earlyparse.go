package engine

import (
	"path"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
)

// earlyParses parses the reported files a load's walks read while the
// load itself goes on (load.Options.Walked): placing a large tree's files
// in the layout and walking their context keeps one core busy for tens of
// milliseconds (about 20 on wikimedia's tree) and leaves the others idle.
// One goroutine parses there, so the run's own parsing, on every core
// once the load is done, has that much less to do.
//
// A file is parsed as Puppet reads it outside tasks mode, the mode of
// every file but plans (load.File.Tasks), which only the layout tells: a
// file under a directory named plans is left to the run, and a tree is
// taken only for a file whose path, content and parse options turn out the
// tree's. Parsing is a function of those three, so the run's findings are
// those it would find parsing every file itself.
type earlyParses struct {
	files  []load.WalkedFile
	parsed []*parser.File // by index of files; nil where not parsed
	stop   atomic.Bool
	done   sync.WaitGroup
	byPath map[string]int // set by finish
}

// earlyParseFiles is the fewest files whose walk starts early parses: a
// goroutine more costs a small run more than its parsing could save.
const earlyParseFiles = 64

// startEarlyParses starts parsing files on a goroutine of its own, for
// a run of jobs cores; it returns nil, parsing nothing, for one core or
// fewer than earlyParseFiles files.
func startEarlyParses(files []load.WalkedFile, jobs int) *earlyParses {
	if jobs <= 1 || len(files) < earlyParseFiles {
		return nil
	}
	e := &earlyParses{files: files, parsed: make([]*parser.File, len(files))}
	e.done.Go(func() {
		var arena parser.Arena
		for i, f := range files {
			if e.stop.Load() {
				return
			}
			if opts, ok := earlyOptions(f.Path); ok {
				e.parsed[i] = arena.ParseFileWithOptions(f.Path, f.Src, opts)
			}
		}
	})
	return e
}

// earlyOptions returns the parse options a file at slash-separated path p
// is parsed early with, or false for a file that may be a plan. take
// compares these options with the layout's, so a plan parsed early would
// never be taken: leaving out a path under a directory named plans only
// spares parsing it twice.
func earlyOptions(p string) (parser.ParseOptions, bool) {
	ext := path.Ext(p)
	if ext != ".pp" && ext != ".epp" || strings.HasPrefix(p, "plans/") || strings.Contains(p, "/plans/") {
		return parser.ParseOptions{}, false
	}
	return parser.ParseOptions{EPP: ext == ".epp"}, true
}

// wait waits until every file is parsed that the parsing takes, unless
// finish has begun. A nil e does nothing.
func (e *earlyParses) wait() {
	if e != nil {
		e.done.Wait()
	}
}

// finish stops the parsing once the file under way is parsed, and
// readies the trees for take. A nil e does nothing.
func (e *earlyParses) finish() {
	if e == nil {
		return
	}
	e.stop.Store(true)
	e.done.Wait()
	e.byPath = make(map[string]int, len(e.files))
	for i, f := range e.files {
		if e.parsed[i] != nil {
			e.byPath[f.Path] = i
		}
	}
}

// take returns the tree parsed early for file f with content src, nil
// when there is none for that path, content and parse options. A nil e
// has none. It is safe for concurrent use once finish has returned.
func (e *earlyParses) take(f *load.File, src []byte) *parser.File {
	if e == nil || f.Role.IsHiera() {
		return nil
	}
	i, ok := e.byPath[f.Path]
	if !ok {
		return nil
	}
	early := e.files[i].Src
	if len(early) != len(src) || len(src) > 0 && &early[0] != &src[0] {
		return nil // other content: an overlay, standard input
	}
	if opts, _ := earlyOptions(f.Path); opts != f.ParseOptions() {
		return nil
	}
	return e.parsed[i]
}
