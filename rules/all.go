package rules

// All returns a fresh slice of every built-in rule, in no particular order.
// Each call builds new values, so callers may not affect each other.
func All() []*Rule {
	return []*Rule{
		SyntaxError(),
		UnusedIgnore(),
		AutoloadLayout(),
		UnknownVariable(),
		NodeScopeRead(),
		VariableReassigned(),
		QualifiedReadWithoutInclude(),
		UnknownQualifiedVariable(),
		PrivateVariableAccess(),
		DefaultLeak(),
		OrderDependentDefault(),
		ClassRedeclared(),
		DuplicateResource(),
		UnknownResourceReference(),
		DefinedFunction(),
		ReservedWord(),
		ReservedName(),
		ReservedVariable(),
		InvalidVariableName(),
		InvalidParameterName(),
		InvalidClassName(),
		InvalidModuleName(),
		InvalidNodeName(),
		InvalidTag(),
		InvalidEnvironmentName(),
	}
}
