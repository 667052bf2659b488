// Package ptype is the part of Puppet's type system that judges values
// the code (or data) states literally: it reads type expressions
// (Integer[1, 10], Optional[String], Struct[{...}], aliases such as
// Stdlib::Port through the tree's type alias definitions), reads literal
// values, decides whether a value is an instance of a type, and describes
// a mismatch in the words of Puppet's TypeMismatchDescriber.
//
// It never guesses: a type it does not model (Callable, Sensitive, an
// alias nobody in the tree defines, a regular expression Go cannot
// compile) or a value that is not a literal makes the verdict Maybe.
package ptype

import (
	"math"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
)

// Kind is what a Type is.
type Kind uint8

// The kinds: Puppet's types of the same names, TypeOf for Type, Alias for
// a type alias, and Unknown for a type this package does not model (with
// which nothing is decided).
const (
	Unknown Kind = iota
	Any
	Undef
	NotUndef
	Default
	Integer
	Float
	Numeric
	String
	Boolean
	Enum
	Pattern
	Regexp
	Optional
	Variant
	Array
	Hash
	Struct
	Tuple
	Collection
	Scalar
	ScalarData
	Data
	RichData
	TypeOf // Type, Type[T]
	Alias
)

// names are the Puppet names of the kinds, as type expressions and
// messages write them.
var names = map[Kind]string{Any: "Any", Undef: "Undef", NotUndef: "NotUndef", Default: "Default", Integer: "Integer",
	Float: "Float", Numeric: "Numeric", String: "String", Boolean: "Boolean", Enum: "Enum", Pattern: "Pattern",
	Regexp: "Regexp", Optional: "Optional", Variant: "Variant", Array: "Array", Hash: "Hash", Struct: "Struct",
	Tuple: "Tuple", Collection: "Collection", Scalar: "Scalar", ScalarData: "ScalarData", Data: "Data",
	RichData: "RichData", TypeOf: "Type"}

// kindByName is names inverted.
var kindByName = func() map[string]Kind {
	m := map[string]Kind{}
	for k, n := range names {
		m[n] = k
	}
	return m
}()

// Type is a Puppet type.
type Type struct {
	Kind Kind
	// Name is an alias's name (Alias), or the name of a type this package
	// does not model (Unknown).
	Name string
	// Lo and Hi bound an Integer's or a Float's values, and the size of a
	// String, Array, Hash, Tuple or Collection; ±Inf when unbounded.
	Lo, Hi float64
	// sized is set when a collection type gives its size: Tuple's default
	// size is its number of types.
	sized bool
	// Elems are the contained types: Optional, NotUndef, Array, Type: [T]
	// (none when not given); Hash: [K, V]; Variant, Tuple: the members.
	Elems []*Type
	// Strings are an Enum's values or a Pattern's regular expressions (as
	// written between the slashes).
	Strings []string
	// patterns are a Pattern's regular expressions, each compiled on
	// first use: most types read (the aliases of a module such as stdlib)
	// are never matched against a value, and a match stops at the first
	// expression that matches.
	patterns []lazyRegexp
	// CaseInsensitive is set for an Enum whose last argument is true.
	CaseInsensitive bool
	// Fields are a Struct's keys.
	Fields []Field
	// Resolved is what an Alias stands for.
	Resolved *Type
}

// Field is a key of a Struct.
type Field struct {
	Key string
	// Optional is set when the key may be absent: Optional['k'] as the key,
	// or a value type that accepts undef.
	Optional bool
	// OptionalKey is set when the key is written Optional['k'].
	OptionalKey bool
	Type        *Type
}

var inf = math.Inf(1)

// unbounded returns a type of kind k without bounds.
func unbounded(k Kind) *Type { return &Type{Kind: k, Lo: math.Inf(-1), Hi: inf} }

// Aliases finds type alias definitions: for a name as a reference writes
// it ("Stdlib::Port", "STDLIB::PORT"), the alias's name as its definition
// writes it, which is what Puppet prints, and its type expression; false
// when the tree does not define it.
type Aliases interface {
	Alias(name string) (defined string, e parser.Expr, ok bool)
}

// maxDepth bounds the nesting of types and aliases read: a deeper (or
// recursive) type is Unknown.
const maxDepth = 32

// FromExpr reads the type expression e, resolving aliases with aliases
// (nil for none). Parts it cannot read are Unknown.
func FromExpr(e parser.Expr, aliases Aliases) *Type {
	return NewReader(aliases).Read(e)
}

// Reader reads type expressions, each alias once: the types it returns
// share the aliases' types. It is safe for concurrent use; the types are
// not modified once returned.
type Reader struct {
	mu sync.Mutex
	r  reader
}

// NewReader returns a Reader resolving aliases with aliases (nil for
// none).
func NewReader(aliases Aliases) *Reader {
	return &Reader{r: reader{aliases: aliases, resolved: map[string]*Type{}, written: map[string]*Type{}}}
}

// Read reads the type expression e. Parts it cannot read are Unknown.
func (r *Reader) Read(e parser.Expr) *Type {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.r.read(e, 0)
}

// ReadWritten is Read for a type expression written as text (its
// source): expressions written alike are read once and share the type.
// What a type expression means depends on its text alone (type names are
// absolute, aliases the reader's), and types are never modified once
// read. Most parameters' types are written as others are (Array[String],
// Optional[Stdlib::Port]), many times in a tree.
func (r *Reader) ReadWritten(e parser.Expr, text []byte) *Type {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t, ok := r.r.written[string(text)]; ok {
		return t
	}
	t := r.r.read(e, 0)
	r.r.written[string(text)] = t
	return t
}

type reader struct {
	aliases  Aliases
	resolved map[string]*Type
	// written holds the types read by ReadWritten, by their text.
	written map[string]*Type
	// plain holds the type of each kind written without parameters
	// (String, Boolean, Hash), read once: most parameters' types are
	// such a type or hold one, and the types are never modified once
	// read.
	plain [Alias]*Type
}

func (r *reader) read(e parser.Expr, depth int) *Type {
	if depth > maxDepth {
		return &Type{Kind: Unknown}
	}
	switch e := e.(type) {
	case *parser.Paren:
		return r.read(e.X, depth+1)
	case *parser.TypeRef:
		return r.named(strings.TrimPrefix(e.Value, "::"), nil, depth)
	case *parser.Access:
		if t, ok := e.Target.(*parser.TypeRef); ok {
			return r.named(strings.TrimPrefix(t.Value, "::"), e.Keys, depth)
		}
	}
	return &Type{Kind: Unknown}
}

// named reads the type called name with the parameters args.
func (r *reader) named(name string, args []parser.Expr, depth int) *Type {
	k, ok := kindByName[name]
	if !ok {
		if strings.Contains(name, "::") && args == nil {
			return r.alias(name, depth)
		}
		return &Type{Kind: Unknown, Name: name}
	}
	if args == nil {
		if r.plain[k] == nil {
			r.plain[k] = r.parameterised(k, nil, depth)
		}
		return r.plain[k]
	}
	return r.parameterised(k, args, depth)
}

// parameterised reads the type of kind k with the parameters args.
func (r *reader) parameterised(k Kind, args []parser.Expr, depth int) *Type {
	t := unbounded(k)
	switch k {
	case Integer, Float:
		if !r.bounds(t, args, k == Integer) {
			return &Type{Kind: Unknown}
		}
		return t
	case String, Collection:
		if !r.sizes(t, args) {
			return &Type{Kind: Unknown}
		}
		return t
	case Enum:
		for i, a := range args {
			switch a := a.(type) {
			case *parser.StringLit:
				t.Strings = append(t.Strings, a.Value)
			case *parser.Name:
				t.Strings = append(t.Strings, a.Value)
			case *parser.Bool:
				if i != len(args)-1 {
					return &Type{Kind: Unknown}
				}
				t.CaseInsensitive = a.Value
			default:
				return &Type{Kind: Unknown}
			}
		}
		return t
	case Pattern:
		for _, a := range args {
			switch a := a.(type) {
			case *parser.Regex:
				t.Strings = append(t.Strings, a.Pattern)
			case *parser.StringLit:
				if a.Quote == 0 {
					return &Type{Kind: Unknown}
				}
				t.Strings = append(t.Strings, regexpSource(a.Value))
			default:
				return &Type{Kind: Unknown}
			}
		}
		t.patterns = make([]lazyRegexp, len(t.Strings))
		for i, src := range t.Strings {
			t.patterns[i].src = src
		}
		return t
	case Optional, NotUndef, TypeOf:
		if len(args) > 1 {
			return &Type{Kind: Unknown}
		}
		if len(args) == 1 {
			if s, ok := args[0].(*parser.StringLit); ok && k != TypeOf && s.Quote != 0 {
				// Optional['x'] is Optional[Enum['x']].
				t.Elems = []*Type{{Kind: Enum, Strings: []string{s.Value}}}
			} else {
				t.Elems = []*Type{r.read(args[0], depth+1)}
			}
		}
		return t
	case Variant:
		for _, a := range args {
			t.Elems = append(t.Elems, r.read(a, depth+1))
		}
		return t
	case Array:
		if len(args) == 0 {
			return t
		}
		if _, ok := args[0].(*parser.Number); ok {
			// Array[1, 2]: sizes of an Array[Any].
			t.Elems = []*Type{unbounded(Any)}
			if !r.sizes(t, args) {
				return &Type{Kind: Unknown}
			}
			return t
		}
		t.Elems = []*Type{r.read(args[0], depth+1)}
		if !r.sizes(t, args[1:]) {
			return &Type{Kind: Unknown}
		}
		return t
	case Hash:
		if len(args) == 0 {
			return t
		}
		if len(args) < 2 {
			return &Type{Kind: Unknown}
		}
		t.Elems = []*Type{r.read(args[0], depth+1), r.read(args[1], depth+1)}
		if !r.sizes(t, args[2:]) {
			return &Type{Kind: Unknown}
		}
		return t
	case Tuple:
		if len(args) == 0 {
			t.Lo = 0
			return t // any array
		}
		i := 0
		for ; i < len(args); i++ {
			if _, ok := args[i].(*parser.Number); ok {
				break
			}
			if _, ok := args[i].(*parser.Default); ok {
				break
			}
			t.Elems = append(t.Elems, r.read(args[i], depth+1))
		}
		if i < len(args) {
			if !r.sizes(t, args[i:]) {
				return &Type{Kind: Unknown}
			}
		} else {
			t.Lo, t.Hi = float64(len(t.Elems)), float64(len(t.Elems))
		}
		return t
	case Struct:
		if len(args) != 1 { // a bare Struct holds only the empty hash; not modelled
			return &Type{Kind: Unknown}
		}
		h, ok := args[0].(*parser.Hash)
		if !ok {
			return &Type{Kind: Unknown}
		}
		for _, en := range h.Entries {
			f, ok := r.field(en, depth)
			if !ok {
				return &Type{Kind: Unknown}
			}
			t.Fields = append(t.Fields, f)
		}
		return t
	}
	if len(args) > 0 {
		return &Type{Kind: Unknown} // Scalar[...] and the like do not exist
	}
	return t
}

// field reads one key => type entry of a Struct.
func (r *reader) field(en *parser.HashEntry, depth int) (Field, bool) {
	var f Field
	switch k := en.Key.(type) {
	case *parser.StringLit:
		if k.Quote == 0 {
			return f, false
		}
		f.Key = k.Value
	case *parser.Name:
		f.Key = k.Value
	case *parser.Access:
		ref, ok := k.Target.(*parser.TypeRef)
		if !ok || len(k.Keys) != 1 || ref.Value != "Optional" && ref.Value != "NotUndef" {
			return f, false
		}
		switch s := k.Keys[0].(type) {
		case *parser.StringLit:
			f.Key = s.Value
		case *parser.Name:
			f.Key = s.Value
		default:
			return f, false
		}
		f.OptionalKey = ref.Value == "Optional"
	default:
		return f, false
	}
	f.Type = r.read(en.Value, depth+1)
	f.Optional = f.OptionalKey || acceptsUndef(f.Type)
	return f, true
}

// alias reads the alias name from the tree's definitions. A recursive
// alias (type Tree = Array[Variant[String, Tree]]) refers to itself.
func (r *reader) alias(name string, depth int) *Type {
	// resolved holds each alias by every spelling read and by its
	// lower-case name, which Puppet resolves: all spellings are the one
	// alias, named as its definition writes it.
	if t, ok := r.resolved[name]; ok {
		return t
	}
	key := strings.ToLower(name)
	if t, ok := r.resolved[key]; ok {
		r.resolved[name] = t
		return t
	}
	var (
		defined string
		e       parser.Expr
		found   bool
	)
	if r.aliases != nil {
		defined, e, found = r.aliases.Alias(name)
	}
	if !found {
		// Not an alias of the tree: the type carries the name as written,
		// so it is kept by that name alone, where it is not also the key
		// of every spelling.
		t := &Type{Kind: Unknown, Name: name}
		if name != key {
			r.resolved[name] = t
		}
		return t
	}
	t := &Type{Kind: Alias, Name: defined}
	r.resolved[key] = t
	r.resolved[name] = t
	t.Resolved = r.read(e, depth+1)
	if t.Resolved.Kind == Alias && t.Resolved == t || t.Resolved.Kind == Unknown {
		t.Kind = Unknown // an alias of itself, or of what is not modelled
	}
	return t
}

// bounds reads Integer or Float bounds.
func (r *reader) bounds(t *Type, args []parser.Expr, integer bool) bool {
	if len(args) > 2 {
		return false
	}
	for i, a := range args {
		v, isDefault, ok := number(a)
		if !ok {
			return false
		}
		if isDefault {
			continue
		}
		if integer && v.Kind != VInteger {
			return false
		}
		f := v.num()
		if i == 0 {
			t.Lo = f
		} else {
			t.Hi = f
		}
	}
	return true
}

// sizes reads the size bounds of a String or collection type.
func (r *reader) sizes(t *Type, args []parser.Expr) bool {
	if len(args) > 2 {
		return false
	}
	t.Lo, t.Hi = 0, inf
	for i, a := range args {
		v, isDefault, ok := number(a)
		if !ok || !isDefault && v.Kind != VInteger {
			return false
		}
		t.sized = true
		if isDefault {
			continue
		}
		if i == 0 {
			t.Lo = float64(v.Int)
		} else {
			t.Hi = float64(v.Int)
		}
	}
	return true
}

// number reads a numeric type parameter, or default.
func number(e parser.Expr) (v Value, isDefault, ok bool) {
	if _, ok := e.(*parser.Default); ok {
		return Value{}, true, true
	}
	v = FromValueExpr(e)
	return v, false, v.Kind == VInteger || v.Kind == VFloat
}

// regexpSource is the source of the regular expression a string
// parameter of Pattern makes, as Puppet prints it.
func regexpSource(s string) string { return s }

// acceptsUndef reports whether t surely accepts undef.
func acceptsUndef(t *Type) bool { return t.accepts(Value{Kind: VUndef}) == Yes }
