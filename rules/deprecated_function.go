package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// DeprecatedFunction reports calls of functions a configurable list names
// as deprecated, with what to use instead.
func DeprecatedFunction() *Rule {
	return &Rule{
		ID:           "deprecated-function",
		Title:        "A call of a deprecated function",
		Severity:     Warning,
		Kind:         PerFile,
		OffByDefault: true,
		Doc: `A call of a function the list of deprecated functions names, as f(...), f ... or $x.f(...), with what to
use instead. The default list: Puppet's hiera, hiera_array, hiera_hash and hiera_include (deprecated for
lookup since Puppet 4.10); create_resources (discouraged by its own documentation in favour of iteration
and the * splat); and the functions puppetlabs-stdlib deprecated and then removed in 9.0.0 — the is_*
type tests (except is_a), the validate_* checks that data types replace (not validate_augeas, validate_cmd
or validate_x509_rsa_key_pair), has_key and size; validate_domain_name and validate_email_address moved
to the stdlib:: namespace. A namespaced function (mymod::size) is another function and is not reported
unless the list names it. [rules.deprecated-function] functions = { name = "replacement" } adds functions or changes a
replacement; allow = ["create_resources"] takes functions off the list. Off by default.`,
		NewOptions: func() any { return &DeprecatedFunctionOptions{} },
		Run:        runDeprecatedFunction,
	}
}

// DeprecatedFunctionOptions configure the list of deprecated functions:
// the default list, with Functions added (or their replacement changed)
// and Allow taken off.
type DeprecatedFunctionOptions struct {
	// Functions maps a function name to what to use instead, in words
	// or code; "" when nothing replaces it.
	Functions map[string]string `toml:"functions"`
	// Allow are functions of the default list not to report.
	Allow []string `toml:"allow"`
}

// Validate checks that every name is a function name Puppet code can call.
func (o *DeprecatedFunctionOptions) Validate() error {
	for name := range o.Functions {
		if !functionName().MatchString(name) {
			return fmt.Errorf("%q in functions is not a Puppet function name", name)
		}
	}
	for _, name := range o.Allow {
		if !functionName().MatchString(name) {
			return fmt.Errorf("%q in allow is not a Puppet function name", name)
		}
	}
	return nil
}

// deprecation is an entry of the default list: the replacement, and where
// the deprecation is stated, for the detail.
type deprecation struct {
	use, source string
}

const (
	hieraDeprecation = "Puppet deprecated the hiera_* functions for lookup in 4.10 (\"Updated classic Hiera function calls\", " +
		"Puppet documentation)"
	stdlibRemoved = "puppetlabs-stdlib deprecated it (since 4.13.0, 2016) and removed it in 9.0.0 (2023); with stdlib 9 the call " +
		"fails the catalog"
	stdlibMoved = "puppetlabs-stdlib 9.0.0 moved it to the stdlib:: namespace and keeps the top-level name as a deprecated shim"
)

// defaultDeprecations is the default list of deprecated functions.
var defaultDeprecations = map[string]deprecation{
	"hiera":            {"lookup('key')", hieraDeprecation},
	"hiera_array":      {"lookup('key', {merge => unique})", hieraDeprecation},
	"hiera_hash":       {"lookup('key', {merge => hash}) (or merge => deep)", hieraDeprecation},
	"hiera_include":    {"lookup('key', {merge => unique}).include", hieraDeprecation},
	"create_resources": {"an iteration with a resource declaration: $h.each |$t, $p| { type { $t: * => $p } }", "its documentation says to use it selectively: resources it creates are hard to read and troubleshoot, and iteration with the * splat (Puppet 4) replaces it"},

	"has_key": {"'key' in $hash (note that 'in' compares strings case-insensitively)", "puppetlabs-stdlib deprecated it (\"since Puppet 4.0.0, this can now be achieved in the Puppet language\") and removed it in 9.0.0; with stdlib 9 the call fails the catalog"},
	"size":    {"length(), built into Puppet since 5.5.0", "puppetlabs-stdlib deprecated it for length() and removed it in 9.0.0; with stdlib 9 the call fails the catalog"},

	"is_absolute_path":      {"$x =~ Stdlib::Absolutepath", stdlibRemoved},
	"is_array":              {"$x =~ Array", stdlibRemoved},
	"is_bool":               {"$x =~ Boolean", stdlibRemoved},
	"is_domain_name":        {"$x =~ Stdlib::Fqdn", stdlibRemoved},
	"is_email_address":      {"$x =~ Stdlib::Email", stdlibRemoved},
	"is_float":              {"$x =~ Float", stdlibRemoved},
	"is_function_available": {"stdlib::has_function()", stdlibRemoved},
	"is_hash":               {"$x =~ Hash", stdlibRemoved},
	"is_integer":            {"$x =~ Integer", stdlibRemoved},
	"is_ip_address":         {"$x =~ Stdlib::IP::Address", stdlibRemoved},
	"is_ipv4_address":       {"$x =~ Stdlib::IP::Address::V4", stdlibRemoved},
	"is_ipv6_address":       {"$x =~ Stdlib::IP::Address::V6", stdlibRemoved},
	"is_mac_address":        {"$x =~ Stdlib::MAC", stdlibRemoved},
	"is_numeric":            {"$x =~ Numeric", stdlibRemoved},
	"is_string":             {"$x =~ String", stdlibRemoved},

	"validate_absolute_path": {"the type Stdlib::Absolutepath on the parameter", stdlibRemoved},
	"validate_array":         {"the type Array on the parameter", stdlibRemoved},
	"validate_bool":          {"the type Boolean on the parameter", stdlibRemoved},
	"validate_hash":          {"the type Hash on the parameter", stdlibRemoved},
	"validate_integer":       {"the type Integer (with bounds: Integer[0, 10]) on the parameter", stdlibRemoved},
	"validate_ip_address":    {"the type Stdlib::IP::Address on the parameter", stdlibRemoved},
	"validate_ipv4_address":  {"the type Stdlib::IP::Address::V4 on the parameter", stdlibRemoved},
	"validate_ipv6_address":  {"the type Stdlib::IP::Address::V6 on the parameter", stdlibRemoved},
	"validate_numeric":       {"the type Numeric (with bounds: Numeric[0, 1]) on the parameter", stdlibRemoved},
	"validate_re":            {"the type Pattern[/re/] on the parameter", stdlibRemoved},
	"validate_slength":       {"the type String[min, max] on the parameter", stdlibRemoved},
	"validate_string":        {"the type String on the parameter", stdlibRemoved},
	"validate_legacy":        {"the data type alone on the parameter", "puppetlabs-stdlib deprecated it in 9.0.0: it was a bridge from the validate_* functions to data types"},
	"validate_domain_name":   {"stdlib::validate_domain_name()", stdlibMoved},
	"validate_email_address": {"stdlib::validate_email_address()", stdlibMoved},
}

// list returns what to use instead of function name and why it is
// deprecated, and whether the configured list names it.
func (o *DeprecatedFunctionOptions) list(name string) (use, source string, ok bool) {
	if use, ok := o.Functions[name]; ok {
		if d, isDefault := defaultDeprecations[name]; isDefault && d.use == use {
			return use, d.source, true
		}
		return use, "the configuration lists it as deprecated", true
	}
	for _, a := range o.Allow {
		if a == name {
			return "", "", false
		}
	}
	d, ok := defaultDeprecations[name]
	return d.use, d.source, ok
}

// calledName returns the function a call or method call calls, without
// a leading "::", and the span of its name; false for anything else.
func calledName(n parser.Node) (string, parser.Span, bool) {
	switch n := n.(type) {
	case *parser.Call:
		name, ok := n.Func.(*parser.Name)
		if !ok || name.Word {
			return "", parser.Span{}, false
		}
		return strings.TrimPrefix(name.Value, "::"), name.Span(), true
	case *parser.MethodCall:
		return n.Name, n.NameSpan, true
	}
	return "", parser.Span{}, false
}

func runDeprecatedFunction(p *Pass) {
	if p.File.Parsed == nil {
		return
	}
	opts := p.Options.(*DeprecatedFunctionOptions)
	for _, n := range p.nodesOf(1<<kindCall | 1<<kindMethodCall) { // the node types calledName recognises
		name, span, ok := calledName(n)
		if !ok {
			continue
		}
		use, source, ok := opts.list(name)
		if !ok {
			continue
		}
		msg := fmt.Sprintf("%s() is deprecated", name)
		detail := fmt.Sprintf("%s is on the list of deprecated functions: %s.", name, source)
		if use != "" {
			msg = fit(fmt.Sprintf("%s() is deprecated; use %s", name, use), msg+"; see the detail for what to use instead", msg)
			detail += " Use " + use + " instead."
		}
		p.ReportSpan(p.File, span, msg, detail)
	}
}
