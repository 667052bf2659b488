package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// This file evaluates the subset of GitHub Actions expressions that
// action.yml uses (${{ ... }} and if:), with GitHub's rules for equality
// and truth. Anything outside the subset is an error, never a guess, so a
// change to action.yml that this runner cannot follow fails the test.

// exprContext resolves names in expressions.
type exprContext interface {
	// lookup returns the value of a property path (inputs.path,
	// steps.restore.outputs.cache-hit); ok is false for an unknown context.
	lookup(path []string) (value any, err error)
	// status is the value of success(), failure(), always() or cancelled().
	status(fn string) (bool, error)
}

// substitute replaces each ${{ expr }} in s by the expression's value as a
// string.
func substitute(s string, ctx exprContext) (string, error) {
	var sb strings.Builder
	for {
		i := strings.Index(s, "${{")
		if i < 0 {
			sb.WriteString(s)
			return sb.String(), nil
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			return "", fmt.Errorf("unclosed ${{ in %q", s)
		}
		v, err := evalExpr(s[i+3:i+j], ctx)
		if err != nil {
			return "", err
		}
		sb.WriteString(s[:i])
		sb.WriteString(toString(v))
		s = s[i+j+2:]
	}
}

// evalCondition evaluates an if: condition. Without a status function it
// is success() && (condition), as on GitHub.
func evalCondition(cond string, ctx exprContext) (bool, error) {
	cond = strings.TrimSpace(cond)
	if strings.HasPrefix(cond, "${{") && strings.HasSuffix(cond, "}}") {
		cond = cond[3 : len(cond)-2]
	}
	if cond == "" {
		cond = "success()"
	}
	v, err := evalExpr(cond, ctx)
	if err != nil {
		return false, err
	}
	hasStatus := false
	for _, fn := range []string{"success()", "failure()", "always()", "cancelled()"} {
		hasStatus = hasStatus || strings.Contains(cond, fn)
	}
	if !hasStatus {
		ok, err := ctx.status("success")
		if err != nil || !ok {
			return false, err
		}
	}
	return truthy(v), nil
}

func evalExpr(src string, ctx exprContext) (any, error) {
	toks, err := tokenize(src)
	if err != nil {
		return nil, err
	}
	p := &exprParser{toks: toks, ctx: ctx}
	v, err := p.or()
	if err != nil {
		return nil, fmt.Errorf("expression %q: %w", src, err)
	}
	if p.pos != len(p.toks) {
		return nil, fmt.Errorf("expression %q: unexpected %q", src, p.toks[p.pos].text)
	}
	return v, nil
}

type token struct {
	kind string // "str", "num", "ident", "op"
	text string
}

func tokenize(s string) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c == '\'':
			var sb strings.Builder
			j := i + 1
			for ; j < len(s); j++ {
				if s[j] == '\'' {
					if j+1 < len(s) && s[j+1] == '\'' {
						sb.WriteByte('\'')
						j++
						continue
					}
					break
				}
				sb.WriteByte(s[j])
			}
			if j >= len(s) {
				return nil, fmt.Errorf("unclosed string in %q", s)
			}
			toks = append(toks, token{"str", sb.String()})
			i = j + 1
		case strings.HasPrefix(s[i:], "==") || strings.HasPrefix(s[i:], "!=") || strings.HasPrefix(s[i:], "&&") || strings.HasPrefix(s[i:], "||"):
			toks = append(toks, token{"op", s[i : i+2]})
			i += 2
		case c == '!' || c == '(' || c == ')':
			toks = append(toks, token{"op", string(c)})
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
				j++
			}
			toks = append(toks, token{"num", s[i:j]})
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] == '-' || s[j] == '.' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			toks = append(toks, token{"ident", s[i:j]})
			i = j
		default:
			return nil, fmt.Errorf("unsupported character %q in %q", c, s)
		}
	}
	return toks, nil
}

type exprParser struct {
	toks []token
	pos  int
	ctx  exprContext
}

func (p *exprParser) peek(text string) bool {
	return p.pos < len(p.toks) && p.toks[p.pos].kind == "op" && p.toks[p.pos].text == text
}

func (p *exprParser) or() (any, error) {
	v, err := p.and()
	for err == nil && p.peek("||") {
		p.pos++
		var r any
		if r, err = p.and(); truthy(v) {
			continue // GitHub returns the first truthy operand
		}
		v = r
	}
	return v, err
}

func (p *exprParser) and() (any, error) {
	v, err := p.unary()
	for err == nil && p.peek("&&") {
		p.pos++
		var r any
		if r, err = p.unary(); !truthy(v) {
			continue // GitHub returns the first falsy operand
		}
		v = r
	}
	return v, err
}

func (p *exprParser) unary() (any, error) {
	if p.peek("!") {
		p.pos++
		v, err := p.unary()
		return !truthy(v), err
	}
	return p.comparison()
}

func (p *exprParser) comparison() (any, error) {
	l, err := p.primary()
	if err != nil {
		return nil, err
	}
	if p.peek("==") || p.peek("!=") {
		op := p.toks[p.pos].text
		p.pos++
		r, err := p.primary()
		if err != nil {
			return nil, err
		}
		return equal(l, r) == (op == "=="), nil
	}
	return l, nil
}

func (p *exprParser) primary() (any, error) {
	if p.pos >= len(p.toks) {
		return nil, fmt.Errorf("unexpected end")
	}
	t := p.toks[p.pos]
	p.pos++
	switch t.kind {
	case "str":
		return t.text, nil
	case "num":
		return strconv.ParseFloat(t.text, 64)
	case "op":
		if t.text != "(" {
			return nil, fmt.Errorf("unexpected %q", t.text)
		}
		v, err := p.or()
		if err != nil {
			return nil, err
		}
		if !p.peek(")") {
			return nil, fmt.Errorf("missing )")
		}
		p.pos++
		return v, nil
	}
	switch t.text {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	}
	if p.peek("(") {
		p.pos++
		if !p.peek(")") {
			return nil, fmt.Errorf("function %s: arguments are not supported", t.text)
		}
		p.pos++
		switch t.text {
		case "success", "failure", "always", "cancelled":
			return p.ctx.status(t.text)
		}
		return nil, fmt.Errorf("unsupported function %s()", t.text)
	}
	return p.ctx.lookup(strings.Split(t.text, "."))
}

// truthy is GitHub's truth: false, 0, "" and null are false.
func truthy(v any) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case float64:
		return v != 0 && !math.IsNaN(v)
	case string:
		return v != ""
	}
	return true
}

// equal is GitHub's ==: strings compare ignoring case; values of different
// types compare as numbers (null 0, booleans 0 and 1, strings parsed, NaN
// equal to nothing).
func equal(a, b any) bool {
	if as, ok := a.(string); ok {
		if bs, ok := b.(string); ok {
			return strings.EqualFold(as, bs)
		}
	}
	if ab, ok := a.(bool); ok {
		if bb, ok := b.(bool); ok {
			return ab == bb
		}
	}
	x, y := toNumber(a), toNumber(b)
	return !math.IsNaN(x) && x == y
}

func toNumber(v any) float64 {
	switch v := v.(type) {
	case nil:
		return 0
	case bool:
		if v {
			return 1
		}
		return 0
	case float64:
		return v
	case string:
		s := strings.TrimSpace(v)
		if s == "" {
			return 0
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return math.NaN()
		}
		return f
	}
	return math.NaN()
}

// toString is how an expression's value appears in a string.
func toString(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case string:
		return v
	}
	return fmt.Sprint(v)
}
