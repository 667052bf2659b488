package gcpolicy

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
)

// MachineMemory returns the bytes of memory the process may use: the
// machine's (MemTotal in /proc/meminfo), or its control group's limit when
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

// memTotal reads MemTotal from /proc/meminfo, 0 when it cannot.
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := bytes.CutPrefix(sc.Bytes(), []byte("MemTotal:"))
		if !ok {
			continue
		}
		kb, ok := bytes.CutSuffix(bytes.TrimSpace(rest), []byte(" kB"))
		if !ok {
			return 0
		}
		n, err := strconv.ParseInt(string(bytes.TrimSpace(kb)), 10, 64)
		if err != nil {
			return 0
		}
		return n << 10
	}
	return 0
}
