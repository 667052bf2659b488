package rules_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestRunContext checks that a canceled run returns the context's error
// and no findings, and that a live one finds what Run finds.
func TestRunContext(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a.pp": "class a { notice($undefined_a) }\n",
		"b.pp": "class b { $x = 1\n $x = 2 }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg := rules.Default()
	active, err := rules.Select(reg, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog := ruletest.Program(t, dir, ruletest.Options{})
	runner := &rules.Runner{Registry: reg, Rules: active, Jobs: 2}
	want := runner.Run(prog)
	if len(want) == 0 {
		t.Fatal("no findings: the comparison proves little")
	}
	got, err := runner.RunContext(context.Background(), prog)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("RunContext: %v, %v; want %v", got, err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := runner.RunContext(ctx, prog); err == nil || got != nil {
		t.Errorf("canceled RunContext: %v, %v; want no findings and an error", got, err)
	}
}
