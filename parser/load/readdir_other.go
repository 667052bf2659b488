//go:build !linux

package load

import "os"

// readDirEntries lists the directory dir, sorted by name, without "." and "..".
func readDirEntries(dir string) ([]dirEntry, error) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := make([]dirEntry, len(des))
	for i, de := range des {
		out[i] = dirEntry{name: de.Name(), typ: de.Type()}
	}
	return out, nil
}
