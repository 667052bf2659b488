package ducklint_test

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

var benchSizes = []int{10, 100, 1000, 5000, 10000}

// genTree writes a generated control repo of about n files.
func genTree(b *testing.B, n int) (dir string, bytes int) {
	b.Helper()
	dir = b.TempDir()
	tree := gentree.Generate(n, 1)
	if err := tree.Write(dir); err != nil {
		b.Fatal(err)
	}
	_, bytes, _ = tree.PuppetFiles()
	return dir, bytes
}

// BenchmarkModel measures load + parse + whole-program model, the part
// every run pays before the rules.
func BenchmarkModel(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			dir, size := genTree(b, n)
			b.SetBytes(int64(size))
			for b.Loop() {
				tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir})
				if err != nil {
					b.Fatal(err)
				}
				model.Build(tree, model.Options{})
			}
		})
	}
}

// BenchmarkRules measures every rule over an already built model.
func BenchmarkRules(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			dir, size := genTree(b, n)
			tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir})
			if err != nil {
				b.Fatal(err)
			}
			prog := model.Build(tree, model.Options{})
			reg := rules.Default()
			active, err := rules.Select(reg, nil, nil, nil)
			if err != nil {
				b.Fatal(err)
			}
			runner := &rules.Runner{Registry: reg, Rules: active}
			b.SetBytes(int64(size))
			for b.Loop() {
				runner.Run(prog)
			}
		})
	}
}

// BenchmarkCommand measures the whole command, as a user runs it.
func BenchmarkCommand(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			dir, size := genTree(b, n)
			b.SetBytes(int64(size))
			for b.Loop() {
				cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Dir: dir}
				if code := cmd.Main([]string{"ducklint", "-f", "json", "."}); code > 1 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// BenchmarkEditorRun measures what an editor pays on save: one module
// class of a generated control repo linted with its environment as
// context, with the context cache warm (as from the second save on) and
// with no cache (every context file parsed to find the relevant ones).
func BenchmarkEditorRun(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		dir, _ := genTree(b, n)
		const file = "modules/mod000/manifests/component03.pp"
		if _, err := os.Stat(filepath.Join(dir, file)); err != nil {
			b.Fatal(err)
		}
		// The cache does not trust a file's stat until it has been quiet
		// for a timestamp tick; an editor's files are older than that.
		time.Sleep(cache.StatGranularity)
		for _, cached := range []bool{true, false} {
			b.Run(fmt.Sprintf("files=%d/cached=%v", n, cached), func(b *testing.B) {
				cacheDir := ""
				if cached {
					cacheDir = b.TempDir()
				}
				lint := func() {
					cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Dir: dir,
						CacheDir: cacheDir}
					if code := cmd.Main([]string{"ducklint", "-f", "json", file}); code > 1 {
						b.Fatalf("exit %d", code)
					}
				}
				lint() // fills the cache
				for b.Loop() {
					lint()
				}
			})
		}
	}
}

// BenchmarkAdversarial runs the whole command, text output, on each
// adversarial shape of gentree at two sizes: the second holds twice the
// first, so a time per op that more than about doubles shows a cost
// growing faster than the input.
func BenchmarkAdversarial(b *testing.B) {
	for _, shape := range gentree.Shapes() {
		for _, n := range []int{2000, 4000} {
			b.Run(fmt.Sprintf("shape=%s/n=%d", shape.Name, n), func(b *testing.B) {
				dir := b.TempDir()
				tree := shape.Generate(n)
				if err := tree.Write(dir); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(tree[gentree.File])))
				for b.Loop() {
					cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Dir: dir}
					if code := cmd.Main([]string{"ducklint", gentree.File}); code > 1 {
						b.Fatalf("exit %d", code)
					}
				}
			})
		}
	}
}

// BenchmarkOneFileOutsideTree measures the command's own part of linting
// one 10-line file outside any tree, the file scripts/bench-startup times
// as a whole process: configuration and layout lookups up to the root,
// the registry, the check and the report. The process's start-up (the
// initialisers, the runtime) and the tables built once per process are
// not in it.
func BenchmarkOneFileOutsideTree(b *testing.B) {
	dir := b.TempDir()
	src := "class demo (\n  String $greeting = 'hello',\n) {\n  file { '/tmp/demo':\n    ensure  => file,\n    mode    => '0644',\n    content => $greeting,\n  }\n  notify { 'greeting': message => $greeting }\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "init.pp"), []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Dir: dir}
		if code := cmd.Main([]string{"ducklint", "init.pp"}); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
