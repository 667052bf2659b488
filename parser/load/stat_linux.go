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
	return Stat{
		Size: st.Size, ModTime: st.Mtim.Nano(), ChangeTime: st.Ctim.Nano(),
		Inode: st.Ino, Device: uint64(st.Dev), //nolint:unconvert // Dev is not uint64 on every Linux architecture
	}, nil
}

// readFileStat is readFile, returning also the Stat of the open file,
// taken before its content is read.
func readFileStat(path string) ([]byte, Stat, error) {
	fd, err := openRetry(path, syscall.O_RDONLY|syscall.O_CLOEXEC)
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
	src, err := readFdAfter(fd, path, &st, true)
	if err != nil {
		return nil, Stat{}, err
	}
	return src, Stat{
		Size: st.Size, ModTime: st.Mtim.Nano(), ChangeTime: st.Ctim.Nano(),
		Inode: st.Ino, Device: uint64(st.Dev), //nolint:unconvert // Dev is not uint64 on every Linux architecture
	}, nil
}
