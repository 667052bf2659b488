//go:build !(linux && (amd64 || arm64))

package main

// adviseHugePages does nothing off 64-bit Linux: elsewhere the heap is left
// to the system (and a 256 MB reservation could crowd a 32-bit address space).
func adviseHugePages(bool) {}
