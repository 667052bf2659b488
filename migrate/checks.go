package migrate

// coreChecks are the checks of puppet-lint 3.0.1 (puppet-lint
// --list-checks). A .puppet-lint.rc may abbreviate their options, and
// the abbreviation is resolved against these and the registry's aliases.
var coreChecks = []string{
	"arrow_on_right_operand_line", "autoloader_layout", "class_inherits_from_params_class",
	"code_on_top_scope", "inherits_across_namespaces", "names_containing_dash",
	"names_containing_uppercase", "nested_classes_or_defines", "parameter_order",
	"right_to_left_relationship", "variable_scope", "slash_comments", "star_comments",
	"case_without_default", "selector_inside_resource", "documentation", "unquoted_node_name",
	"duplicate_params", "ensure_first_param", "ensure_not_symlink_target", "file_mode",
	"unquoted_file_mode", "unquoted_resource_title", "double_quoted_strings",
	"only_variable_string", "puppet_url_without_modules", "quoted_booleans",
	"single_quote_string_with_variables", "variables_not_enclosed", "variable_contains_dash",
	"variable_is_lowercase", "140chars", "2sp_soft_tabs", "80chars", "arrow_alignment",
	"hard_tabs", "trailing_whitespace",
}

// offByDefault are the core checks puppet-lint 3.0.1 disables unless a
// configuration enables them (--<check>-check).
var offByDefault = map[string]bool{
	"80chars": true, "class_inherits_from_params_class": true, "code_on_top_scope": true, "quoted_booleans": true,
}

// lengthOption is the option of the rule that carries both 80chars and
// 140chars (lines longer than 80 and 140 characters) that holds the
// length.
const lengthOption = "length"

// defaultOn reports whether puppet-lint runs check when no configuration
// says otherwise. Checks of plugins are on unless the plugin turns them
// off, which init cannot see; it takes them as on.
func defaultOn(check string) bool { return !offByDefault[check] }
