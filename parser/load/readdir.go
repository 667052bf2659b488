package load

import (
	"io/fs"
	"slices"
	"strings"
)

// dirEntry is one entry of a directory listing.
type dirEntry struct {
	name string
	// typ holds the type bits of the entry's mode (fs.ModeDir,
	// fs.ModeSymlink...; 0 for a regular file), of the entry itself, not
	// of what a symbolic link points to.
	typ fs.FileMode
}

// sortEntries sorts a listing by name, as the walk and the layout's
// binary searches expect.
func sortEntries(entries []dirEntry) {
	slices.SortFunc(entries, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
}
