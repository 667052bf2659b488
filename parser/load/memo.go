package load

import (
	"encoding/binary"
	"errors"
	"time"
)

// Memo keeps what loading learnt from the file system from one run to the
// next, for Options.ContextMemo: directory listings, and what was derived
// from a file's content. Each is recorded with the Stat of its directory
// or file and stands while that Stat is unchanged and older than the
// record by more than a timestamp tick (the implementation decides the
// tick):
//   - adding, removing or renaming an entry of a directory sets the
//     directory's modification and change times, so a listing stands for
//     the entries' names and types; the files' content, their stats and
//     where symbolic links lead are not in it, and are read anew;
//   - writing a file sets its modification and change times, so what was
//     derived from its content stands for that content.
type Memo interface {
	// Now returns the clock to record with.
	Now() time.Time
	// Listing returns the sorted entries recorded for the directory at
	// abs when its Stat (following symbolic links) was st, if that Stat
	// vouches for them still. The slice must not be modified.
	Listing(abs string, st Stat) ([]DirEntry, bool)
	// RecordListing notes the sorted entries of the directory at abs,
	// listed after its Stat st was taken, and that after the clock read
	// at (Unix nanoseconds).
	RecordListing(abs string, st Stat, at int64, entries []DirEntry)
	// Derived returns what was recorded as derived, in the way named
	// kind, from the content of the file at abs when its Stat was st, if
	// that Stat vouches for it still.
	Derived(kind, abs string, st Stat) ([]byte, bool)
	// RecordDerived notes data derived in the way named kind from the
	// content of the file at abs, read after its Stat st was taken, and
	// that after the clock read at (Unix nanoseconds).
	RecordDerived(kind, abs string, st Stat, at int64, data []byte)
}

// listDir lists the directory abs, from l.memo when its stat vouches for a
// listing recorded there, recording a new listing otherwise. The clock is
// read before the stat and the stat taken before the listing, so that a
// change made while listing leaves a stat that no longer matches.
func (l *loader) listDir(abs string) ([]DirEntry, error) {
	if l.memo == nil {
		return readDirEntries(abs)
	}
	at := l.memo.Now().UnixNano()
	st, err := StatFile(abs)
	if err != nil {
		return readDirEntries(abs) // for the error it gives
	}
	if entries, ok := l.memo.Listing(abs, st); ok {
		return entries, nil
	}
	entries, err := readDirEntries(abs)
	if err == nil {
		l.memo.RecordListing(abs, st, at, entries)
	}
	return entries, err
}

// derive returns what derive makes of the content of the file at path,
// from l.memo when the file's stat vouches for its encoding recorded there
// under kind (which names derive, encode and decode), else from the file,
// recording it. The error is reading the file's.
func derive[T any](l *loader, kind, path string, derive func(src []byte) T, encode func(T) []byte, decode func([]byte) (T, error)) (T, error) {
	var at int64
	var st Stat
	var err error
	if l.memo != nil {
		at = l.memo.Now().UnixNano()
		if st, err = StatFile(path); err == nil {
			if data, ok := l.memo.Derived(kind, path, st); ok {
				if v, err := decode(data); err == nil {
					return v, nil
				}
			}
		}
	}
	src, err := readFile(path)
	if err != nil {
		var zero T
		return zero, err
	}
	v := derive(src)
	if l.memo != nil && st != (Stat{}) {
		l.memo.RecordDerived(kind, path, st, at, encode(v))
	}
	return v, nil
}

// appendStrings appends a count and the strings, each with its length.
func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b
}

var errBadMemo = errors.New("malformed memo")

// readStrings reads what appendStrings wrote at the start of b and returns
// the strings and the rest of b.
func readStrings(b []byte) ([]string, []byte, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return nil, nil, errBadMemo
	}
	b = b[k:]
	var out []string
	for range n {
		size, k := binary.Uvarint(b)
		if k <= 0 || size > uint64(len(b)-k) {
			return nil, nil, errBadMemo
		}
		out = append(out, string(b[k:k+int(size)]))
		b = b[k+int(size):]
	}
	return out, b, nil
}
