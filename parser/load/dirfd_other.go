//go:build !linux

package load

// dirHandle is an open directory; off Linux there are none, and the
// walker lists and reads by path.
type dirHandle int

const noDir dirHandle = -1

// openDirAt returns noDir: the directory is listed by path.
func openDirAt(dirHandle, string, string) dirHandle { return noDir }

// close does nothing.
func (dirHandle) close() {}

// list is never called: there are no open directories.
func (dirHandle) list(path string) ([]DirEntry, error) { return readDirEntries(path) }

// readFile reads the file at path.
func (dirHandle) readFile(_, path string) ([]byte, error) { return readFile(path) }
