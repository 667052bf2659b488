package ducklint

import "time"

// WholeContext makes c parse every context file, as ducklint did before
// narrowing the context; tests compare the two.
func WholeContext(c *Command) { c.wholeContext = true }

// SetClock sets the clock of c's context cache.
func SetClock(c *Command, now func() time.Time) { c.now = now }

// StampRelease is what ReleaseBuildInfo does to the binary's build
// information.
var StampRelease = stampRelease

// LargeRunFiles is the tree size from which a run calls BeforeLint.
const LargeRunFiles = largeRunFiles

// Cache returns the cache directory c's runs use and the owner of what
// they store.
func Cache(c *Command) (dir, owner string) { return c.cache() }
