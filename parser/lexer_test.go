package parser

import (
	"strings"
	"testing"
)

// kindNames names token kinds for test output.
var kindNames = map[tokKind]string{
	tEOF: "EOF", tLexErr: "ERR", tOther: "OTHER", tLBRACK: "LBRACK", tLISTSTART: "LISTSTART",
	tRBRACK: "RBRACK", tLBRACE: "LBRACE", tSELBRACE: "SELBRACE", tRBRACE: "RBRACE",
	tLPAREN: "LPAREN", tWSLPAREN: "WSLPAREN", tRPAREN: "RPAREN", tEQUALS: "EQUALS",
	tDIV: "DIV", tREGEX: "REGEX", tNAME: "NAME", tWORD: "WORD", tCLASSREF: "CLASSREF",
	tNUMBER: "NUMBER", tVARIABLE: "VARIABLE", tSTRING: "STRING", tDQPRE: "DQPRE",
	tDQMID: "DQMID", tDQPOST: "DQPOST", tHEREDOC: "HEREDOC", tDOT: "DOT", tCOMMA: "COMMA",
	tQMARK: "QMARK", tFARROW: "FARROW", tPLUS: "PLUS", tMINUS: "MINUS", tTIMES: "TIMES",
	tPIPE: "PIPE", tSEMIC: "SEMIC", tCOLON: "COLON", tBOOLEAN: "BOOLEAN", tIF: "IF",
	tCLASS: "CLASS", tTYPE: "TYPE", tRENDERSTRING: "RENDER_STRING", tRENDEREXPR: "RENDER_EXPR",
	tEPPEND: "EPP_END", tEPPENDTRIM: "EPP_END_TRIM", tRCOLLECT: "RCOLLECT", tLCOLLECT: "LCOLLECT",
	tPLAN: "PLAN", tAPPLY: "APPLY", tTILDE: "TILDE", tINEDGE: "IN_EDGE",
}

// lexKinds lexes src and renders the token kinds, with values for names,
// numbers, variables, strings and regexes.
func lexKinds(src string, epp bool) string {
	l := newLexer([]byte(src), false, nil)
	if epp {
		l.epp = eppText
	}
	var out []string
	for _, t := range l.lex() {
		if t.kind == tEOF {
			break
		}
		s := kindNames[t.kind]
		if s == "" {
			s = "?"
		}
		switch t.kind {
		case tNAME, tWORD, tCLASSREF, tNUMBER, tVARIABLE, tBOOLEAN, tSTRING, tDQPRE, tDQMID, tDQPOST, tREGEX, tLexErr, tRENDERSTRING:
			s += ":" + l.store.val(t)
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}

func TestLexerDecisions(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"div after number", "4 /2", "NUMBER:4 DIV NUMBER:2"},
		{"regex after equals", "$y = /b/", "VARIABLE:y EQUALS REGEX:b"},
		{"div after name", "a /2/ 1", "NAME:a DIV NUMBER:2 DIV NUMBER:1"},
		{"regex after rbrace", "} / 2 / 3", "RBRACE REGEX: 2  NUMBER:3"},
		{"div after rparen", ") / 2 / 3", "RPAREN DIV NUMBER:2 DIV NUMBER:3"},
		{"regex spans lines", "= /a\nb/", "EQUALS REGEX:a\nb"},
		{"regex escaped slash", `= /a\/b/`, "EQUALS REGEX:a/b"},
		{"regex unterminated is div", "= / 2", "EQUALS DIV NUMBER:2"},
		{"comment wins over regex", "6 /*c*/ / 2", "NUMBER:6 DIV NUMBER:2"},
		{"liststart at start", "[1]", "LISTSTART NUMBER:1 RBRACK"},
		{"liststart after space", "$a [1]", "VARIABLE:a LISTSTART NUMBER:1 RBRACK"},
		{"lbrack after name", "notice[1]", "NAME:notice LBRACK NUMBER:1 RBRACK"},
		{"lbrack after comment", "$a /*c*/[1]", "VARIABLE:a LBRACK NUMBER:1 RBRACK"},
		{"wslparen first on line", "foo\n  (1)", "NAME:foo WSLPAREN NUMBER:1 RPAREN"},
		{"lparen after space", "foo (1)", "NAME:foo LPAREN NUMBER:1 RPAREN"},
		{"wslparen at start", "(1)", "WSLPAREN NUMBER:1 RPAREN"},
		{"selbrace", "$x ? {", "VARIABLE:x QMARK SELBRACE"},
		{"selbrace across comment", "$x ? # c\n {", "VARIABLE:x QMARK SELBRACE"},
		{"lbrace", "$x {", "VARIABLE:x LBRACE"},
		{"names", "foo::bar foo-bar _x ::foo Foo::Bar ::Foo", "NAME:foo::bar WORD:foo-bar WORD:_x NAME:::foo CLASSREF:Foo::Bar CLASSREF:::Foo"},
		{"name then classref", "foo::Bar", "NAME:foo CLASSREF:::Bar"},
		{"word trailing dash", "a-", "NAME:a MINUS"},
		{"variables", "$x $::x $a::b::c $0 $_x $foo-bar", "VARIABLE:x VARIABLE:::x VARIABLE:a::b::c VARIABLE:0 VARIABLE:_x VARIABLE:foo MINUS NAME:bar"},
		{"empty variable", "$ ", "VARIABLE:"},
		{"keywords", "if class type true", "IF CLASS TYPE BOOLEAN:true"},
		{"numbers", "0x1F 0777 0 42 0.5 3.14e-0 1E-2", "NUMBER:0x1F NUMBER:0777 NUMBER:0 NUMBER:42 NUMBER:0.5 NUMBER:3.14e-0 NUMBER:1E-2"},
		{"number then dot", "1.", "NUMBER:1 DOT"},
		{"number dot number", "1.5.2", "NUMBER:1.5 DOT NUMBER:2"},
		{"dq plain", `"a\tb"`, "STRING:a\tb"},
		{"dq interpolation", `"a${x}b$y"`, "DQPRE:a VARIABLE:x DQMID:b VARIABLE:y DQPOST:"},
		{"dq expr", `"${x + 1}"`, "DQPRE: NAME:x PLUS NUMBER:1 DQPOST:"},
		{"dq access", `"${x[1]}"`, "DQPRE: VARIABLE:x LBRACK NUMBER:1 RBRACK DQPOST:"},
		{"dq keyword", `"${node}"`, "DQPRE: VARIABLE:node DQPOST:"},
		{"dq lone dollar", `"$ 5"`, "STRING:$ 5"},
		{"heredoc two on a line", "[@(A), @(B)]\na\nA\nb\nB\n", "LISTSTART HEREDOC STRING:a\n COMMA HEREDOC STRING:b\n RBRACK"},
		{"heredoc interpolated", "@(\"A\")\nx $y\nA\n", "HEREDOC DQPRE:x  VARIABLE:y DQPOST:\n"},
		{"tilde", "~", "TILDE"},
		{"other", "`", "OTHER"},
		{"nbsp separates", "a\u00a0b", "NAME:a NAME:b"},
		{"edges and collectors", "-> <| |>", "IN_EDGE LCOLLECT RCOLLECT"},
		{"number error", "08", "ERR:Not a valid octal number 08"},
		{"illegal number", "1a", "ERR:Illegal number '1a'"},
		{"decimal error", "1e+5", "ERR:Not a valid decimal number 1e"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lexKinds(tt.src, false); got != tt.want {
				t.Errorf("lex %q\n got %s\nwant %s", tt.src, got, tt.want)
			}
		})
	}
}

func TestLexerEPP(t *testing.T) {
	tests := []struct{ src, want string }{
		{"Hello <%= $x %>!", "RENDER_STRING:Hello  RENDER_EXPR VARIABLE:x EPP_END RENDER_STRING:!"},
		{"a <%- $x -%>\n  b", "RENDER_STRING:a VARIABLE:x RENDER_STRING:  b"},
		{"<%% x %%>", "RENDER_STRING:<% x %>"},
		{"a<%# c %>b", "RENDER_STRING:ab"},
		{"<%= $x -%>\nb", "RENDER_EXPR VARIABLE:x EPP_END_TRIM RENDER_STRING:b"},
	}
	for _, tt := range tests {
		if got := lexKinds(tt.src, true); got != tt.want {
			t.Errorf("lex epp %q\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestTokenPositions(t *testing.T) {
	src := "$x = \"é${y}\"\n  foo"
	l := newLexer([]byte(src), false, nil)
	li := NewLineIndex([]byte(src))
	var got []string
	for _, tk := range l.lex() {
		if tk.kind == tVARIABLE || tk.kind == tNAME {
			got = append(got, l.store.val(tk)+"@"+li.Pos(int(tk.start)).String())
		}
	}
	if want := "x@1:1 y@1:10 foo@2:3"; strings.Join(got, " ") != want {
		t.Errorf("positions %v, want %s", got, want)
	}
}
