//go:build unix

package load

import (
	"errors"
	"syscall"
)

// isLinkLoop reports whether err says a chain of symbolic links loops
// (ELOOP: "too many levels of symbolic links").
func isLinkLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }
