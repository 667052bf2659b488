package rules

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// A directive is one `lint:ignore` or `lint:endignore` control comment.
type directive struct {
	comment *parser.Comment
	// names are the rule names as written; rules the resolved rules (nil
	// where a name is not a ducklint rule).
	names []string
	rules []*Rule
	block bool // on a line of its own: opens a block
	// firstLine and lastLine bound the lines the directive covers.
	firstLine, lastLine int
	closed              bool
	used                []bool // per name: did it suppress something?
}

// directivePattern matches one control word: lint:ignore:<names> or lint:endignore.
// Names may be separated by commas, and several lint: words may share a comment.
var directivePattern = regexp.MustCompile(`\blint:(ignore:([A-Za-z0-9_,-]+)|endignore\b)`)

// puppetLintChecks are puppet-lint check names (core and common plugins)
// without a ducklint equivalent. Control comments naming them are for
// puppet-lint, which projects often run alongside; they are neither applied
// nor reported as unknown.
var puppetLintChecks = map[string]bool{
	"140chars": true, "80chars": true, "2sp_soft_tabs": true, "arrow_alignment": true,
	"arrow_on_right_operand_line": true, "case_without_default": true,
	"class_inherits_from_params_class": true, "code_on_top_scope": true, "documentation": true,
	"double_quoted_strings": true, "duplicate_params": true, "ensure_first_param": true,
	"ensure_not_symlink_target": true, "file_mode": true, "hard_tabs": true,
	"inherits_across_namespaces": true, "legacy_facts": true, "nested_classes_or_defines": true,
	"only_variable_string": true, "parameter_order": true, "puppet_url_without_modules": true,
	"quoted_booleans": true, "right_to_left_relationship": true, "selector_inside_resource": true,
	"single_quote_string_with_variables": true, "slash_comments": true, "space_before_arrow": true,
	"star_comments": true, "top_scope_facts": true, "trailing_whitespace": true,
	"unquoted_file_mode": true, "unquoted_node_name": true, "unquoted_resource_title": true,
	"variables_not_enclosed": true, "syntax": true,
	// Widely used plugins.
	"trailing_comma": true, "strict_indent": true, "manifest_whitespace_opening_brace_before": true,
	"manifest_whitespace_closing_brace_after": true, "params_empty_string_assignment": true,
	"parameter_documentation": true, "parameter_types": true, "resource_reference_without_title_capital": true,
	"resource_reference_without_whitespace": true, "topscope_variable": true, "absolute_classname": true,
	"relative_classname_reference": true, "unquoted_string_in_case": true, "unquoted_string_in_selector": true,
	"empty_string_assignment": true, "file_ensure": true, "variable_contains_upcase": true,
	"version_comparison": true, "anchor_resource": true, "lookup_in_parameter": true,
	"optional_default": true, "no_erb_template": true, "legacy_validate_functions": true,
	"top_scope_variables": true, "security": true, "class_parameter_defaults": true,
}

// parseDirectives finds the control comments of a file, matches blocks with
// their lint:endignore, and reports malformed ones through problem.
func parseDirectives(f *parser.File, reg *Registry, problem func(span parser.Span, msg string)) []*directive {
	var out []*directive
	var open []*directive // stack of unclosed blocks
	for _, c := range f.Comments {
		for _, m := range directivePattern.FindAllStringSubmatch(c.Text, -1) {
			d := &directive{comment: c, block: c.OwnLine, firstLine: c.Start.Line, lastLine: c.End.Line}
			if m[1] == "endignore" {
				if len(open) == 0 {
					problem(c.Span, "lint:endignore without an open lint:ignore block")
					continue
				}
				top := open[len(open)-1]
				open = open[:len(open)-1]
				top.closed = true
				top.lastLine = c.End.Line
				continue
			}
			for _, name := range strings.Split(m[2], ",") {
				if name == "" {
					continue
				}
				rule, ok := reg.Resolve(name)
				if !ok && !puppetLintChecks[name] {
					problem(c.Span, fmt.Sprintf("lint:ignore names unknown rule %q", name))
					continue
				}
				d.names = append(d.names, name)
				d.rules = append(d.rules, rule) // nil for puppet-lint-only checks
			}
			d.used = make([]bool, len(d.names))
			if len(d.names) == 0 {
				continue
			}
			if d.block {
				open = append(open, d)
			}
			out = append(out, d)
		}
	}
	for _, d := range open {
		problem(d.comment.Span, fmt.Sprintf("lint:ignore:%s opens a block that is never closed by lint:endignore; it covers the rest of the file", strings.Join(d.names, ",")))
		d.lastLine = int(^uint(0) >> 1)
	}
	return out
}

// suppresses reports whether the directive covers diagnostic diag, and marks
// the matching name used.
func (d *directive) suppresses(diag *Diagnostic) bool {
	if diag.Start.Line < d.firstLine || diag.Start.Line > d.lastLine {
		return false
	}
	hit := false
	for i, r := range d.rules {
		if r != nil && r.ID == diag.Rule {
			d.used[i] = true
			hit = true
		}
	}
	return hit
}
