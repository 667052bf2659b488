package model_test

import (
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// firstStatement parses src and returns its first statement.
func firstStatement(t *testing.T, src string) parser.Node {
	t.Helper()
	f := parser.ParseManifest("t.pp", []byte(src))
	if len(f.Errors) > 0 || len(f.Program.Body.Stmts) == 0 {
		t.Fatalf("%s: %v", src, f.Errors)
	}
	return f.Program.Body.Stmts[0]
}

// testSubject names variables, and calls by their function name.
func testSubject(e parser.Expr) string {
	for {
		p, ok := e.(*parser.Paren)
		if !ok {
			break
		}
		e = p.X
	}
	switch v := e.(type) {
	case *parser.Variable:
		return "$" + v.Name
	case *parser.Call:
		return v.FuncName() + "()"
	}
	return ""
}

func armConditions(b model.Branch) []model.Condition {
	cs, _ := model.ArmConditions(b, testSubject)
	return cs
}

// TestExclusiveConditions checks which then-arms of two ifs can both run,
// as Puppet 7 decides the tests (recorded in
// testdata/puppet-apply/reassigned): == and `in` ignore case, =~ does not
// and fails on a value that is not a string, versioncmp returns -1, 0 or 1.
func TestExclusiveConditions(t *testing.T) {
	for _, tc := range []struct {
		x, y      string
		exclusive bool
	}{
		{"$x == 'a'", "$x == 'b'", true},
		{"$x == 'a'", "$x == 'A'", false},
		{"'a' == $x", "$x != 'a'", true},
		{"$x =~ /^a/", "$x == 'b'", true},
		{"$x == 'B'", "$x =~ /b/", false},
		{"$x =~ /a/", "$x =~ /b/", false},
		{"$x in ['a', 'b']", "$x == 'c'", true},
		{"$x in ['a', 'b']", "$x != 'c'", false},
		{"versioncmp($v, '2') >= 0", "versioncmp($v, '2') < 0", true},
		{"0 > versioncmp($v, '2')", "versioncmp($v, '2') == 0", true},
		{"versioncmp($v, '2') > 0", "versioncmp($v, '2') < 1", true},
		{"versioncmp($v, '2') >= 0", "versioncmp($v, '2') > -1", false},
		{"$n > 5", "$n < 3", true},
		{"$n > 5", "$n < 6", false},
		{"$n == 1", "$n == '1'", true},
		{"$f", "!$f", true},
		{"$f", "$f", false},
		{"$x == 'a' and $f", "$x == 'b'", true},
		{"$x == 'a' or $f", "$x == 'b'", false},
		{"!($x == 'a' or $f)", "$f", true},
		{"$x == undef", "$x", true},
		{"$x =~ /a/", "!$x", true},
		{"$x != 'a'", "!$x", false},
		{"$x == true", "$x == false", true},
		{"$x == /a/", "$x == 'b'", false},
		{"$x == 'a'", "$y == 'b'", false},
		{"$x == $y", "$y != $x", true},
		{"$x == $y", "!($x == $y)", true},
		{"$x == $y", "$y == $x", false},
		{"$x == $y", "$x != $z", false},
	} {
		bx := model.Branch{Cond: firstStatement(t, "if "+tc.x+" {}"), Arm: 0}
		by := model.Branch{Cond: firstStatement(t, "if "+tc.y+" {}"), Arm: 0}
		got := model.ExclusiveValues([]model.Branch{bx}, []model.Branch{by}, armConditions)
		if got != tc.exclusive {
			t.Errorf("if %s / if %s: exclusive = %v, want %v", tc.x, tc.y, got, tc.exclusive)
		}
	}
}

// TestArmConditionsOfCase checks that a case option requires that no
// earlier option matched, and that a default option requires none did.
func TestArmConditionsOfCase(t *testing.T) {
	c := firstStatement(t, "case $x { /a/: {} 'ab', 'c': {} default: {} }")
	for _, tc := range []struct {
		arm     int
		witness string // "" when none
	}{
		{1, "'c'"},
		{2, "undef"},
	} {
		cs, complete := model.ArmConditions(model.Branch{Cond: c, Arm: tc.arm}, testSubject)
		if !complete {
			t.Errorf("arm %d: conditions incomplete", tc.arm)
		}
		v, ok := model.Witness(cs, func(model.Value) bool { return true })
		if got := v.String(); !ok || got != tc.witness {
			t.Errorf("arm %d: witness %s (%v), want %s", tc.arm, got, ok, tc.witness)
		}
	}
	only := firstStatement(t, "case $x { /a/: {} 'ab': {} }")
	cs, _ := model.ArmConditions(model.Branch{Cond: only, Arm: 1}, testSubject)
	if v, ok := model.Witness(cs, func(model.Value) bool { return true }); ok {
		t.Errorf("the 'ab' option after /a/ never runs, but %s is a witness", v)
	}
}

// TestWitnessHonoursAccept checks that a witness is one accept allows.
func TestWitnessHonoursAccept(t *testing.T) {
	cs := armConditions(model.Branch{Cond: firstStatement(t, "if $x != 'a' {}"), Arm: 0})
	onlyA := func(v model.Value) bool { s, ok := v.IsString(); return ok && s == "a" }
	if v, ok := model.Witness(cs, onlyA); ok {
		t.Errorf("no value but 'a' is allowed and $x != 'a', but %s is a witness", v)
	}
	bools := func(v model.Value) bool { _, ok := v.IsBool(); return ok }
	if v, ok := model.Witness(cs, bools); !ok || v.String() != "true" {
		t.Errorf("witness %s (%v), want true", v, ok)
	}
}

// TestFactsCompareAsSpelled checks that a fact is taken to have the
// spelling code compares it with, while a variable may have any: Puppet's
// == ignores case and =~ does not, but no node reports os.family
// 'freebsd'.
func TestFactsCompareAsSpelled(t *testing.T) {
	factConds := func(b model.Branch) []model.Condition {
		cs, _ := model.ArmConditions(b, model.FactKey)
		return cs
	}
	for _, tc := range []struct {
		x, y      string
		conds     func(model.Branch) []model.Condition
		exclusive bool
	}{
		{"$facts['os']['family'] == 'FreeBSD'", "$facts['os']['family'] !~ /^(FreeBSD|Gentoo)/", factConds, true},
		{"$x == 'FreeBSD'", "$x !~ /^(FreeBSD|Gentoo)/", armConditions, false},
	} {
		bx := model.Branch{Cond: firstStatement(t, "if "+tc.x+" {}"), Arm: 0}
		by := model.Branch{Cond: firstStatement(t, "if "+tc.y+" {}"), Arm: 0}
		if got := model.ExclusiveValues([]model.Branch{bx}, []model.Branch{by}, tc.conds); got != tc.exclusive {
			t.Errorf("if %s / if %s: exclusive = %v, want %v", tc.x, tc.y, got, tc.exclusive)
		}
	}
}
