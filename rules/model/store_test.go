package model

import (
	"reflect"
	"slices"
	"testing"
	"unsafe"
)

// TestStoreTakesWhatWasAdded checks that each take returns exactly the
// items added since the previous one, in order, across chunk boundaries,
// and that items taken earlier are not overwritten by later adds.
func TestStoreTakesWhatWasAdded(t *testing.T) {
	var s store[int]
	var taken [][][]int
	var want [][]int
	next := 0
	for _, n := range []int{0, 1, 1023, 1, 1024, 5000, 0, 7} {
		var w []int
		for range n {
			s.add(next)
			w = append(w, next)
			next++
		}
		taken = append(taken, s.take())
		want = append(want, w)
	}
	for i, segs := range taken {
		var got []int
		for _, seg := range segs {
			got = append(got, seg...)
		}
		if !slices.Equal(got, want[i]) {
			t.Errorf("take %d: got %d items %v..., want %d", i, len(got), got[:min(len(got), 3)], len(want[i]))
		}
	}
}

// TestRecordSizes guards the size of the records the simulations make by
// the hundred thousand on a large tree (see siteRecord, keptPath): each
// byte more is a tenth of a megabyte more to allocate and clear there.
func TestRecordSizes(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"siteRecord", unsafe.Sizeof(siteRecord{}), 48},
		{"declRecord", unsafe.Sizeof(declRecord{}), 32},
		{"declEval", unsafe.Sizeof(declEval{}), 24},
	} {
		if c.got > c.want {
			t.Errorf("%s is %d bytes, want at most %d", c.name, c.got, c.want)
		}
	}
}

// TestNewInstanceResetsReusedSlots checks that an instance made in a slot
// a previous simulation used keeps nothing of it: newInstance writes each
// field rather than copying a whole instance.
func TestNewInstanceResetsReusedSlots(t *testing.T) {
	class := &Definition{Kind: ClassDef, Name: "c"}
	class.Scope = &Scope{Kind: ClassScope, Def: class}
	node := &Definition{Kind: NodeDef, Name: "n"}
	node.Scope = &Scope{Kind: NodeScope, Def: node}
	parent := &instance{scope: node.Scope, def: node, depth: 2}
	decl := &Declaration{Target: "c"}
	path := []Branch{{Arm: 1}}
	w := &simWorker{}
	w.newInstance(nil, nil, nil, nil, nil, false)
	// Every field of the used slot set, as a previous simulation may
	// have left it.
	old := &w.slab[0][0]
	v := reflect.ValueOf(old).Elem()
	for i := range v.NumField() {
		f := reflect.NewAt(v.Field(i).Type(), unsafe.Pointer(v.Field(i).UnsafeAddr())).Elem()
		switch f.Kind() {
		case reflect.Pointer:
			f.Set(reflect.New(f.Type().Elem()))
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Bool:
			f.SetBool(true)
		case reflect.Int32:
			f.SetInt(7)
		case reflect.Uint64:
			f.SetUint(7)
		case reflect.Struct: // instDefaults
			f.Set(reflect.ValueOf(instDefaults{types: []*typedDefaults{{}}, index: map[string]*typedDefaults{}, mask: 7}))
		default:
			t.Fatalf("field %s of kind %s: set it here", v.Type().Field(i).Name, f.Kind())
		}
	}
	w.slabUsed = 0
	for _, c := range []struct {
		name string
		def  *Definition
		want instance
	}{
		{"class", class, instance{scope: class.Scope, def: class, parent: parent, via: decl, path: path, depth: 3, inherited: true, leaky: true}},
		{"node", node, instance{scope: node.Scope, def: node, parent: parent, via: decl, path: path, depth: 3, inherited: true}},
	} {
		w.slabUsed = 0
		got := w.newInstance(c.def.Scope, c.def, parent, decl, path, true)
		if got != old {
			t.Fatalf("%s: not made in the first slot", c.name)
		}
		if !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s: got %+v, want %+v", c.name, *got, c.want)
		}
		*old = instance{scope: &Scope{}, link: &chainLink{}, masksOK: true, leakMask: 1, aboveMask: 1, leaky: true}
	}
}
