//go:build !linux

package load

import "os"

// StatFile returns the Stat of the file at path, following symbolic
// links, as loading with Options.DeferContext records it. Only the size and
// modification time are read portably; with the cache's rule for recently
// modified files they are enough.
func StatFile(path string) (Stat, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return Stat{}, err
	}
	return Stat{Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}, nil
}

// readFileStat is readFile, returning also the Stat of the file, taken
// before its content is read. Only a regular file is read: the path may be
// one a walk has not vouched for (a file the last run recorded), and a
// named pipe there would make the read wait for a writer, a device make it
// endless.
func readFileStat(path string) ([]byte, Stat, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, Stat{}, err
	}
	if !fi.Mode().IsRegular() {
		return nil, Stat{}, &os.PathError{Op: "read", Path: path, Err: errNotRegular}
	}
	src, err := readFile(path)
	return src, Stat{Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}, err
}
