//go:build !unix

package load

import "os"

// readFile reads the whole file at path.
func readFile(path string) ([]byte, error) { return os.ReadFile(path) }
