package baseline

import (
	"os"
	"path/filepath"
)

// State is what the baseline says of a finding, or of an entry no finding
// matched; the names are SARIF's baselineState values.
type State string

// The states of findings and entries.
const (
	StateNew       State = "new"       // not in the baseline: reported
	StateUnchanged State = "unchanged" // in the baseline: not reported
	StateAbsent    State = "absent"    // a baseline entry that matched nothing: fixed
)

// Match is a run's findings compared with a baseline.
type Match struct {
	// States are the findings' states, in the order given.
	States []State
	// Absent are the entries, in the baseline's order, that matched fewer
	// findings than their count, each with Count the number not matched.
	// Only entries of files the run checked, or that no longer exist, can
	// be absent: a run over part of a tree says nothing of the rest.
	Absent []Entry
	// Stale is the number of entries in Absent.
	Stale int

	base    *File
	matched []int             // per entry of base: findings matched
	moved   map[int]int       // per finding matched in a renamed file: its entry
	renamed map[string]string // old path -> new path, for files found renamed
}

// Scope is what Match asks of the run.
type Scope struct {
	// Checked reports whether the run checked the file at path (relative
	// to the baseline's directory).
	Checked func(path string) bool
	// Exists reports whether a file is at path.
	Exists func(path string) bool
	// Hash returns the content hash (ContentHash) of a checked file, ""
	// for another.
	Hash func(path string) string
}

// Match compares findings with b. An entry matches a finding of its rule
// and path with its fingerprint, up to its count, in the order of findings;
// entries left over then match findings of their rule and path with their
// message; and a path whose entries went unmatched, that no longer exists,
// matches the checked file with its recorded content hash.
func (b *File) Match(findings []Finding, scope Scope) *Match {
	m := &Match{States: make([]State, len(findings)), base: b, matched: make([]int, len(b.Entries)),
		moved: map[int]int{}, renamed: map[string]string{}}
	byKey := map[key]int{}
	for i, e := range b.Entries {
		byKey[e.key()] = i
	}
	for i := range m.States {
		m.States[i] = StateNew
	}
	take := func(i, entry int) bool {
		if entry < 0 || m.matched[entry] >= b.Entries[entry].Count {
			return false
		}
		m.matched[entry]++
		m.States[i] = StateUnchanged
		return true
	}
	lookup := func(k key) int {
		if e, ok := byKey[k]; ok {
			return e
		}
		return -1
	}

	// Renames: a file whose findings the baseline does not know, with the
	// content recorded for a path that is gone.
	gone := map[string]string{} // content hash -> path
	for p, h := range b.Hashes {
		if !scope.Checked(p) && !scope.Exists(p) {
			gone[h] = p
		}
	}
	origin := map[string]string{} // new path -> old path
	if len(gone) > 0 {
		for _, f := range findings {
			if _, known := b.Hashes[f.Path]; known {
				continue
			}
			if _, done := origin[f.Path]; done {
				continue
			}
			origin[f.Path] = ""
			if old, ok := gone[scope.Hash(f.Path)]; ok {
				origin[f.Path] = old
				m.renamed[old] = f.Path
			}
		}
	}
	pathOf := func(f Finding) string {
		if old := origin[f.Path]; old != "" {
			return old
		}
		return f.Path
	}

	for i, f := range findings {
		p := pathOf(f)
		if e := lookup(key{f.Rule, p, f.fingerprintAt(p)}); take(i, e) && p != f.Path {
			m.moved[i] = e
		}
	}
	// Left over: by rule, path and message.
	byMessage := map[[3]string][]int{}
	for i, e := range b.Entries {
		if m.matched[i] < e.Count {
			k := [3]string{e.Rule, e.Path, e.Message}
			byMessage[k] = append(byMessage[k], i)
		}
	}
	for i, f := range findings {
		if m.States[i] != StateNew {
			continue
		}
		p := pathOf(f)
		for _, e := range byMessage[[3]string{f.Rule, p, f.Message}] {
			if take(i, e) {
				if p != f.Path {
					m.moved[i] = e
				}
				break
			}
		}
	}

	for i, e := range b.Entries {
		if m.matched[i] >= e.Count {
			continue
		}
		if scope.Checked(e.Path) || m.renamed[e.Path] != "" || !scope.Exists(e.Path) {
			left := e
			left.Count = e.Count - m.matched[i]
			m.Absent = append(m.Absent, left)
		}
	}
	m.Stale = len(m.Absent)
	return m
}

// Pruned is the baseline without what m found absent: counts lowered to
// the findings matched, entries that matched nothing removed, and entries
// of a renamed file moved to its new path. It never accepts a finding the
// baseline did not. hash returns the content hash of a checked file, ""
// for another: a path the run did not check keeps its recorded hash.
func (m *Match) Pruned(findings []Finding, hash func(path string) string) *File {
	absent := map[key]int{}
	for _, e := range m.Absent {
		absent[e.key()] = e.Count
	}
	out := &File{Hashes: map[string]string{}}
	movedTo := map[int]map[key]int{} // entry -> its renamed findings' keys, counted
	for i, e := range m.moved {
		f := findings[i]
		if movedTo[e] == nil {
			movedTo[e] = map[key]int{}
		}
		movedTo[e][key{f.Rule, f.Path, f.fingerprintAt(f.Path)}]++
	}
	byKey := map[key]int{}
	add := func(e Entry) {
		if i, ok := byKey[e.key()]; ok {
			out.Entries[i].Count += e.Count
			return
		}
		byKey[e.key()] = len(out.Entries)
		out.Entries = append(out.Entries, e)
	}
	for i, e := range m.base.Entries {
		e.Count -= absent[e.key()]
		for k, n := range movedTo[i] {
			add(Entry{Rule: k.rule, Path: k.path, Count: n, Fingerprint: k.fingerprint, Message: e.Message})
			e.Count -= n
		}
		if e.Count > 0 {
			add(e)
		}
	}
	for _, e := range out.Entries {
		if _, ok := out.Hashes[e.Path]; ok {
			continue
		}
		if h := hash(e.Path); h != "" {
			out.Hashes[e.Path] = h
		} else {
			out.Hashes[e.Path] = m.base.Hashes[e.Path]
		}
	}
	out.sort()
	return out
}

// RunScope is the Scope of a run whose baseline is in baseDir: files are
// the reported paths of the files it checked, abs makes a reported path
// absolute and source returns a checked file's content.
func RunScope(baseDir string, files []string, abs func(string) string, source func(string) []byte) Scope {
	checked := make(map[string]string, len(files)) // baseline path -> reported path
	for _, f := range files {
		checked[RelPath(baseDir, abs(f))] = f
	}
	return Scope{
		Checked: func(p string) bool { _, ok := checked[p]; return ok },
		Exists: func(p string) bool {
			_, err := os.Lstat(filepath.Join(baseDir, filepath.FromSlash(p)))
			return err == nil
		},
		Hash: func(p string) string {
			f, ok := checked[p]
			if !ok {
				return ""
			}
			return ContentHash(source(f))
		},
	}
}
