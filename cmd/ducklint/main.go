// Command ducklint lints Puppet code. See the README for usage.
package main

import (
	"os"

	"github.com/ducklint/ducklint"
)

func main() {
	cmd := &ducklint.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	os.Exit(cmd.Main(os.Args))
}
