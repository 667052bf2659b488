package model

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// applied is what applying defaults latest first gives a resource: each
// default that contributes attributes no later one did, with them, and
// the attributes some default sets to undef.
type applied struct {
	got   []string // "index:attr"
	undef []string
}

func applyDefaults(each func(yield func(timedDefault) bool), skip func(timedDefault) bool, index map[*ResourceDefault]int) applied {
	var out applied
	var covered []string
	each(func(td timedDefault) bool {
		if skip(td) {
			return true
		}
		for _, ad := range td.attrs {
			if isUndefValue(ad) && !slices.Contains(out.undef, ad.Attr) {
				out.undef = append(out.undef, ad.Attr)
			}
			if !slices.Contains(covered, ad.Attr) {
				covered = append(covered, ad.Attr)
				out.got = append(out.got, fmt.Sprintf("%d:%s", index[td.d], ad.Attr))
			}
		}
		return true
	})
	slices.Sort(out.undef)
	return out
}

// TestTypedDefaultsSkipOnlyOverridden applies random defaults (some on
// arms a resource may be excluded from, some setting undef, some setting
// an attribute twice) with and without the overridden ones left out: the
// same attributes from the same defaults, and the same undef resets.
func TestTypedDefaultsSkipOnlyOverridden(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	attrs := []string{"mode", "owner", "group", "ensure"}
	arms := []Branch{{Arm: 0}, {Arm: 1}}
	skipped := 0
	for range 2000 {
		t1 := &typedDefaults{typ: "file"}
		index := map[*ResourceDefault]int{}
		n := 1 + r.IntN(30)
		for i := range n {
			d := &ResourceDefault{Type: "file"}
			if r.IntN(4) == 0 {
				d.Branch = arms[r.IntN(2):][:1]
			}
			index[d] = i
			var ads []AttrDefault
			for range r.IntN(4) {
				v := "1"
				if r.IntN(5) == 0 {
					v = "undef"
				}
				ads = append(ads, AttrDefault{Attr: attrs[r.IntN(len(attrs))], Default: d, Value: v})
			}
			t1.add(timedDefault{d: d, at: int64(i), attrs: ads})
		}
		// A resource on arm 0 skips the defaults on arm 1.
		skip := func(td timedDefault) bool { return len(td.d.Branch) > 0 && td.d.Branch[0].Arm == 1 }
		all := func(yield func(timedDefault) bool) {
			for i := len(t1.list) - 1; i >= 0; i-- {
				if !yield(t1.list[i]) {
					return
				}
			}
		}
		visited := 0
		live := func(yield func(timedDefault) bool) {
			t1.latestFirst(int64(n), func(td timedDefault) bool { visited++; return yield(td) })
		}
		want, got := applyDefaults(all, skip, index), applyDefaults(live, skip, index)
		if !slices.Equal(want.got, got.got) || !slices.Equal(want.undef, got.undef) {
			t.Fatalf("all defaults give %v, undef %v; without the overridden %v, undef %v", want.got, want.undef, got.got, got.undef)
		}
		skipped += n - visited
	}
	if skipped < 5000 {
		t.Fatalf("only %d defaults skipped: the test exercises too little", skipped)
	}
}
