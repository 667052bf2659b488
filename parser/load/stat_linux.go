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
