package style

// This file reads a definition's parameters on puppet-lint's tokens as
// the plugins puppet-lint-optional_default-check and
// puppet-lint-params_empty_string-check do: a parameter is a variable of
// the parameter list, its type the code tokens before it back to the
// comma or (, its default the tokens after its = up to the comma or ).
// Brackets and parentheses nest; braces do not, as in the plugins, so a
// hash default ends at its first comma.

// plParam is one parameter: indexes into the puppet-lint tokens. Type and
// Default are the first code token of the type and of the default, -1
// when there is none.
type plParam struct {
	Var, Type, Default int
}

// appendPLParams appends to dst the parameters of the definition d, none
// when it has no parameter list. at is PuppetLintIndex.
func appendPLParams(dst []plParam, toks []plToken, at []int32, d definition) []plParam {
	if d.ParamOpen < 0 {
		return dst
	}
	open, close := int(at[d.ParamOpen]), int(at[d.ParamClose])
	if open < 0 || close < 0 {
		return dst
	}
	for i := open + 1; i < close; i++ {
		if toks[i].Type != "VARIABLE" {
			continue
		}
		dst = append(dst, plParam{Var: i, Type: plParamType(toks, i), Default: plParamDefault(toks, i)})
		// The tokens up to the next comma outside brackets belong to
		// this parameter.
		nesting := 0
	skip:
		for i++; i < close; i++ {
			switch toks[i].Type {
			case "LPAREN", "LBRACK":
				nesting++
			case "RPAREN", "RBRACK":
				nesting--
			case "COMMA":
				if nesting <= 0 {
					break skip
				}
			}
		}
	}
	return dst
}

// plParamType returns the first code token of the type before the
// parameter variable toks[v], or -1 when it has none.
func plParamType(toks []plToken, v int) int {
	nesting := 0
	for i := plPrevCode(toks, v); i >= 0; i = plPrevCode(toks, i) {
		switch toks[i].Type {
		case "LBRACK":
			nesting++
		case "LPAREN":
			nesting++
			if nesting > 0 {
				return plTypeStart(toks, i, v)
			}
		case "RBRACK", "RPAREN":
			nesting--
		case "COMMA":
			if nesting == 0 {
				return plTypeStart(toks, i, v)
			}
		}
	}
	return -1
}

// plTypeStart returns the code token after the delimiter at i when it
// comes before the variable at v, else -1.
func plTypeStart(toks []plToken, i, v int) int {
	if first := plNextCode(toks, i); first >= 0 && first < v {
		return first
	}
	return -1
}

// plParamDefault returns the first code token of the default of the
// parameter variable toks[v], or -1 when it has none: the code token
// after the last = before the comma or ) ending the parameter.
func plParamDefault(toks []plToken, v int) int {
	first, nesting := -1, 0
	for i := plNextCode(toks, v); i >= 0 && i < len(toks); i++ {
		switch toks[i].Type {
		case "LPAREN", "LBRACK":
			nesting++
		case "RBRACK":
			nesting--
		case "RPAREN":
			nesting--
			if nesting < 0 {
				return plDefaultEnd(toks, first, i)
			}
		case "EQUALS":
			first = plNextCode(toks, i)
		case "COMMA":
			if nesting <= 0 {
				return plDefaultEnd(toks, first, i)
			}
		}
	}
	return -1
}

// plDefaultEnd returns first when the default starting there ends before
// the delimiter at end (the code token before it), else -1.
func plDefaultEnd(toks []plToken, first, end int) int {
	if first < 0 || first > plPrevCode(toks, end) {
		return -1
	}
	return first
}

// plDefaultCalls reports whether the default from toks[first] up to the
// comma or ) ending it holds a . or a ( (a method or function call).
func plDefaultCalls(toks []plToken, first int) bool {
	nesting := 0
	for i := first; i < len(toks); i++ {
		switch toks[i].Type {
		case "LPAREN":
			return true
		case "DOT":
			return true
		case "LBRACK":
			nesting++
		case "RBRACK":
			nesting--
		case "RPAREN":
			// The ) ending the parameter list: a ( before it in the
			// default has returned already.
			return false
		case "COMMA":
			if nesting <= 0 {
				return false
			}
		}
	}
	return false
}
