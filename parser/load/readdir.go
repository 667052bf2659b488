package load

import (
	"io/fs"
	"slices"
	"strings"
	"time"
)

// DirEntry is one entry of a directory listing.
type DirEntry struct {
	Name string
	// Type holds the type bits of the entry's mode (fs.ModeDir,
	// fs.ModeSymlink...; 0 for a regular file), of the entry itself, not
	// of what a symbolic link points to.
	Type fs.FileMode
}

// Listings keep directory listings from one run to the next, for
// Options.ContextListings. Adding, removing or renaming an entry of a
// directory sets its modification and change times, so a listing recorded
// with the directory's Stat stands as long as that Stat is unchanged and
// older than the listing by more than a timestamp tick (the implementation
// decides the tick). Nothing else of a file is known from its directory:
// the content and stat of files, and where symbolic links lead, are read
// anew.
type Listings interface {
	// Now returns the clock to record a listing's time with.
	Now() time.Time
	// Listing returns the sorted entries recorded for the directory at
	// abs when its Stat (following symbolic links) was st, if that Stat
	// vouches for them still. The slice must not be modified.
	Listing(abs string, st Stat) ([]DirEntry, bool)
	// RecordListing notes the sorted entries of the directory at abs,
	// listed after its Stat st was taken, and that after the clock read
	// listedAt (Unix nanoseconds).
	RecordListing(abs string, st Stat, listedAt int64, entries []DirEntry)
}

// sortEntries sorts a listing by name, as the walk and the layout's
// binary searches expect.
func sortEntries(entries []DirEntry) {
	slices.SortFunc(entries, func(a, b DirEntry) int { return strings.Compare(a.Name, b.Name) })
}
