package gcpolicy

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"
)

// MachineMemory returns the bytes of memory the process may use: the
// machine's (MemTotal), or its control group's limit when
// that is lower (cgroup v2 memory.max, v1 memory.limit_in_bytes); 0 when
// neither can be read.
func MachineMemory() int64 {
	total := memTotal()
	for _, path := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := readSmall(path)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(string(bytes.TrimSpace(b)), 10, 64)
		if err != nil || n <= 0 { // "max": no limit
			continue
		}
		if total == 0 || n < total {
			total = n
		}
	}
	return total
}

// memTotal returns the machine's memory as the kernel counts it (the
// MemTotal of /proc/meminfo), 0 when it cannot. sysinfo(2) gives it in one
// system call, where /proc/meminfo is a file to open and scan at every
// start.
func memTotal() int64 {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return 0
	}
	return int64(uint64(info.Totalram) * uint64(info.Unit)) //nolint:unconvert // Totalram and Unit are 32-bit on some Linux architectures
}

// readSmall reads a file of a few bytes with plain system calls. Every
// start reads the control group's limit, and the first os.File of a
// process sets up the runtime's poller (epoll, an eventfd) and registers
// each file with it, which a start that lints nothing need not pay.
func readSmall(path string) ([]byte, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var buf [64]byte
	n := 0
	for n < len(buf) {
		m, err := syscall.Read(fd, buf[n:])
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if m == 0 {
			return buf[:n], nil
		}
		n += m
	}
	return nil, &os.PathError{Op: "read", Path: path, Err: errors.New("longer than a limit")}
}
