//go:build !linux

package load

import "os"

// statFile stats path, following symbolic links. Only the size and
// modification time are read portably; with the cache's rule for recently
// modified files they are enough.
func statFile(path string) (Stat, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return Stat{}, err
	}
	return Stat{Size: fi.Size(), ModTime: fi.ModTime().UnixNano()}, nil
}
