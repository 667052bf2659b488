package policy

// The objects a policy's condition sees, one Go type per CEL object type.
// Their cel tags are the field names of the documentation (docs/policies.md);
// a condition naming any other field does not compile.

// Resource is a resource declaration's body: `file { '/etc/motd': ... }`.
type Resource struct {
	Type string `cel:"type"`
	// Title is the literal title, or the title's source text when it is
	// computed ("$name"); Titles are the literal titles (an array title
	// declares one resource each), empty when the title is computed.
	Title  string   `cel:"title"`
	Titles []string `cel:"titles"`
	// Attributes are the attributes by name, each a literal value (string,
	// int, double, bool, list, map) or null when the value is computed.
	Attributes map[string]any `cel:"attributes"`
	// AttributeSource is each attribute's value as written.
	AttributeSource map[string]string `cel:"attribute_source"`
	Virtual         bool              `cel:"virtual"`
	Exported        bool              `cel:"exported"`
	Location
}

// Location is where an object is: its file, line and module, and the
// class, defined type or node it is written in.
type Location struct {
	File   string `cel:"file"`
	Line   int    `cel:"line"`
	Module string `cel:"module"`
	// Class, Define and Node name the definition the object is written
	// in ("" when it is in none of them; Node is a node's first name).
	Class  string `cel:"class"`
	Define string `cel:"define"`
	Node   string `cel:"node"`
}

// Definition is a class or a defined type.
type Definition struct {
	Name string `cel:"name"`
	// Parent is the class inherited from (classes only).
	Parent     string      `cel:"parent"`
	Parameters []Parameter `cel:"parameters"`
	// Documented is whether a comment block sits right above the
	// definition.
	Documented bool `cel:"documented"`
	// Resources are the types of the resources declared in its body,
	// one per resource body; Declares are the classes and defined types
	// it declares (include, require, contain, resource-like, instances).
	Resources []string `cel:"resources"`
	Declares  []string `cel:"declares"`
	// Catalog is what the declaration graph says of it.
	Catalog Catalog `cel:"catalog"`
	Location
}

// Parameter is a class or defined-type parameter.
type Parameter struct {
	Name string `cel:"name"`
	// Type is the type as written ("Optional[String]"), "" when untyped.
	Type       string `cel:"type"`
	HasDefault bool   `cel:"has_default"`
	// Default is the default's literal value, null when it is computed
	// or absent.
	Default any `cel:"default"`
	// Documented is whether the definition's comment has an @param tag
	// for it.
	Documented bool `cel:"documented"`
}

// Catalog is what the whole-program model knows of where a class or
// defined type is evaluated.
type Catalog struct {
	// EntryPoints is how many entry points (node definitions, top-scope
	// code, classes nothing declares) reach it; ReachedFromMain is
	// whether a node definition or top-scope code does.
	EntryPoints     int  `cel:"entry_points"`
	ReachedFromMain bool `cel:"reached_from_main"`
}

// Declaration is an edge of the declaration graph.
type Declaration struct {
	// From is the declaring class, defined type or node ("" for top
	// scope), FromKind its kind: class, define, node, top, file, lambda.
	From     string `cel:"from"`
	FromKind string `cel:"from_kind"`
	// To is the declared class or defined type, normalised; Written is
	// its name as written ("::apache").
	To      string `cel:"to"`
	Written string `cel:"written"`
	// Kind is include, require, contain, resource-like, inherits or
	// instance (a defined-type instance).
	Kind        string `cel:"kind"`
	Conditional bool   `cel:"conditional"`
	Location
}

// Node is a node definition.
type Node struct {
	// Names are its matchers as written: host names, "/regex/",
	// "default".
	Names     []string `cel:"names"`
	IsDefault bool     `cel:"is_default"`
	Resources []string `cel:"resources"`
	Declares  []string `cel:"declares"`
	Location
}

// FunctionCall is a function call, `f(x)` or `x.f()` (the receiver is the
// first argument).
type FunctionCall struct {
	Name string `cel:"name"`
	// Arguments are literal values, null where computed.
	Arguments []any `cel:"arguments"`
	Location
}
