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
// before its content is read.
func readFileStat(path string) ([]byte, Stat, error) {
	st, err := StatFile(path)
	if err != nil {
		return nil, Stat{}, err
	}
	src, err := readFile(path)
	return src, st, err
}
