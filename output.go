package ducklint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ducklint/ducklint/reporter"
)

// output is one report a run writes: a format, to standard output when
// path is "" or to a file. One run can write several (--output, repeated),
// so CI gets annotations and a SARIF file from one lint of the tree.
type output struct {
	format string
	path   string
}

// String is the output as --output spells it, for messages.
func (o output) String() string {
	if o.path == "" {
		return o.format
	}
	return o.format + "=" + o.path
}

// outputFlag collects repeated --output FORMAT[=PATH] flags.
type outputFlag struct{ outputs *[]output }

func (o outputFlag) String() string { return "" }

func (o outputFlag) Set(v string) error {
	format, path, hasPath := strings.Cut(v, "=")
	if _, ok := reporter.Lookup(format); !ok {
		return fmt.Errorf("unknown format %q (want FORMAT or FORMAT=PATH, FORMAT one of %s)", format, strings.Join(reporter.Names(), ", "))
	}
	if hasPath && path == "" {
		return fmt.Errorf("%q has no path after \"=\" (write --output %s for standard output)", v, format)
	}
	if path == "-" {
		path = ""
	}
	*o.outputs = append(*o.outputs, output{format: format, path: path})
	return nil
}

// resolveOutputs combines -f/--format with the --output flags: -f FORMAT is
// --output FORMAT, and is the default (text) only when no --output is
// given. At most one output may go to standard output, and no two to the
// same file.
func resolveOutputs(format string, formatSet bool, outputs []output) ([]output, error) {
	if len(outputs) == 0 || formatSet {
		outputs = append([]output{{format: format}}, outputs...)
	}
	stdout := -1
	files := map[string]int{}
	for i, o := range outputs {
		if o.path == "" {
			if stdout >= 0 {
				return nil, &usageError{fmt.Sprintf("%s and %s both write to standard output; give one of them a file, as in --output %s=ducklint.%s",
					spellOutput(outputs[stdout], stdout == 0 && formatSet), spellOutput(o, false), o.format, o.format)}
			}
			stdout = i
			continue
		}
		key := filepath.Clean(o.path)
		if j, dup := files[key]; dup {
			return nil, &usageError{fmt.Sprintf("--output %s and --output %s write the same file", outputs[j], o)}
		}
		files[key] = i
	}
	return outputs, nil
}

// spellOutput spells an output as the flag that asked for it.
func spellOutput(o output, fromFormat bool) string {
	if fromFormat {
		return "--format " + o.format
	}
	return "--output " + o.String()
}

// stdoutFormat is the format written to standard output ("" for none).
func stdoutFormat(outputs []output) string {
	for _, o := range outputs {
		if o.path == "" {
			return o.format
		}
	}
	return ""
}

// outputFiles are the files of a run's outputs, created before linting so
// that an unwritable path is a usage error found at once, and written under
// a temporary name then renamed, so that a reader (an upload step) never
// sees a half-written report.
type outputFiles struct {
	tmp   map[string]*os.File // by output path
	final map[string]string   // output path -> absolute path
}

// openOutputs creates a temporary file beside each output file; paths are
// relative to dir.
func openOutputs(outputs []output, dir string) (*outputFiles, error) {
	of := &outputFiles{tmp: map[string]*os.File{}, final: map[string]string{}}
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		abs := o.path
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, abs)
		}
		if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
			of.discard()
			return nil, &usageError{fmt.Sprintf("cannot write --output %s: %s is a directory", o, o.path)}
		}
		f, err := os.CreateTemp(filepath.Dir(abs), "."+filepath.Base(abs)+".*.tmp")
		if err != nil {
			of.discard()
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, &usageError{fmt.Sprintf("cannot write --output %s: %v", o, err)}
		}
		of.tmp[o.path], of.final[o.path] = f, abs
	}
	return of, nil
}

// commit closes each file and moves it into place.
func (of *outputFiles) commit() error {
	var errs []error
	for path, f := range of.tmp {
		err := f.Chmod(0o644)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(f.Name(), of.final[path])
		}
		if err != nil {
			_ = os.Remove(f.Name())
			errs = append(errs, fmt.Errorf("writing %s: %w", path, err))
		}
		delete(of.tmp, path)
	}
	return errors.Join(errs...)
}

// discard removes the files not committed; safe to call more than once.
func (of *outputFiles) discard() {
	if of == nil {
		return
	}
	for path, f := range of.tmp {
		_ = f.Close()
		_ = os.Remove(f.Name())
		delete(of.tmp, path)
	}
}

// writeOutputs writes the report in every output with the given options,
// but colour only on standard output, never in files.
func (c *Command) writeOutputs(outputs []output, files *outputFiles, rep *reporter.Report, ropts reporter.Options) error {
	var errs []error
	for _, o := range outputs {
		format, _ := reporter.Lookup(o.format)
		w, opts := c.Stdout, ropts
		if o.path != "" {
			w, opts = files.tmp[o.path], reporter.Options{Verbose: ropts.Verbose}
		}
		if err := format(w, rep, opts); err != nil {
			errs = append(errs, fmt.Errorf("writing %s output: %w", o, err))
		}
	}
	if err := errors.Join(errs...); err != nil {
		files.discard()
		return err
	}
	return files.commit()
}
