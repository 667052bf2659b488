// Command ducklint lints Puppet code. See the README for usage.
package main

import (
	"os"
	"path/filepath"

	"github.com/ducklint/ducklint"
)

func main() {
	cmd := &ducklint.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	if dir, err := os.UserCacheDir(); err == nil {
		cmd.CacheDir = filepath.Join(dir, "ducklint")
	}
	os.Exit(cmd.Main(os.Args))
}
