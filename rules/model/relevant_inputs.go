package model

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"maps"
	"slices"

	"github.com/ducklint/ducklint/parser/load"
)

// RelevantInputs returns a hash of everything Relevant works out the files
// to keep from: the layout (each file's path, role, module, environment
// and Hiera place), which files are reported, the declaring functions, the
// context kinds needs and, for each file, summary(i), which identifies the
// summary of files[i], nil for a file without one: whatever determines
// that summary, as the caller chooses (engine's is the summary cache's key,
// a hash of the content and of how the file is parsed, or a hash of the
// summary itself, SummaryIdentity). Two calls
// returning the same hash get the same result from Relevant, so a run can
// keep the files an earlier run with the same inputs kept without
// building the index again (see engine's single runs).
//
// It hashes what the index and Relevant read of a load.File, Module and
// Environment; TestRelevantInputsCoverTheLayout names the fields it
// leaves out and why, and fails when a field is added.
func RelevantInputs(files []*load.File, summary func(i int) []byte, declaring DeclaringFunctions, reported []bool, needs Needs) [sha256.Size]byte {
	w := inputsWriter{h: sha256.New(), modules: map[*load.Module]uint64{}, envs: map[*load.Environment]uint64{}}
	w.str("relevant inputs 1")
	w.num(uint64(needs))
	w.num(uint64(len(declaring)))
	for _, fn := range slices.Sorted(maps.Keys(declaring)) {
		w.str(fn)
		w.str(declaring[fn])
	}
	w.num(uint64(len(files)))
	for i, f := range files {
		w.str(f.Path)
		w.str(f.AbsPath)
		w.flag(reported[i])
		w.str(string(f.ContextWhy))
		w.num(uint64(f.Role))
		w.str(f.RelInModule)
		w.str(string(f.DataFormat))
		w.str(f.HieraConfig)
		w.flag(f.HieraEveryNode)
		w.module(f.Module)
		w.env(f.Env)
		sum := summary(i)
		w.flag(sum != nil)
		w.str(string(sum))
		w.flush()
	}
	w.flush()
	var out [sha256.Size]byte
	w.h.Sum(out[:0])
	return out
}

// SummaryIdentity returns a hash of everything s holds: two summaries
// with the same identity are equal: it hashes each unit's Kind, Name,
// Parent and name lists (Unit.NameLists).
func SummaryIdentity(s *Summary) [sha256.Size]byte {
	w := inputsWriter{h: sha256.New()}
	w.num(uint64(len(s.Units)))
	for i := range s.Units {
		u := &s.Units[i]
		w.num(uint64(u.Kind))
		w.str(u.Name)
		w.str(u.Parent)
		for _, names := range u.NameLists() {
			w.num(uint64(len(*names)))
			for _, n := range *names {
				w.str(n)
			}
		}
		w.flush()
	}
	w.flush()
	var out [sha256.Size]byte
	w.h.Sum(out[:0])
	return out
}

// inputsWriter writes the parts of RelevantInputs' hash, each length
// prefixed so that no two sequences of parts write the same bytes.
type inputsWriter struct {
	h       hash.Hash
	buf     []byte
	modules map[*load.Module]uint64 // numbered in order of first use, from 1
	envs    map[*load.Environment]uint64
}

func (w *inputsWriter) num(n uint64) { w.buf = binary.AppendUvarint(w.buf, n) }

func (w *inputsWriter) str(s string) {
	w.num(uint64(len(s)))
	w.buf = append(w.buf, s...)
}

func (w *inputsWriter) flag(b bool) {
	if b {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
}

// module writes m by number, and its fields where it is first used.
func (w *inputsWriter) module(m *load.Module) {
	if m == nil {
		w.num(0)
		return
	}
	if n, ok := w.modules[m]; ok {
		w.num(n)
		return
	}
	n := uint64(len(w.modules) + 1)
	w.modules[m] = n
	w.num(n)
	w.str(m.Name)
	w.str(string(m.NameFrom))
	w.str(m.Dir)
	w.str(m.AbsDir)
	w.str(m.MetadataName)
	w.env(m.Env)
}

// env writes e by number, and its fields where it is first used.
func (w *inputsWriter) env(e *load.Environment) {
	if e == nil {
		w.num(0)
		return
	}
	if n, ok := w.envs[e]; ok {
		w.num(n)
		return
	}
	n := uint64(len(w.envs) + 1)
	w.envs[e] = n
	w.num(n)
	w.str(e.Dir)
	w.str(e.AbsDir)
	w.str(e.Name)
}

// flush hashes what was written since the last flush.
func (w *inputsWriter) flush() {
	w.h.Write(w.buf)
	w.buf = w.buf[:0]
}
