package model

// instDefaults are the resource defaults an instance has set, grouped by
// type, each type's in the order set. Resources look up only their type's,
// and skip the defaults later ones override: the cost of applying defaults
// is what they contribute, not how many are in scope.
type instDefaults struct {
	types []*typedDefaults
	// index finds a type's defaults once there are more types than a scan
	// should look at.
	index map[string]*typedDefaults
	// mask are the type mask bits of the types (see typeBit).
	mask uint64
}

// typeIndexMin is the number of types from which instDefaults indexes
// them by name.
const typeIndexMin = 8

// of returns the defaults for typ, nil when there are none.
func (ds *instDefaults) of(typ string) *typedDefaults {
	if ds.index != nil {
		return ds.index[typ]
	}
	for _, t := range ds.types {
		if t.typ == typ {
			return t
		}
	}
	return nil
}

// add records default td, whose type's bit in type masks is bit.
func (ds *instDefaults) add(td timedDefault, bit uint64) {
	ds.mask |= bit
	t := ds.of(td.d.Type)
	if t == nil {
		t = &typedDefaults{typ: td.d.Type}
		ds.types = append(ds.types, t)
		if ds.index != nil {
			ds.index[t.typ] = t
		} else if len(ds.types) >= typeIndexMin {
			ds.index = make(map[string]*typedDefaults, len(ds.types))
			for _, x := range ds.types {
				ds.index[x.typ] = x
			}
		}
	}
	t.add(td)
}

// typedDefaults are an instance's defaults for one type, in the order set.
//
// From overrideMin defaults on, it tracks which are overridden: every
// attribute they set (and every one they set to undef) is set (to undef)
// again by a later default on no conditional arm. Applying the defaults
// latest first, an overridden one adds nothing a later one has not, so
// walks over all of them (live) skip it.
type typedDefaults struct {
	typ  string
	list []timedDefault
	// pending[key] are the defaults whose key (an attribute, or an
	// attribute set to undef) awaits a later default on no arm setting it
	// too, and missing counts each default's keys that still do; live
	// lists, in order, the defaults whose count was above zero when last
	// compacted, and dead how many of them have none left.
	pending map[string][]int32
	missing []int32
	live    []int32
	dead    int
}

// overrideMin is the number of defaults of one type in one instance from
// which typedDefaults tracks which are overridden.
const overrideMin = 8

func (t *typedDefaults) add(td timedDefault) {
	t.list = append(t.list, td)
	switch {
	case len(t.list) < overrideMin:
		return
	case len(t.list) == overrideMin:
		t.pending = map[string][]int32{}
		t.missing = make([]int32, 0, 2*overrideMin)
		t.live = make([]int32, 0, 2*overrideMin)
		for i := range t.list {
			t.track(int32(i))
		}
	default:
		t.track(int32(len(t.list) - 1))
	}
}

// track registers default i, the latest: it overrides the earlier ones
// awaiting its keys when it is on no arm, and awaits them itself.
func (t *typedDefaults) track(i int32) {
	td := t.list[i]
	t.missing = append(t.missing, 0)
	unconditional := len(td.d.Branch) == 0
	for _, ad := range td.attrs {
		t.await(i, ad.Attr, unconditional)
		if isUndefValue(ad) {
			t.await(i, "undef\x00"+ad.Attr, unconditional)
		}
	}
	if t.missing[i] > 0 {
		t.live = append(t.live, i)
	}
	if t.dead > len(t.live)/2 {
		live := t.live[:0]
		for _, j := range t.live {
			if t.missing[j] > 0 {
				live = append(live, j)
			}
		}
		t.live, t.dead = live, 0
	}
}

// await makes default i await a later one setting key, after settling the
// earlier defaults awaiting it when i overrides them.
func (t *typedDefaults) await(i int32, key string, overrides bool) {
	waiting := t.pending[key]
	if overrides {
		kept := waiting[:0]
		for _, j := range waiting {
			if j == i { // the attribute twice in one default
				kept = append(kept, j)
				continue
			}
			t.missing[j]--
			if t.missing[j] == 0 {
				t.dead++
			}
		}
		waiting = kept
	}
	t.pending[key] = append(waiting, i)
	t.missing[i]++
}

// latestFirst calls yield with the defaults set before now, latest first,
// leaving out overridden ones when every default is before now; it stops
// when yield returns false.
func (t *typedDefaults) latestFirst(now int64, yield func(timedDefault) bool) {
	if t == nil {
		return
	}
	n := len(t.list)
	if t.pending == nil || t.list[n-1].at >= now {
		for i := n - 1; i >= 0; i-- {
			if td := t.list[i]; td.at < now && !yield(td) {
				return
			}
		}
		return
	}
	for k := len(t.live) - 1; k >= 0; k-- {
		if i := t.live[k]; t.missing[i] > 0 && !yield(t.list[i]) {
			return
		}
	}
}
