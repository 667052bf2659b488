package migrate

import "strings"

// rvalue is a Ruby value init can read: a string, a list of strings or
// a boolean.
type rvalue struct {
	kind  rvalueKind
	str   string
	list  []string
	truth bool
}

type rvalueKind int

const (
	rvUnknown rvalueKind = iota
	rvString
	rvList
	rvBool
	rvNil
)

// rakeReader reads a Rakefile's puppet-lint configuration into Settings.
type rakeReader struct {
	s      *Settings
	file   string
	locals map[string]rvalue // local variables assigned a literal
	// blocks is the stack of open blocks; an entry is the name of a
	// PuppetLint::RakeTask block's parameter, or "" for another block.
	blocks []string
}

// ReadRakefile applies the PuppetLint configuration of a Rakefile to s:
// PuppetLint.configuration's disable_<check> and enable_<check> (called
// directly or with send), fail_on_warnings, relative and ignore_paths
// (assigned or appended to), and the same settings in a
// PuppetLint::RakeTask.new block (disable_checks, only_checks). A line
// about PuppetLint that it cannot read, such as a loop over check names,
// becomes a note. file is the name shown to the user.
func ReadRakefile(s *Settings, src []byte, file string) {
	r := &rakeReader{s: s, file: file, locals: map[string]rvalue{}}
	s.Read = append(s.Read, file)
	for _, st := range rubyStatements(string(src)) {
		r.statement(st)
	}
}

func (r *rakeReader) statement(st rstatement) {
	o := Origin{File: r.file, Line: st.line}
	t := st.toks
	closes := r.blockChange(t)
	defer func() { r.blocks = r.blocks[:max(0, len(r.blocks)-closes)] }()
	switch {
	case isIdent(t, 0, "require") && len(t) > 1 && t[1].kind == rString:
		r.require(t[1].text, o, st.text)
		return
	case isConst(t, 0, "PuppetLint") && isPunct(t, 1, ".") && isIdent(t, 2, "configuration") && isPunct(t, 3, "."):
		if !r.configuration(t[4:], o, st.text) {
			r.s.note(o, st.text, "not read: init reads PuppetLint.configuration settings written out with literal values")
		}
		return
	case isConst(t, 0, "PuppetLint") && isPunct(t, 1, "::") && isConst(t, 2, "RakeTask"):
		// A block on more lines is read statement by statement; one on
		// this line is read here.
		if inner := oneLineBlock(t); len(inner) > 2 && inner[0].kind == rIdent && r.inTaskBlock(inner[0].text) && isPunct(inner, 1, ".") {
			if !r.taskSetting(inner[2:], o, st.text) {
				r.s.note(o, st.text, "not read: init reads a RakeTask block's settings written out with literal values")
			}
		}
		return
	case len(t) > 2 && t[0].kind == rIdent && r.inTaskBlock(t[0].text) && isPunct(t, 1, "."):
		if !r.taskSetting(t[2:], o, st.text) {
			r.s.note(o, st.text, "not read: init reads a RakeTask block's settings written out with literal values")
		}
		return
	case len(t) > 2 && t[0].kind == rIdent && isPunct(t, 1, "="):
		if v, ok := r.value(t[2:]); ok {
			r.locals[t[0].text] = v
		} else {
			delete(r.locals, t[0].text)
		}
		return
	}
	for _, tok := range t {
		if tok.kind == rConst && tok.text == "PuppetLint" {
			r.s.note(o, st.text, "not read: init reads PuppetLint.configuration settings and RakeTask blocks written out with literal values")
			return
		}
	}
}

// blockChange updates the block stack for the blocks a statement opens
// and returns how many it closes; those are popped after the statement
// (a "do ... end" on one line opens and closes).
func (r *rakeReader) blockChange(t []rtoken) (closes int) {
	for i, tok := range t {
		switch {
		case tok.kind == rIdent && tok.text == "do", tok.kind == rPunct && tok.text == "{" && isPunct(t, i+1, "|"):
			name := ""
			if isConst(t, 0, "PuppetLint") && isPunct(t, 1, "::") && isConst(t, 2, "RakeTask") && isPunct(t, i+1, "|") && i+2 < len(t) && t[i+2].kind == rIdent {
				name = t[i+2].text
			}
			r.blocks = append(r.blocks, name)
		case tok.kind == rIdent && i == 0 && isOpener(tok.text):
			r.blocks = append(r.blocks, "")
		case tok.kind == rIdent && tok.text == "end", tok.kind == rPunct && tok.text == "}" && len(r.blocks) > 0:
			closes++
		}
	}
	return closes
}

// oneLineBlock returns the statement in a block that a statement opens
// and closes on its line ("{ |t| t.x = 1 }"); nil when there is none.
func oneLineBlock(t []rtoken) []rtoken {
	for i := range t {
		if (isPunct(t, i, "{") || isIdent(t, i, "do")) && isPunct(t, i+1, "|") && isPunct(t, i+3, "|") {
			end := len(t) - 1
			if !isPunct(t, end, "}") && !isIdent(t, end, "end") {
				return nil
			}
			return t[i+4 : end]
		}
	}
	return nil
}

// isOpener reports whether a keyword starting a statement opens a block
// that "end" closes.
func isOpener(kw string) bool {
	switch kw {
	case "if", "unless", "while", "until", "case", "def", "class", "module", "begin", "for":
		return true
	}
	return false
}

// inTaskBlock reports whether name is the parameter of an enclosing
// PuppetLint::RakeTask block.
func (r *rakeReader) inTaskBlock(name string) bool {
	for i := len(r.blocks) - 1; i >= 0; i-- {
		if r.blocks[i] == name {
			return true
		}
	}
	return false
}

// require notes the rake task libraries that configure puppet-lint
// themselves: their settings are not in the tree.
func (r *rakeReader) require(lib string, o Origin, text string) {
	switch lib {
	case "puppetlabs_spec_helper/rake_tasks":
		r.s.note(o, text, "not carried over: the lint task of puppetlabs_spec_helper turns off checks of its own (80chars, 140chars, documentation and others, by version); the style preset decides about them in ducklint")
	case "voxpupuli/test/rake":
		r.s.note(o, text, "not carried over: the lint task of voxpupuli-test turns off 140chars, documentation and single_quote_string_with_variables; the voxpupuli preset decides about them in ducklint")
	}
}

// configuration reads what follows "PuppetLint.configuration.".
func (r *rakeReader) configuration(t []rtoken, o Origin, text string) bool {
	if len(t) == 0 || t[0].kind != rIdent {
		return false
	}
	name := t[0].text
	rest := t[1:]
	if name == "send" || name == "public_send" || name == "__send__" {
		args := rest
		if isPunct(args, 0, "(") && isPunct(args, len(args)-1, ")") {
			args = args[1 : len(args)-1]
		}
		if len(args) == 0 || (args[0].kind != rString && args[0].kind != rSymbol) || args[0].interp {
			return false
		}
		name = args[0].text
		switch {
		case len(args) == 1:
			rest = nil
		case isPunct(args, 1, ",") && strings.HasSuffix(name, "="):
			name = strings.TrimSuffix(name, "=")
			rest = append([]rtoken{{kind: rPunct, text: "="}}, args[2:]...)
		default:
			return false
		}
	}
	if isPunct(rest, 0, "(") && isPunct(rest, 1, ")") {
		rest = rest[2:]
	}
	return r.setting(name, rest, o, text, false)
}

// taskSetting reads "<param>.<setting> = value" in a RakeTask block.
func (r *rakeReader) taskSetting(t []rtoken, o Origin, text string) bool {
	if len(t) == 0 || t[0].kind != rIdent {
		return false
	}
	return r.setting(t[0].text, t[1:], o, text, true)
}

// setting applies one setting: name, then "= value", "<< value", "+=
// value", "||= value" or nothing (a call). inTask is set for a
// RakeTask's attributes, which have disable_checks and only_checks.
func (r *rakeReader) setting(name string, rest []rtoken, o Origin, text string, inTask bool) bool {
	op := ""
	var v rvalue
	if len(rest) > 0 {
		if rest[0].kind != rPunct {
			return false
		}
		op = rest[0].text
		var ok bool
		if v, ok = r.value(rest[1:]); !ok {
			return false
		}
	}
	s := r.s
	switch {
	case op == "" && !inTask && strings.HasPrefix(name, "disable_"):
		s.check(strings.TrimPrefix(name, "disable_"), false, o, text)
	case op == "" && !inTask && strings.HasPrefix(name, "enable_"):
		s.check(strings.TrimPrefix(name, "enable_"), true, o, text)
	case op == "" && name == "relative":
		s.note(o, text, "puppet-lint reads this as a question and does not turn relative on (relative = true does); ducklint's autoload-layout needs neither")
	case name == "fail_on_warnings" && op == "=" && v.kind == rvBool:
		if v.truth {
			s.failOnWarnings = &o
		} else {
			s.failOnWarnings = nil
		}
	case name == "relative" && op == "=" && v.kind == rvBool:
		if v.truth {
			s.relative = &o
		} else {
			s.relative = nil
		}
	case name == "ignore_paths":
		globs, ok := v.strings()
		switch {
		case !ok:
			return false
		case op == "=":
			s.setIgnore(globs, o, "")
		case op == "<<" || op == "+=":
			s.addIgnore(globs, o, "")
		case op == "||=":
			// puppet-lint's default ignore paths are set, so ||= keeps them.
		default:
			return false
		}
	case inTask && (name == "disable_checks" || name == "only_checks") && op == "=":
		checks, ok := v.strings()
		if !ok {
			return false
		}
		if name == "only_checks" {
			if len(checks) > 0 {
				s.setOnly(checks, o)
			}
			return true
		}
		for _, c := range checks {
			s.check(c, false, o, text)
		}
	case op == "=" && (name == "log_format" || name == "with_filename" || name == "with_context" || name == "show_ignored" || name == "json" || name == "sarif"):
		s.note(o, text, "ignored: an output setting; ducklint's output is chosen with -f/--format and --output")
	case op == "=" && name == "fix":
		s.note(o, text, "not carried over: ducklint fixes with --fix on the command line")
	case op == "=" && name == "error_level":
		s.note(o, text, "not carried over: ducklint reports every severity; --fail-on sets which ones fail the run")
	case op == "=" && name == "pattern":
		s.note(o, text, "not carried over: ducklint lints the Puppet files of the paths it is given")
	default:
		return false
	}
	return true
}

// strings is the value as a list of strings: a list, or one string.
func (v rvalue) strings() ([]string, bool) {
	switch v.kind {
	case rvList:
		return v.list, true
	case rvString:
		return []string{v.str}, true
	}
	return nil, false
}

// value reads a literal value: a string, a list of strings ([...] or
// %w[...]), true, false, nil, a local variable holding one, or lists
// joined with "+"; ".freeze" is allowed after it.
func (r *rakeReader) value(t []rtoken) (rvalue, bool) {
	if n := len(t); n >= 2 && isPunct(t, n-2, ".") && isIdent(t, n-1, "freeze") {
		t = t[:n-2]
	}
	var parts [][]rtoken
	depth, start := 0, 0
	for i, tok := range t {
		if tok.kind == rPunct {
			switch tok.text {
			case "(", "[":
				depth++
			case ")", "]":
				depth--
			case "+":
				if depth == 0 {
					parts = append(parts, t[start:i])
					start = i + 1
				}
			}
		}
	}
	parts = append(parts, t[start:])
	if len(parts) > 1 {
		var list []string
		for _, p := range parts {
			v, ok := r.single(p)
			if !ok || v.kind != rvList {
				return rvalue{}, false
			}
			list = append(list, v.list...)
		}
		return rvalue{kind: rvList, list: list}, true
	}
	return r.single(t)
}

func (r *rakeReader) single(t []rtoken) (rvalue, bool) {
	if len(t) == 0 {
		return rvalue{}, false
	}
	if len(t) == 1 {
		tok := t[0]
		switch {
		case tok.interp:
			return rvalue{}, false
		case tok.kind == rString, tok.kind == rSymbol:
			return rvalue{kind: rvString, str: tok.text}, true
		case tok.kind == rWords:
			return rvalue{kind: rvList, list: tok.words}, true
		case tok.kind == rIdent && (tok.text == "true" || tok.text == "false"):
			return rvalue{kind: rvBool, truth: tok.text == "true"}, true
		case tok.kind == rIdent && tok.text == "nil":
			return rvalue{kind: rvNil}, true
		case tok.kind == rIdent:
			v, ok := r.locals[tok.text]
			return v, ok
		}
		return rvalue{}, false
	}
	if !isPunct(t, 0, "[") || !isPunct(t, len(t)-1, "]") {
		return rvalue{}, false
	}
	list := []string{}
	items := t[1 : len(t)-1]
	for i := 0; i < len(items); i++ {
		tok := items[i]
		if (tok.kind != rString && tok.kind != rSymbol) || tok.interp {
			return rvalue{}, false
		}
		list = append(list, tok.text)
		if i+1 < len(items) {
			if !isPunct(items, i+1, ",") {
				return rvalue{}, false
			}
			i++
		}
	}
	return rvalue{kind: rvList, list: list}, true
}

func isIdent(t []rtoken, i int, name string) bool {
	return i >= 0 && i < len(t) && t[i].kind == rIdent && t[i].text == name
}

func isConst(t []rtoken, i int, name string) bool {
	return i >= 0 && i < len(t) && t[i].kind == rConst && t[i].text == name
}

func isPunct(t []rtoken, i int, p string) bool {
	return i >= 0 && i < len(t) && t[i].kind == rPunct && t[i].text == p
}
