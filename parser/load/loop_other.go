//go:build !unix

package load

// isLinkLoop reports whether err says a chain of symbolic links loops.
// Off Unix the system gives no error of its own for that; such a link is
// described by the generic message.
func isLinkLoop(error) bool { return false }
