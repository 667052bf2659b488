package load

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// Role says what part a loaded file plays in Puppet's layout.
type Role int

// The roles a file can have. The zero value is Lone.
const (
	// Lone is a file outside any module's code directories and outside the
	// main manifest: Puppet never loads it on its own.
	Lone Role = iota
	// MainManifest is a .pp file of an environment's main manifest.
	MainManifest
	// ModuleManifest is a .pp file under a module's manifests/.
	ModuleManifest
	// ModuleFunction is a .pp file under functions/ (of a module or of an
	// environment).
	ModuleFunction
	// ModuleType is a .pp file under types/ (of a module or of an environment).
	ModuleType
	// ModulePlan is a .pp file under plans/ (of a module or of an environment).
	ModulePlan
	// ModuleTemplate is an .epp file under a module's templates/.
	ModuleTemplate
	// ModuleOther is any other file inside a module: examples/, spec/, an
	// .epp outside templates/ and so on. Puppet does not autoload it.
	ModuleOther
	// HieraConfig is a layer's hiera.yaml, at the root of an environment
	// or a module.
	HieraConfig
	// HieraData is a data file that a hiera.yaml's hierarchy can read.
	HieraData
)

// IsHiera reports whether the role is a Hiera file's rather than Puppet
// code's.
func (r Role) IsHiera() bool { return r == HieraConfig || r == HieraData }

// String returns a short lower-case name for the role.
func (r Role) String() string {
	switch r {
	case Lone:
		return "lone"
	case MainManifest:
		return "main-manifest"
	case ModuleManifest:
		return "manifest"
	case ModuleFunction:
		return "function"
	case ModuleType:
		return "type"
	case ModulePlan:
		return "plan"
	case ModuleTemplate:
		return "template"
	case ModuleOther:
		return "other"
	case HieraConfig:
		return "hiera-config"
	case HieraData:
		return "hiera-data"
	}
	return "role(" + strconv.Itoa(int(r)) + ")"
}

// ParseOptions are the options the Puppet file is parsed with, decided from
// its place in the layout: an EPP template by its extension, tasks mode by
// Tasks. Whatever parses a loaded file, or keys what it keeps of a parse
// by how the file was parsed, takes them from here, so that a file parses
// the same wherever ducklint runs from.
func (f *File) ParseOptions() parser.ParseOptions {
	return parser.ParseOptions{EPP: filepath.Ext(f.Path) == ".epp", Tasks: f.Tasks()}
}

// Tasks reports whether the file is Puppet code read in Bolt's tasks mode,
// in which plan and apply are keywords: a plan Bolt autoloads (ModulePlan,
// a .pp file under plans/ of a module or of an environment), or a lone .pp
// file, which nothing autoloads, whose own directory is named plans (a
// plan kept outside any module; `puppet parser validate --tasks` is how
// Puppet would read it). Every other file, a .pp under a module's
// examples/plans/ or a template under plans/ included, is read as Puppet
// reads it. The answer comes from the layout and the file's own
// directory, never from the reported path, so it does not change with the
// working directory, and a directory named plans further up (a checkout
// under ~/plans/) changes nothing.
func (f *File) Tasks() bool {
	switch f.Role {
	case ModulePlan:
		return true
	case Lone:
		return filepath.Ext(f.AbsPath) == ".pp" && filepath.Base(filepath.Dir(f.AbsPath)) == "plans"
	}
	return false
}

// DefKind is the kind of a named, autoloadable Puppet definition.
type DefKind int

// The kinds of autoloadable definitions.
const (
	// Class is a host class.
	Class DefKind = iota
	// Define is a defined resource type.
	Define
	// Function is a function written in the Puppet language.
	Function
	// TypeAlias is a type alias (`type Mod::T = ...`).
	TypeAlias
	// Plan is a Bolt plan written in the Puppet language.
	Plan
)

// codeDirFor maps a role to the module directory it autoloads from.
func codeDirFor(role Role) string {
	switch role {
	case ModuleManifest:
		return "manifests"
	case ModuleFunction:
		return "functions"
	case ModuleType:
		return "types"
	case ModulePlan:
		return "plans"
	}
	return ""
}

// validName reports whether name, a qualified Puppet name without a
// leading "::", is one or more valid segments (see validSegment)
// separated by sep: "::", or "/" in a path.
func validName(name, sep string) bool {
	for more := true; more; {
		var seg string
		seg, name, more = strings.Cut(name, sep)
		if !validSegment(seg) {
			return false
		}
	}
	return true
}

func validSegment(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '_'):
		default:
			return false
		}
	}
	return true
}

// ExpectedPath returns the module-relative path, with '/' separators, from
// which Puppet autoloads the definition named name of the given kind:
// `apache::mod::ssl` (Class) → manifests/mod/ssl.pp, `apache` →
// manifests/init.pp, `mod::a::f` (Function) → functions/a/f.pp,
// `Mod::Sub::T` (TypeAlias) → types/sub/t.pp, `mod` (Plan) →
// plans/init.pp. Segments are lowercased, as Puppet's loader does. The
// first segment is the module name (or `environment` for
// environment-level functions and types) and is not part of the path.
// ok is false when name is not a valid qualified name or is not
// autoloadable: functions and type aliases need at least two segments,
// and `mod::init` is not a valid name.
func ExpectedPath(kind DefKind, name string) (rel string, ok bool) {
	name = strings.TrimPrefix(name, "::")
	if !validName(name, "::") {
		return "", false
	}
	_, rest, nested := strings.Cut(name, "::")
	if strings.EqualFold(rest, "init") {
		// `mod::init` would collide with the module's own init.pp.
		return "", false
	}
	var dir string
	switch kind {
	case Class, Define:
		dir = "manifests"
	case Plan:
		dir = "plans"
	case Function:
		dir = "functions"
	case TypeAlias:
		dir = "types"
	default:
		return "", false
	}
	if !nested {
		if kind == Function || kind == TypeAlias {
			return "", false
		}
		return dir + "/init.pp", true
	}
	return rejoin(dir+"/", rest, "::", "/", ".pp", true), true
}

// rejoin returns prefix, then the segments of name (separated by sep)
// separated by with instead, lowercased when lower is set, then suffix,
// in one allocation. name is ASCII, as a valid name is.
func rejoin(prefix, name, sep, with, suffix string, lower bool) string {
	var b strings.Builder
	b.Grow(len(prefix) + len(name) + strings.Count(name, sep)*(len(with)-len(sep)) + len(suffix))
	b.WriteString(prefix)
	for more := true; more; {
		var seg string
		seg, name, more = strings.Cut(name, sep)
		if !lower {
			b.WriteString(seg)
		}
		for i := 0; lower && i < len(seg); i++ {
			c := seg[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b.WriteByte(c)
		}
		if more {
			b.WriteString(with)
		}
	}
	b.WriteString(suffix)
	return b.String()
}

// NameForPath returns the qualified name Puppet expects to be defined in
// the file at relInModule (module-relative, '/' separators) of the module
// moduleName, given the file's role: the reverse of ExpectedPath.
// Type alias names come back with each segment capitalised
// (`types/sub/t.pp` → `Mod::Sub::T`); Puppet compares them
// case-insensitively. It returns "" for roles that are not autoloaded and
// for paths that cannot hold an autoloaded definition.
func NameForPath(moduleName string, role Role, relInModule string) string {
	dir := codeDirFor(role)
	if dir == "" || moduleName == "" {
		return ""
	}
	rest, ok := strings.CutPrefix(relInModule, dir+"/")
	if !ok {
		return ""
	}
	rest, ok = strings.CutSuffix(rest, ".pp")
	if !ok || rest == "" {
		return ""
	}
	if !validName(rest, "/") {
		return ""
	}
	if rest == "init" {
		switch role {
		case ModuleManifest, ModulePlan:
			return moduleName
		}
		return ""
	}
	if role == ModuleType {
		all := append([]string{moduleName}, strings.Split(rest, "/")...)
		for i, s := range all {
			all[i] = strings.ToUpper(s[:1]) + s[1:]
		}
		return strings.Join(all, "::")
	}
	return rejoin(moduleName+"::", rest, "/", "::", "", false)
}
