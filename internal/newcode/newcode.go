// Package newcode finds the lines a change added or modified, from git
// (a revision or a merge base against the working tree) or from a unified
// diff, so that a run can report only the findings of new code.
package newcode

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Changes are the lines a change added or modified, by absolute path.
type Changes struct {
	files map[string]*fileChanges
	// With git: the work tree's top and the files git tracks, by absolute
	// path. A file below root that git does not track is new throughout
	// (the files git ignores are not linted unless named).
	root    string
	tracked map[string]bool
}

// fileChanges are one file's changed lines (in the new version).
type fileChanges struct {
	whole bool   // the file is new: every line is
	added []span // lines added or modified, sorted
	near  []int  // lines beside removed ones: the last kept line before and the first after
}

// span is lines [from, to].
type span struct{ from, to int }

func newChanges() *Changes { return &Changes{files: map[string]*fileChanges{}} }

func (c *Changes) file(abs string) *fileChanges {
	fc := c.files[abs]
	if fc == nil {
		fc = &fileChanges{}
		c.files[abs] = fc
	}
	return fc
}

// Files is the number of files with changes.
func (c *Changes) Files() int { return len(c.files) }

// Added reports whether any of lines [from, to] of the file at abs was
// added or modified. Line 0 (a finding about a whole file) counts when the
// file has any change.
func (c *Changes) Added(abs string, from, to int) bool {
	fc := c.files[abs]
	if fc == nil {
		return c.untracked(abs)
	}
	if fc.whole || from <= 0 {
		return true
	}
	to = max(to, from)
	i, _ := slices.BinarySearchFunc(fc.added, from, func(s span, line int) int {
		switch {
		case s.to < line:
			return -1
		case s.from > line:
			return 1
		}
		return 0
	})
	return i < len(fc.added) && fc.added[i].from <= to
}

// Touched reports whether any of lines [from, to] of the file at abs was
// added or modified, or is the first line after code the change removed
// without putting anything in its place: code below removed code can
// mean something else without changing (a read below a deleted include),
// and a related location there is where an edit removed code from.
// Blank and comment lines removed do not count.
func (c *Changes) Touched(abs string, from, to int) bool {
	if c.Added(abs, from, to) {
		return true
	}
	near := c.files[abs].nearLines()
	i, _ := slices.BinarySearch(near, from)
	return i < len(near) && near[i] <= max(to, from)
}

// untracked reports whether abs is a file below the work tree's top that
// git does not track.
func (c *Changes) untracked(abs string) bool {
	if c.tracked == nil || c.tracked[abs] {
		return false
	}
	rel, err := filepath.Rel(c.root, abs)
	return err == nil && filepath.IsLocal(rel)
}

func (fc *fileChanges) nearLines() []int {
	if fc == nil {
		return nil
	}
	return fc.near
}

// finish sorts and merges what a diff recorded.
func (c *Changes) finish() {
	for _, fc := range c.files {
		slices.SortFunc(fc.added, func(a, b span) int { return a.from - b.from })
		merged := fc.added[:0]
		for _, s := range fc.added {
			if n := len(merged); n > 0 && s.from <= merged[n-1].to+1 {
				merged[n-1].to = max(merged[n-1].to, s.to)
				continue
			}
			merged = append(merged, s)
		}
		fc.added = merged
		slices.Sort(fc.near)
		fc.near = slices.Compact(fc.near)
	}
}

// ParsePatch reads a unified diff (git diff, diff -u) and returns the lines
// it adds or modifies in the new versions of its files. Paths in the diff
// are relative to dir; the "b/" of git's prefixes is removed when the
// diff has them.
func ParsePatch(r io.Reader, dir string) (*Changes, error) {
	c := newChanges()
	if err := c.parse(r, dir); err != nil {
		return nil, err
	}
	c.finish()
	return c, nil
}

// parse reads a unified diff into c.
func (c *Changes) parse(r io.Reader, dir string) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 64<<20)
	var (
		cur              *fileChanges // nil: the file was deleted, or no file yet
		oldPath          string
		newLine, oldLeft int
		newLeft          int
		lineNo           int
		inHunk           bool
		after            int  // the first line after the hunk, in the new version
		pureRemoval      bool // the hunk adds no line
	)
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if inHunk && (oldLeft > 0 || newLeft > 0) {
			switch {
			case strings.HasPrefix(line, "+"):
				if cur != nil {
					cur.added = append(cur.added, span{newLine, newLine})
				}
				newLine++
				newLeft--
				continue
			case strings.HasPrefix(line, "-"):
				if cur != nil && pureRemoval && isCode(line[1:]) {
					cur.near = append(cur.near, after)
				}
				oldLeft--
				continue
			case strings.HasPrefix(line, " ") || line == "":
				newLine++
				oldLeft--
				newLeft--
				continue
			case strings.HasPrefix(line, `\`): // "\ No newline at end of file"
				continue
			}
			return fmt.Errorf("line %d: the hunk ends early: %q", lineNo, truncate(line))
		}
		inHunk = false
		switch {
		case strings.HasPrefix(line, "--- "):
			oldPath = diffPath(line[4:])
		case strings.HasPrefix(line, "+++ "):
			p := diffPath(line[4:])
			cur = nil
			if p != "/dev/null" {
				if strings.HasPrefix(oldPath, "a/") || oldPath == "/dev/null" {
					p = strings.TrimPrefix(p, "b/")
				}
				cur = c.file(filepath.Join(dir, filepath.FromSlash(p)))
				if oldPath == "/dev/null" {
					cur.whole = true
				}
			}
		case strings.HasPrefix(line, "@@ "):
			oldStart, oldCount, newStart, newCount, err := hunkHeader(line)
			if err != nil {
				return fmt.Errorf("line %d: %w", lineNo, err)
			}
			_ = oldStart
			newLine, oldLeft, newLeft, inHunk = newStart, oldCount, newCount, true
			if newCount == 0 {
				newLine = newStart + 1 // "+4,0": the removed lines were after line 4
			}
			after, pureRemoval = newLine+newCount, newCount == 0
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading the diff: %w", err)
	}
	return nil
}

// isCode reports whether a line removed from a manifest held code: not
// blank, not only a comment.
func isCode(line string) bool {
	t := strings.TrimSpace(line)
	return t != "" && !strings.HasPrefix(t, "#")
}

// hunkHeader parses "@@ -a,b +c,d @@ ...".
func hunkHeader(line string) (oldStart, oldCount, newStart, newCount int, err error) {
	fields := strings.Fields(line)
	if len(fields) < 3 || !strings.HasPrefix(fields[1], "-") || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, 0, 0, fmt.Errorf("malformed hunk header %q", truncate(line))
	}
	oldStart, oldCount, err1 := hunkRange(fields[1][1:])
	newStart, newCount, err2 := hunkRange(fields[2][1:])
	if err1 != nil || err2 != nil {
		return 0, 0, 0, 0, fmt.Errorf("malformed hunk header %q", truncate(line))
	}
	return oldStart, oldCount, newStart, newCount, nil
}

// hunkRange parses "start,count" or "start" (count 1).
func hunkRange(s string) (start, count int, err error) {
	a, b, hasCount := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil {
		return 0, 0, err
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(b); err != nil {
			return 0, 0, err
		}
	}
	if start < 0 || count < 0 {
		return 0, 0, fmt.Errorf("negative range")
	}
	return start, count, nil
}

// diffPath is the path of a "---" or "+++" line: without the tab and
// timestamp diff -u appends, unquoted when git quoted it.
func diffPath(s string) string {
	if strings.HasPrefix(s, `"`) {
		if end := closingQuote(s); end > 0 {
			if p, err := strconv.Unquote(s[:end+1]); err == nil {
				return p
			}
		}
	}
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, " ")
}

// closingQuote is the index of the quote closing the string s opens.
func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

func truncate(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// parseBytes is ParsePatch over a diff in memory.
func (c *Changes) parseBytes(diff []byte, dir string) error {
	return c.parse(bytes.NewReader(diff), dir)
}
