package load

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"sync"
	"syscall"
)

// direntBuffers recycles getdents buffers between directories.
var direntBuffers = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// readDirEntries lists the directory dir, sorted by name, without "." and
// "..". It is os.ReadDir with getdents(2) called directly: os.Open
// registers each descriptor with the runtime poller (fcntl and epoll_ctl
// calls that fail for a directory) and sets a finalizer, and os.ReadDir
// reads 8 KB at a time. A large tree has thousands of directories, and
// those calls were a third of the system calls of loading it.
func readDirEntries(dir string) ([]DirEntry, error) {
	fd, err := openRetry(dir, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_DIRECTORY)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	defer syscall.Close(fd)
	return listFd(fd, dir)
}

// listFd lists the open directory fd, whose path is dir, as
// readDirEntries does.
func listFd(fd int, dir string) ([]DirEntry, error) {
	bp := direntBuffers.Get().(*[]byte)
	defer direntBuffers.Put(bp)
	buf := *bp
	var out []DirEntry
	for {
		n, err := syscall.Getdents(fd, buf)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			break
		}
		out, err = appendDirents(out, dir, buf[:n])
		if err != nil {
			return nil, err
		}
	}
	sortEntries(out)
	return out, nil
}

// The layout of struct linux_dirent64: d_ino (8 bytes), d_off (8),
// d_reclen (2), d_type (1), then the NUL-terminated name.
const (
	direntReclen = 16
	direntType   = 18
	direntName   = 19
)

// appendDirents appends the entries of one getdents(2) result.
func appendDirents(out []DirEntry, dir string, buf []byte) ([]DirEntry, error) {
	for len(buf) >= direntName {
		reclen := int(binary.NativeEndian.Uint16(buf[direntReclen:]))
		if reclen < direntName || reclen > len(buf) {
			return out, &os.PathError{Op: "readdirent", Path: dir, Err: errors.New("malformed directory entry")}
		}
		rec := buf[:reclen]
		buf = buf[reclen:]
		if binary.NativeEndian.Uint64(rec) == 0 {
			continue // a deleted entry
		}
		name := rec[direntName:]
		for i, c := range name {
			if c == 0 {
				name = name[:i]
				break
			}
		}
		if string(name) == "." || string(name) == ".." {
			continue
		}
		e := DirEntry{Name: string(name)}
		switch rec[direntType] {
		case syscall.DT_REG:
		case syscall.DT_DIR:
			e.Type = fs.ModeDir
		case syscall.DT_LNK:
			e.Type = fs.ModeSymlink
		case syscall.DT_FIFO:
			e.Type = fs.ModeNamedPipe
		case syscall.DT_SOCK:
			e.Type = fs.ModeSocket
		case syscall.DT_CHR:
			e.Type = fs.ModeDevice | fs.ModeCharDevice
		case syscall.DT_BLK:
			e.Type = fs.ModeDevice
		default:
			// The file system does not say (DT_UNKNOWN): ask.
			fi, err := os.Lstat(dir + "/" + e.Name)
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					continue // removed since it was listed
				}
				return out, err
			}
			e.Type = fi.Mode().Type()
		}
		out = append(out, e)
	}
	return out, nil
}
