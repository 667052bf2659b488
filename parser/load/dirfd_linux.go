package load

import (
	"errors"
	"os"
	"syscall"
)

// dirHandle is an open directory the walker lists, then opens its
// subdirectories and reads its files relative to: openat(2) resolves one
// name where open(2) resolves every component of a long path again, a
// tenth of the kernel's time listing and reading a large tree.
// noDir stands for none; the path is used then.
type dirHandle int

const noDir dirHandle = -1

// openDirAt opens the directory name of the open directory d (at path
// path), or path itself when d is noDir. It returns noDir when that
// fails: the caller then lists the directory by path, which records the
// error as it always has.
func openDirAt(d dirHandle, name, path string) dirHandle {
	fd, err := openatRetry(d, name, path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_DIRECTORY)
	if err != nil {
		return noDir
	}
	return dirHandle(fd)
}

// close closes d; closing noDir does nothing.
func (d dirHandle) close() {
	if d != noDir {
		syscall.Close(int(d))
	}
}

// list lists d, whose path is path, as readDirEntries does.
func (d dirHandle) list(path string) ([]DirEntry, error) { return listFd(int(d), path) }

// readFile reads the file name of d, whose path is path, as readFile
// does; with noDir, it reads path.
func (d dirHandle) readFile(name, path string) ([]byte, error) {
	if d == noDir {
		return readFile(path)
	}
	fd, err := openatRetry(d, name, path, syscall.O_RDONLY|syscall.O_CLOEXEC)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	return readFd(fd, path)
}

// openatRetry opens name in d (path when d is noDir), retried when a
// signal interrupts it.
func openatRetry(d dirHandle, name, path string, flags int) (int, error) {
	if d == noDir {
		return openRetry(path, flags)
	}
	for {
		fd, err := syscall.Openat(int(d), name, flags, 0)
		if !errors.Is(err, syscall.EINTR) {
			return fd, err
		}
	}
}
