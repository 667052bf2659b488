package cache

import "github.com/ducklint/ducklint/rules/model"

// decode parses an encoding made by encode for owner, all of it at once,
// as the store never does (see Store.read and storedSummaries). Any
// damage, another format or another owner is an error. The result's
// strings share data, which must not be modified afterwards.
func decode(data []byte, owner string) (snapshot, error) {
	h, err := decodeHead(data, owner)
	if err != nil {
		return snapshot{}, err
	}
	files, stored, err := h.rest()
	if err != nil {
		return snapshot{}, err
	}
	sums := make(map[Hash]*model.Summary, len(stored.at))
	for hash, i := range stored.at {
		if sums[hash], err = h.summaryAt(stored.entries[i].off); err != nil {
			return snapshot{}, err
		}
	}
	return snapshot{Files: files, Summary: sums, Dirs: h.dirs, Derived: h.derived}, nil
}
