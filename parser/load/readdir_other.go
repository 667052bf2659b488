//go:build !linux

package load

import "os"

// readDirEntries lists the directory dir, sorted by name, without "." and "..".
func readDirEntries(dir string) ([]DirEntry, error) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := make([]DirEntry, len(des))
	for i, de := range des {
		out[i] = DirEntry{Name: de.Name(), Type: de.Type()}
	}
	return out, nil
}
