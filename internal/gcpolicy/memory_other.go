//go:build !linux

package gcpolicy

// MachineMemory returns 0: the memory the process may use is not read
// outside Linux, and the soft limit is then bounded by MaxSoftLimit alone.
func MachineMemory() int64 { return 0 }
