package cache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io/fs"
	"slices"
	"sync"
	"unsafe"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// The cache file is a compact binary encoding, read on every editor save:
// gob took 30 ms to decode the cache of a 5,000-file environment, this
// takes a few. Every string is stored once in a table and referred to by
// index; numbers are varints.
//
//	magic, format, owner
//	strings:   count, then (length, bytes) each
//	dirs:      count, total number of entries, then per directory: path
//	           index, size, modification time, change time, inode,
//	           device, listed-at time, entry count, then per entry its
//	           name index and type bits
//	derived:   count, then per file: path index, size, modification
//	           time, change time, inode, device, recorded-at time, data
//	           length and bytes
//	summaries: count, then per summary: content hash, the length in
//	           bytes of the rest of its entry, the total length of its
//	           units' name lists, unit count, then per unit kind, name
//	           index, parent index, then counts and indexes of mentions,
//	           resource-like targets, declared names, classes read from,
//	           defaulted types, titled resources, tests, overrides,
//	           references and lookups
//	files:     count, then per file: path index, size, modification
//	           time, change time, inode, device, hash, hashed-at time
//	checksum:  CRC-32C of everything before it, 4 bytes little-endian
//
// The checksum is what makes damage visible: a changed byte in a string
// still decodes, as a wrong name. A summary's entry gives its length so
// that a run decodes only the summaries it uses: a run whose context
// files are all trusted by their stats, keeping the context its last run
// recorded, uses none of them.
const magic = "ducklint-context\x00"

var errCorrupt = errors.New("corrupt cache file")

// encode returns the encoding of snap for owner.
func encode(snap *snapshot, owner string) []byte {
	var strs []string
	index := map[string]uint64{}
	str := func(s string) uint64 {
		i, ok := index[s]
		if !ok {
			i = uint64(len(strs))
			index[s] = i
			strs = append(strs, s)
		}
		return i
	}
	paths := make([]string, 0, len(snap.Files))
	for p := range snap.Files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	hashes := make([]Hash, 0, len(snap.Summary))
	for h := range snap.Summary {
		hashes = append(hashes, h)
	}
	slices.SortFunc(hashes, func(a, b Hash) int { return bytes.Compare(a[:], b[:]) })
	dirs := make([]string, 0, len(snap.Dirs))
	for p := range snap.Dirs {
		dirs = append(dirs, p)
	}
	slices.Sort(dirs)
	// Intern every string first: the table comes before its uses.
	for _, p := range paths {
		str(p)
	}
	derived := make([]string, 0, len(snap.Derived))
	for p := range snap.Derived {
		derived = append(derived, p)
		str(p)
	}
	slices.Sort(derived)
	listedEntries := 0
	for _, p := range dirs {
		str(p)
		for _, e := range snap.Dirs[p].Entries {
			str(e.Name)
		}
		listedEntries += len(snap.Dirs[p].Entries)
	}
	for _, h := range hashes {
		units := snap.Summary[h].Units
		for i := range units {
			u := &units[i]
			str(u.Name)
			str(u.Parent)
			for _, names := range u.NameLists() {
				for _, m := range *names {
					str(m)
				}
			}
		}
	}

	var b []byte
	b = append(b, magic...)
	b = binary.AppendUvarint(b, formatVersion)
	b = appendString(b, owner)
	b = binary.AppendUvarint(b, uint64(len(strs)))
	for _, s := range strs {
		b = appendString(b, s)
	}
	b = binary.AppendUvarint(b, uint64(len(dirs)))
	b = binary.AppendUvarint(b, uint64(listedEntries))
	for _, p := range dirs {
		d := snap.Dirs[p]
		b = binary.AppendUvarint(b, index[p])
		b = appendStat(b, d.Stat)
		b = binary.AppendVarint(b, d.ListedAt)
		b = binary.AppendUvarint(b, uint64(len(d.Entries)))
		for _, e := range d.Entries {
			b = binary.AppendUvarint(b, index[e.Name])
			b = binary.AppendUvarint(b, uint64(e.Type))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(derived)))
	for _, p := range derived {
		d := snap.Derived[p]
		b = binary.AppendUvarint(b, index[p])
		b = appendStat(b, d.Stat)
		b = binary.AppendVarint(b, d.At)
		b = appendString(b, d.Data)
	}
	b = binary.AppendUvarint(b, uint64(len(hashes)))
	var entry []byte
	for _, h := range hashes {
		b = append(b, h[:]...)
		units := snap.Summary[h].Units
		listed := 0
		for i := range units {
			for _, names := range units[i].NameLists() {
				listed += len(*names)
			}
		}
		entry = binary.AppendUvarint(entry[:0], uint64(listed))
		entry = binary.AppendUvarint(entry, uint64(len(units)))
		for i := range units {
			u := &units[i]
			entry = append(entry, byte(u.Kind))
			entry = binary.AppendUvarint(entry, index[u.Name])
			entry = binary.AppendUvarint(entry, index[u.Parent])
			for _, names := range u.NameLists() {
				entry = binary.AppendUvarint(entry, uint64(len(*names)))
				for _, m := range *names {
					entry = binary.AppendUvarint(entry, index[m])
				}
			}
		}
		b = binary.AppendUvarint(b, uint64(len(entry)))
		b = append(b, entry...)
	}
	b = binary.AppendUvarint(b, uint64(len(paths)))
	for _, p := range paths {
		e := snap.Files[p]
		b = binary.AppendUvarint(b, index[p])
		b = appendStat(b, e.Stat)
		b = append(b, e.Hash[:]...)
		b = binary.AppendVarint(b, e.HashedAt)
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli()))
}

// castagnoli is built on first use: building the table is a fifth of a
// millisecond, which a run that never touches the cache (--version, one
// file outside any tree) should not pay at start-up.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

func appendStat(b []byte, st load.Stat) []byte {
	b = binary.AppendVarint(b, st.Size)
	b = binary.AppendVarint(b, st.ModTime)
	b = binary.AppendVarint(b, st.ChangeTime)
	b = binary.AppendUvarint(b, st.Inode)
	return binary.AppendUvarint(b, st.Device)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// decoder reads an encoding, remembering the first error.
type decoder struct {
	data []byte
	text string // data as one string: table entries are substrings of it
	off  int
	err  error
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.data[d.off:])
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.off += n
	return v
}

func (d *decoder) stat() load.Stat {
	return load.Stat{Size: d.varint(), ModTime: d.varint(), ChangeTime: d.varint(), Inode: d.uvarint(), Device: d.uvarint()}
}

func (d *decoder) byte() byte {
	if d.err != nil || d.off >= len(d.data) {
		d.err = errCorrupt
		return 0
	}
	d.off++
	return d.data[d.off-1]
}

func (d *decoder) varint() int64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.data[d.off:])
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.off += n
	return v
}

// count reads a length that the remaining bytes can hold at least
// per bytes each, so a corrupt count cannot make a huge allocation.
func (d *decoder) count(per int) int {
	n := d.uvarint()
	if d.err == nil && n > uint64((len(d.data)-d.off)/per) {
		d.err = errCorrupt
		return 0
	}
	return int(n)
}

func (d *decoder) bytes(n int) string {
	if d.err != nil || n > len(d.data)-d.off {
		d.err = errCorrupt
		return ""
	}
	s := d.text[d.off : d.off+n]
	d.off += n
	return s
}

// head is an encoding read up to its directory listings and derived data:
// what the loader needs before it walks. The rest, summaries and file entries, is decoded
// by rest while the tree is walked.
type head struct {
	d       *decoder
	strs    []string
	dirs    map[string]Listing
	derived map[string]Derived
}

// decodeHead checks the encoding's checksum, format and owner and decodes
// its string table, directory listings and derived data. Once the checksum is checked
// the rest can only fail on a file that this format's encoder did not
// write.
func decodeHead(data []byte, owner string) (*head, error) {
	if len(data) < len(magic)+4 || !bytes.HasPrefix(data, []byte(magic)) {
		return nil, errCorrupt
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli()) != binary.LittleEndian.Uint32(data[len(body):]) {
		return nil, errCorrupt
	}
	data = body
	// The table's strings share data, which the caller hands over.
	d := &decoder{data: data, text: unsafe.String(unsafe.SliceData(data), len(data)), off: len(magic)}
	if d.uvarint() != formatVersion || d.bytes(d.count(1)) != owner || d.err != nil {
		return nil, errCorrupt
	}
	h := &head{d: d, strs: make([]string, d.count(1))}
	for i := range h.strs {
		h.strs[i] = d.bytes(d.count(1))
	}
	ndirs := d.count(1)
	h.dirs = make(map[string]Listing, ndirs)
	// Every listing is a window of one slice, as the name lists are.
	entries := make([]load.DirEntry, 0, d.count(2))
	for range ndirs {
		p := h.str()
		ls := Listing{Stat: d.stat(), ListedAt: d.varint()}
		n := d.count(2)
		if n > cap(entries)-len(entries) {
			return nil, errCorrupt
		}
		start := len(entries)
		for range n {
			entries = append(entries, load.DirEntry{Name: h.str(), Type: fs.FileMode(d.uvarint())})
		}
		ls.Entries = entries[start:len(entries):len(entries)]
		if _, dup := h.dirs[p]; dup || d.err != nil {
			return nil, errCorrupt
		}
		h.dirs[p] = ls
	}
	nderived := d.count(1)
	h.derived = make(map[string]Derived, nderived)
	for range nderived {
		p := h.str()
		v := Derived{Stat: d.stat(), At: d.varint()}
		v.Data = d.bytes(d.count(1))
		if _, dup := h.derived[p]; dup || d.err != nil {
			return nil, errCorrupt
		}
		h.derived[p] = v
	}
	if d.err != nil {
		return nil, errCorrupt
	}
	return h, nil
}

// str reads a string table index.
func (h *head) str() string { return h.strFrom(h.d) }

// strFrom reads a string table index with d.
func (h *head) strFrom(d *decoder) string {
	i := d.uvarint()
	if i >= uint64(len(h.strs)) {
		d.err = errCorrupt
		return ""
	}
	return h.strs[i]
}

// rest decodes the file entries after the head, and where each summary's
// entry is, for summaryAt.
func (h *head) rest() (map[string]Entry, *storedSummaries, error) {
	d, str := h.d, h.str
	nsums := d.count(len(Hash{}) + 1)
	stored := &storedSummaries{h: h, at: make(map[Hash]int32, nsums), entries: make([]storedSummary, nsums)}
	for i := range nsums {
		var hash Hash
		copy(hash[:], d.bytes(len(hash)))
		stored.entries[i].off = d.off
		n := d.count(1)
		if _, dup := stored.at[hash]; dup || d.err != nil {
			return nil, nil, errCorrupt
		}
		stored.at[hash] = int32(i)
		d.off += n
	}
	n := d.count(1)
	files := make(map[string]Entry, n)
	for range n {
		p := str()
		var e Entry
		e.Stat = d.stat()
		copy(e.Hash[:], d.bytes(len(e.Hash)))
		e.HashedAt = d.varint()
		if _, dup := files[p]; dup || d.err != nil {
			return nil, nil, errCorrupt
		}
		files[p] = e
	}
	if d.err != nil || d.off != len(d.data) {
		return nil, nil, errCorrupt
	}
	return files, stored, nil
}

// summaryAt decodes the summary whose entry's length is at off, after its
// hash. It may be called concurrently.
func (h *head) summaryAt(off int) (*model.Summary, error) {
	d := &decoder{data: h.d.data, text: h.d.text, off: off}
	n := d.count(1) // rest checked that the entry is inside the data
	end := d.off + n
	d.data = d.data[:end]
	// The units' name lists are windows of one slice: one allocation
	// instead of one per list.
	names := make([]string, 0, d.count(1))
	window := func() []string {
		n := d.count(1)
		if n > cap(names)-len(names) {
			d.err = errCorrupt
			return nil
		}
		if n == 0 {
			return nil
		}
		start := len(names)
		for range n {
			names = append(names, h.strFrom(d))
		}
		return names[start:len(names):len(names)]
	}
	units := make([]model.Unit, d.count(3))
	for j := range units {
		if d.err != nil {
			break
		}
		kind := model.UnitKind(d.byte())
		units[j] = model.Unit{Kind: kind, Name: h.strFrom(d), Parent: h.strFrom(d)}
		for _, names := range units[j].NameLists() {
			*names = window()
		}
	}
	if d.err != nil || d.off != end {
		return nil, errCorrupt
	}
	return &model.Summary{Units: units}, nil
}

// storedSummaries are the summaries of a cache file, each decoded on
// first use.
type storedSummaries struct {
	h       *head
	at      map[Hash]int32 // index in entries
	entries []storedSummary
}

// storedSummary is one summary of a cache file.
type storedSummary struct {
	off  int // where its entry's length is, after its hash
	once sync.Once
	sum  *model.Summary // nil when its entry does not decode
}

// has reports whether a summary for hash is stored.
func (ss *storedSummaries) has(hash Hash) bool {
	if ss == nil {
		return false
	}
	_, ok := ss.at[hash]
	return ok
}

// get returns the summary stored for hash, nil for none or for an entry
// that does not decode (the file is read then). It may be called
// concurrently; every caller gets the same.
func (ss *storedSummaries) get(hash Hash) *model.Summary {
	if ss == nil {
		return nil
	}
	i, ok := ss.at[hash]
	if !ok {
		return nil
	}
	e := &ss.entries[i]
	e.once.Do(func() { e.sum, _ = ss.h.summaryAt(e.off) })
	return e.sum
}
