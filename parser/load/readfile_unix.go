//go:build unix

package load

import (
	"errors"
	"os"
	"syscall"
)

// readFile reads the whole file at path. It is os.ReadFile without the
// file object: os.Open registers every descriptor with the runtime poller
// (two fcntl calls and a failing epoll_ctl for a regular file), which was
// a third of the time spent reading a large tree.
func readFile(path string) ([]byte, error) {
	fd, err := openRetry(path, syscall.O_RDONLY|syscall.O_CLOEXEC)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	return readFd(fd, path)
}

// readFd reads the whole of the open file fd, whose path is path.
func readFd(fd int, path string) ([]byte, error) {
	var st syscall.Stat_t
	return readFdAfter(fd, path, &st, syscall.Fstat(fd, &st) == nil)
}

// readFdAfter is readFd once the file's fstat(2) is taken into st
// (statted: it succeeded), which sizes the read.
func readFdAfter(fd int, path string, st *syscall.Stat_t, statted bool) ([]byte, error) {
	size := 0
	regular := false
	if statted && st.Size > 0 && st.Size < 1<<40 {
		size = int(st.Size)
		regular = st.Mode&syscall.S_IFMT == syscall.S_IFREG
	}
	// One byte more than the size lets a file that grew since fstat be
	// read without growing the buffer.
	buf := make([]byte, 0, size+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case err != nil:
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		case n == 0:
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if regular && len(buf) == size {
			// All the bytes fstat counted: asking for more only to be
			// told "end of file" was a fifth of the system calls of
			// loading a tree. A file written while it is read gives a
			// torn snapshot with or without that last call.
			return buf, nil
		}
	}
}

// openRetry is open(2), retried when a signal interrupts it.
func openRetry(path string, flags int) (int, error) {
	for {
		fd, err := syscall.Open(path, flags, 0)
		if !errors.Is(err, syscall.EINTR) {
			return fd, err
		}
	}
}
