package rules

// All returns a fresh slice of every built-in rule, in no particular order.
// Each call builds new values, so callers may not affect each other.
func All() []*Rule {
	return []*Rule{
		SyntaxError(),
		UnusedIgnore(),
		AutoloadLayout(),
		UnknownVariable(),
		LegacyFact(),
		TopScopeFact(),
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
		UnknownClass(),
		UnknownResourceType(),
		UnknownFunction(),
		UnknownParameter(),
		MissingParameter(),
		ParameterTypeMismatch(),
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
		HieraConfig(),
		HieraUnknownKey(),
		LookupWithoutData(),
	}
}
