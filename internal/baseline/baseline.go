// Package baseline keeps the findings a team has accepted, so that a run
// reports only the others: the baseline file (.ducklint-baseline.json),
// reading and writing it, and matching a run's findings against it.
//
// A finding matches an entry by rule, path and fingerprint (package
// fingerprint: the rule, the path, the enclosing definition and the flagged
// code), so lines inserted above it or code reformatted elsewhere keep it.
// Identical findings are counted, not collapsed: an entry with count 2
// accepts two of them and a third is new. A file renamed without changing
// its content (git mv) keeps its entries: the file records each path's
// content hash. A finding whose fingerprint changed still matches a left
// over entry of its rule and path with the same message, so code moved
// into another definition of the same file stays accepted.
package baseline

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/internal/fingerprint"
	"github.com/ducklint/ducklint/parser"
)

// DefaultName is the baseline file's name when neither --baseline nor the
// configuration names one.
const DefaultName = ".ducklint-baseline.json"

// Version is the format version this package writes and reads.
const Version = 1

// File is a baseline: accepted findings and the content hash of each file
// they are in.
type File struct {
	// Entries are sorted by path, rule, message and fingerprint; each
	// (rule, path, fingerprint) appears once.
	Entries []Entry
	// Hashes is the content hash (ContentHash) of each path with entries.
	Hashes map[string]string
}

// Entry accepts Count findings of Rule in Path with Fingerprint. Message
// is the first one's message, for reviewers and for matching a finding
// whose fingerprint changed.
type Entry struct {
	Rule        string `json:"rule"`
	Path        string `json:"path"`
	Count       int    `json:"count"`
	Fingerprint string `json:"fingerprint"`
	Message     string `json:"message"`
}

// Finding is a run's finding as the baseline sees it.
type Finding struct {
	Rule string
	// Path is the file's path relative to the baseline's directory, with
	// '/' separators.
	Path    string
	Message string
	// Enclosing and Flagged are what the fingerprint hashes besides the
	// rule and the path (see fingerprint.Hash).
	Enclosing, Flagged string
}

// fingerprintAt is f's fingerprint as if its file were at path.
func (f Finding) fingerprintAt(path string) string {
	return fingerprint.Hash(f.Rule, path, f.Enclosing, f.Flagged)
}

// ContentHash is the hash of a file's content that the baseline records.
func ContentHash(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:16])
}

// New makes a baseline of findings; hash returns the content hash of a path.
func New(findings []Finding, hash func(path string) string) *File {
	b := &File{Hashes: map[string]string{}}
	b.add(findings, hash)
	return b
}

// add adds findings to b, counting identical ones.
func (b *File) add(findings []Finding, hash func(path string) string) {
	index := map[key]int{}
	for i, e := range b.Entries {
		index[e.key()] = i
	}
	for _, f := range findings {
		k := key{f.Rule, f.Path, f.fingerprintAt(f.Path)}
		if i, ok := index[k]; ok {
			b.Entries[i].Count++
			continue
		}
		index[k] = len(b.Entries)
		b.Entries = append(b.Entries, Entry{Rule: f.Rule, Path: f.Path, Count: 1, Fingerprint: k.fingerprint, Message: f.Message})
		if _, ok := b.Hashes[f.Path]; !ok {
			b.Hashes[f.Path] = hash(f.Path)
		}
	}
	b.sort()
}

// Update returns b with the entries of the paths in scope replaced by
// findings: the baseline of a run over part of a tree keeps what it says
// about the rest.
func (b *File) Update(findings []Finding, inScope func(path string) bool, hash func(path string) string) *File {
	out := &File{Hashes: map[string]string{}}
	for _, e := range b.Entries {
		if !inScope(e.Path) {
			out.Entries = append(out.Entries, e)
			out.Hashes[e.Path] = b.Hashes[e.Path]
		}
	}
	out.add(findings, hash)
	return out
}

type key struct{ rule, path, fingerprint string }

func (e Entry) key() key { return key{e.Rule, e.Path, e.Fingerprint} }

func (b *File) sort() {
	slices.SortFunc(b.Entries, func(x, y Entry) int {
		return cmp.Or(cmp.Compare(x.Path, y.Path), cmp.Compare(x.Rule, y.Rule),
			cmp.Compare(x.Message, y.Message), cmp.Compare(x.Fingerprint, y.Fingerprint))
	})
}

// Findings is the number of findings b accepts.
func (b *File) Findings() int {
	n := 0
	for _, e := range b.Entries {
		n += e.Count
	}
	return n
}

// fileJSON is the file as JSON.
type fileJSON struct {
	Version  *int              `json:"version"`
	Files    map[string]string `json:"files"`
	Findings []Entry           `json:"findings"`
}

// Read reads the baseline file at path. A file that does not exist is
// reported as such (errors.Is(err, fs.ErrNotExist)).
func Read(path string) (*File, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := Parse(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Parse decodes a baseline file's content.
func Parse(src []byte) (*File, error) {
	var doc fileJSON
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("not a ducklint baseline: %w", err)
	}
	if doc.Version == nil || *doc.Version != Version {
		return nil, fmt.Errorf("baseline version %s is not supported (want %d; regenerate it with ducklint baseline)", versionText(doc.Version), Version)
	}
	b := &File{Entries: doc.Findings, Hashes: doc.Files}
	if b.Hashes == nil {
		b.Hashes = map[string]string{}
	}
	seen := map[key]bool{}
	for i, e := range b.Entries {
		switch {
		case e.Rule == "" || e.Path == "" || e.Fingerprint == "":
			return nil, fmt.Errorf("finding %d has no rule, path or fingerprint", i+1)
		case e.Count < 1:
			return nil, fmt.Errorf("finding %d (%s in %s) has count %d, want 1 or more", i+1, e.Rule, e.Path, e.Count)
		case seen[e.key()]:
			return nil, fmt.Errorf("finding %d (%s in %s) repeats an earlier one; add up their counts", i+1, e.Rule, e.Path)
		}
		seen[e.key()] = true
	}
	b.sort()
	return b, nil
}

func versionText(v *int) string {
	if v == nil {
		return "(none)"
	}
	return fmt.Sprint(*v)
}

// Write writes b as JSON: sorted, one path and one entry per line, so
// that a change to the baseline reads as a short diff.
func (b *File) Write(w io.Writer) error {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "{\n  \"version\": %d,\n  \"files\": {", Version)
	paths := slices.Sorted(maps.Keys(b.Hashes))
	for i, p := range paths {
		buf.WriteString(sep(i) + "    ")
		buf.Write(marshal(p))
		buf.WriteString(": ")
		buf.Write(marshal(b.Hashes[p]))
	}
	buf.WriteString(closing(len(paths), "}"))
	buf.WriteString(",\n  \"findings\": [")
	for i, e := range b.Entries {
		buf.WriteString(sep(i) + "    ")
		buf.Write(entryLine(e))
	}
	buf.WriteString(closing(len(b.Entries), "]"))
	buf.WriteString("\n}\n")
	_, err := w.Write(buf.Bytes())
	return err
}

func sep(i int) string {
	if i == 0 {
		return "\n"
	}
	return ",\n"
}

func closing(n int, bracket string) string {
	if n == 0 {
		return bracket
	}
	return "\n  " + bracket
}

// marshal encodes a string on one line, leaving '<', '>' and '&' readable.
func marshal(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// entryLine is an entry on one line, its fields in the order of Entry.
func entryLine(e Entry) []byte {
	return fmt.Appendf(nil, `{"rule": %s, "path": %s, "count": %d, "fingerprint": %s, "message": %s}`,
		marshal(e.Rule), marshal(e.Path), e.Count, marshal(e.Fingerprint), marshal(e.Message))
}

// Locate returns the baseline file in effect for a run in dir: configured
// (--baseline, or the configuration's baseline, absolute) when it is not
// "", else the nearest DefaultName in dir or above. explicit is true for a
// configured file, and path is "" when there is none.
func Locate(dir, configured string) (path string, explicit bool) {
	if configured != "" {
		return configured, true
	}
	for d := dir; ; {
		p := filepath.Join(d, DefaultName)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, false
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", false
		}
		d = parent
	}
}

// FromDiagnostics returns findings as a baseline in baseDir sees them:
// abs makes a reported path absolute, source returns a reported file's
// content and enclosing names the definition around a position (either
// may be nil).
func FromDiagnostics(ds []*diagnostics.Diagnostic, baseDir string, abs func(string) string,
	source func(string) []byte, enclosing func(string, parser.Pos) string) []Finding {
	indexes := map[string]*parser.LineIndex{}
	out := make([]Finding, len(ds))
	for i, d := range ds {
		idx, ok := indexes[d.File]
		if !ok && source != nil {
			if src := source(d.File); src != nil {
				idx = parser.NewLineIndex(src)
			}
			indexes[d.File] = idx
		}
		encl := ""
		if enclosing != nil && d.Start.IsValid() {
			encl = enclosing(d.File, d.Start)
		}
		out[i] = Finding{
			Rule: d.Rule, Path: RelPath(baseDir, abs(d.File)), Message: d.Message,
			Enclosing: encl, Flagged: fingerprint.Flagged(idx, d.Start, d.End),
		}
	}
	return out
}

// RelPath is path relative to the baseline's directory dir, with '/'
// separators: how the baseline names files.
func RelPath(dir, path string) string {
	rel, err := filepath.Rel(dir, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}
