package load

import (
	"io/fs"
	"slices"
	"strings"
)

// DirEntry is one entry of a directory listing.
type DirEntry struct {
	Name string
	// Type holds the type bits of the entry's mode (fs.ModeDir,
	// fs.ModeSymlink...; 0 for a regular file), of the entry itself, not
	// of what a symbolic link points to.
	Type fs.FileMode
}

// sortEntries sorts a listing by name, as the walk and the layout's
// binary searches expect.
func sortEntries(entries []DirEntry) {
	slices.SortFunc(entries, func(a, b DirEntry) int { return strings.Compare(a.Name, b.Name) })
}
