package gentree

import (
	"fmt"
	"strings"
)

// Shape is an adversarial input: valid Puppet that real trees hold little
// of, repeated n times in one file, so that any work per item proportional
// to the size of its scope, file or line shows as a cost quadratic in n.
// Benchmarks run each shape at two sizes, and tests count the work, to keep
// every stage linear.
type Shape struct {
	Name string
	// Doc says what the shape repeats and what it stresses.
	Doc string
	gen func(b *strings.Builder, n int)
}

// File is the path, in the tree a shape generates, of its one manifest.
const File = "adversarial.pp"

// Generate returns a tree of one manifest (File) holding the shape n times.
func (s Shape) Generate(n int) Tree {
	var b strings.Builder
	s.gen(&b, n)
	return Tree{File: b.String()}
}

// Shapes returns every adversarial shape.
func Shapes() []Shape {
	return []Shape{
		{"typed-hash-literal", "a hash literal of n entries passed to a Hash-typed class parameter: its keys are checked for duplicates",
			func(b *strings.Builder, n int) {
				b.WriteString("class q (Hash[String, Integer] $h) { }\nclass { 'q': h => {")
				for i := range n {
					fmt.Fprintf(b, "'k%d' => %d, ", i, i)
				}
				b.WriteString("} }\n")
			}},
		{"declared-parameters", "a class of n parameters declared with every one of them set: each attribute is looked up among the parameters",
			func(b *strings.Builder, n int) {
				b.WriteString("class q (\n")
				for i := range n {
					fmt.Fprintf(b, "  Integer $p%d = %d,\n", i, i)
				}
				b.WriteString(") { }\nclass { 'q':\n")
				for i := range n {
					fmt.Fprintf(b, "  p%d => %d,\n", i, i)
				}
				b.WriteString("}\n")
			}},
		{"unknown-reads", "one class with n reads of one unknown variable: each finding's message looks at the scope",
			func(b *strings.Builder, n int) {
				b.WriteString("class q {\n")
				for range n {
					b.WriteString("  notice($v0)\n")
				}
				b.WriteString("}\n")
			}},
		{"assign-chain", "one class with n assignments, each reading the one before: each read looks the name up in the scope",
			func(b *strings.Builder, n int) {
				b.WriteString("class a {\n  $v0 = 1\n")
				for i := 1; i < n; i++ {
					fmt.Fprintf(b, "  $v%d = $v%d\n", i, i-1)
				}
				b.WriteString("}\n")
			}},
		{"findings-on-one-line", "n findings on one line (`$x = \"${y}\"` repeated): the text output shows the line for each",
			func(b *strings.Builder, n int) {
				for i := range n {
					if i > 0 {
						b.WriteString("; ")
					}
					b.WriteString(`$x = "${y}"`)
				}
				b.WriteString("\n")
			}},
		{"typos", "one class with n variables and n reads of unknown names one letter off: each suggestion compares with every name",
			func(b *strings.Builder, n int) {
				b.WriteString("class t {\n")
				for i := range n {
					fmt.Fprintf(b, "  $v%d = 1\n", i)
				}
				for i := range n {
					fmt.Fprintf(b, "  notice($u%d)\n", i)
				}
				b.WriteString("}\n")
			}},
		{"params", "one class with n parameters, each read in the body: each read looks the name up among the parameters",
			func(b *strings.Builder, n int) {
				b.WriteString("class p (\n")
				for i := range n {
					fmt.Fprintf(b, "  $p%d = 1,\n", i)
				}
				b.WriteString(") {\n")
				for i := range n {
					fmt.Fprintf(b, "  notice($p%d)\n", i)
				}
				b.WriteString("}\n")
			}},
		{"top-scope-reads", "n top-scope variables read from a class: each read looks the name up at top scope",
			func(b *strings.Builder, n int) {
				for i := range n {
					fmt.Fprintf(b, "$t%d = 1\n", i)
				}
				b.WriteString("class tr {\n")
				for i := range n {
					fmt.Fprintf(b, "  notice($t%d)\n", i)
				}
				b.WriteString("}\n")
			}},
		{"lambda-locals", "n lambdas each assigning a variable read after the block: each message looks for it in the lambdas",
			func(b *strings.Builder, n int) {
				b.WriteString("class lm {\n")
				for i := range n {
					fmt.Fprintf(b, "  [1].each |$i| { $l%d = $i }\n", i)
				}
				for i := range n {
					fmt.Fprintf(b, "  notice($l%d)\n", i)
				}
				b.WriteString("}\n")
			}},
		{"unknown-array", "an array literal of n unknown reads on one line: n findings on a line n items long",
			func(b *strings.Builder, n int) {
				b.WriteString("class ar {\n  $a = [")
				for i := range n {
					if i > 0 {
						b.WriteString(", ")
					}
					fmt.Fprintf(b, "$v%d", i%10)
				}
				b.WriteString("]\n}\n")
			}},
		{"hash-literal", "a hash literal of n entries",
			func(b *strings.Builder, n int) {
				b.WriteString("class hs {\n  $h = {")
				for i := range n {
					fmt.Fprintf(b, "\"k%d\" => %d, ", i, i)
				}
				b.WriteString("}\n  notice($h)\n}\n")
			}},
		{"ignore-comments", "n unknown reads, each with a lint:ignore comment",
			func(b *strings.Builder, n int) {
				b.WriteString("class ig {\n")
				for i := range n {
					fmt.Fprintf(b, "  notice($u%d) # lint:ignore:unknown-variable\n", i)
				}
				b.WriteString("}\n")
			}},
		{"include-chain", "n classes, each including the one before and reading its variable",
			func(b *strings.Builder, n int) {
				b.WriteString("class c0 { $x = 1 }\n")
				for i := 1; i < n; i++ {
					fmt.Fprintf(b, "class c%d {\n  include c%d\n  $x = $c%d::x\n}\n", i, i-1, i-1)
				}
			}},
		{"qualified-reads", "n reads of one class's variable, by qualified name",
			func(b *strings.Builder, n int) {
				b.WriteString("class src { $x = 1 }\nclass rd {\n  include src\n")
				for range n {
					b.WriteString("  notice($src::x)\n")
				}
				b.WriteString("}\n")
			}},
		{"nodes", "n node definitions",
			func(b *strings.Builder, n int) {
				for i := range n {
					fmt.Fprintf(b, "node \"n%d\" { $v = %d notice($v) }\n", i, i)
				}
			}},
		{"resources", "n resources in one class, each requiring the one before",
			func(b *strings.Builder, n int) {
				b.WriteString("class rs {\n")
				for i := range n {
					fmt.Fprintf(b, "  file { \"/f%d\": ensure => file, require => File[\"/f%d\"] }\n", i, max(i-1, 0))
				}
				b.WriteString("}\n")
			}},
		{"selector", "a selector of n cases",
			func(b *strings.Builder, n int) {
				b.WriteString("class sl {\n  $x = $facts[\"x\"] ? {\n")
				for i := range n {
					fmt.Fprintf(b, "    \"a%d\" => %d,\n", i, i)
				}
				b.WriteString("  }\n  notice($x)\n}\n")
			}},
		{"reserved-names", "n reads of a reserved variable name and n assignments in one class",
			func(b *strings.Builder, n int) {
				b.WriteString("class rw {\n")
				for i := range n {
					fmt.Fprintf(b, "  $trusted_%d = 1\n  notice($class)\n", i)
				}
				b.WriteString("}\n")
			}},
		{"case-arms", "a case of n arms, each assigning and reading one variable: each read and each reassignment check meets the other arms",
			func(b *strings.Builder, n int) {
				b.WriteString("class cs {\n  case $facts[\"x\"] {\n")
				for i := range n {
					fmt.Fprintf(b, "    \"a%d\": { $x = %d notice($x) }\n", i, i)
				}
				b.WriteString("  }\n}\n")
			}},
		{"conditional-reassign", "n if/else statements assigning one variable under unrelated conditions: the reassignment check compares pairs",
			func(b *strings.Builder, n int) {
				b.WriteString("class ifs {\n")
				for i := range n {
					fmt.Fprintf(b, "  if $facts[\"a%d\"] { $x = 1 } else { $x = 2 }\n  notice($x)\n", i)
				}
				b.WriteString("}\n")
			}},
		{"conditional-reassign-params", "conditional-reassign in a class with a parameter: the reassignment check also asks whether values of the parameter make both arms run",
			func(b *strings.Builder, n int) {
				b.WriteString("class ifp ($p = 1) {\n")
				for i := range n {
					fmt.Fprintf(b, "  if $facts[\"a%d\"] { $x = $p } else { $x = 2 }\n  notice($x)\n", i)
				}
				b.WriteString("}\n")
			}},
		{"inherits-reads", "a chain of n classes, each inheriting the one before and reading its base's variable, derived classes first: each read looks through the bases",
			func(b *strings.Builder, n int) {
				for i := n - 1; i > 0; i-- {
					fmt.Fprintf(b, "class c%d inherits c%d {\n  notice($x)\n}\n", i, i-1)
				}
				b.WriteString("class c0 { $x = 1 }\n")
			}},
		{"resource-defaults", "n resource defaults, each followed by a resource of its type",
			func(b *strings.Builder, n int) {
				b.WriteString("class d {\n")
				for i := range n {
					fmt.Fprintf(b, "  File { mode => \"0%d44\" }\n  file { \"/f%d\": }\n", i%8, i)
				}
				b.WriteString("}\n")
			}},
	}
}
