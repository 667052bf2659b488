package gcpolicy

import (
	"bytes"
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
		b, err := os.ReadFile(path)
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
// MemTotal of /proc/meminfo), 0 when it cannot: one system call, where
// reading and scanning /proc/meminfo cost every start a file and a
// hundred lines.
func memTotal() int64 {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil {
		return 0
	}
	return int64(uint64(info.Totalram) * uint64(info.Unit)) //nolint:unconvert // Totalram and Unit are 32-bit on some Linux architectures
}
