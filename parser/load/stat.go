package load

import "time"

// Stat is what the file system says about a file's version: when two Stats
// of a path are equal the content is taken to be the same, as git's index
// does. The change time and inode catch rewrites that keep the size and
// reset the modification time, where the platform reports them.
type Stat struct {
	Size       int64
	ModTime    int64 // nanoseconds since the Unix epoch
	ChangeTime int64 // nanoseconds since the Unix epoch; 0 where unknown
	Inode      uint64
	Device     uint64
}

// ModTimeAt returns the modification time as a time.Time.
func (s Stat) ModTimeAt() time.Time { return time.Unix(0, s.ModTime) }
