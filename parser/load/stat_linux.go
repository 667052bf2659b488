package load

import (
	"errors"
	"os"
	"syscall"
)

// StatFile returns the Stat of the file at path, following symbolic
// links, as loading with Options.DeferContext records it. It calls stat(2)
// directly: os.Stat allocates a FileInfo per call, and an editor's run
// stats every file of the environment.
func StatFile(path string) (Stat, error) {
	var st syscall.Stat_t
	var err error
	for {
		err = syscall.Stat(path, &st)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		return Stat{}, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	return statOf(&st), nil
}

// statOf is the Stat of st.
func statOf(st *syscall.Stat_t) Stat {
	return Stat{
		Size: st.Size, ModTime: st.Mtim.Nano(), ChangeTime: st.Ctim.Nano(),
		Inode: st.Ino, Device: uint64(st.Dev), //nolint:unconvert // Dev is not uint64 on every Linux architecture
	}
}

// readFileStat is readFile, returning also the Stat of the open file,
// taken before its content is read. Only a regular file is read: the path
// may be one a walk has not vouched for (a file the last run recorded),
// and a named pipe there would make the read wait for a writer, a device
// make it endless. O_NONBLOCK keeps the open itself from waiting on a
// pipe; a regular file's reads ignore it.
func readFileStat(path string) ([]byte, Stat, error) {
	fd, err := openRetry(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK)
	if err != nil {
		return nil, Stat{}, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	for {
		err = syscall.Fstat(fd, &st)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		return nil, Stat{}, &os.PathError{Op: "fstat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, Stat{}, &os.PathError{Op: "read", Path: path, Err: errNotRegular}
	}
	src, err := readFdAfter(fd, path, &st, true)
	if err != nil {
		return nil, Stat{}, err
	}
	return src, statOf(&st), nil
}
