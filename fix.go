package ducklint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"

	"github.com/aymanbagabas/go-udiff"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/internal/fix"
	"github.com/ducklint/ducklint/parser/load"
)

// maxFixRounds bounds how often --fix lints again to apply the edits that
// overlapped edits applied before them.
const maxFixRounds = 8

// fix applies the exact edits of res's findings (package fix) to the
// Puppet files they are in, as overlays of the workspace: round by round,
// linting again after each, until no finding has an edit left to apply.
// A file whose edits are not safe stays as it was, and its findings say
// why in their detail. Only the findings the run reports (adopt) are
// fixed, not those a baseline accepts or outside the new code. Then it writes the fixed files, or with --diff
// prints their unified diff and writes nothing, and returns the findings
// of the fixed tree.
func (c *Command) fix(ctx context.Context, opts *options, ws *engine.Workspace, res *engine.Result, adopt *adoption) (*engine.Result, error) {
	original := map[string][]byte{} // by reported path, before the first edit
	current := map[string][]byte{}
	refused := map[string]string{} // why a file's edits were not applied
	for round := 0; ; round++ {
		edits := map[string][]diagnostics.Edit{}
		var files []string
		for _, d := range res.Findings {
			if len(d.Edits) == 0 || refused[d.File] != "" {
				continue
			}
			if _, seen := edits[d.File]; !seen {
				files = append(files, d.File)
			}
			edits[d.File] = append(edits[d.File], d.Edits...)
		}
		if len(files) == 0 {
			break
		}
		if round == maxFixRounds {
			for _, f := range files {
				refused[f] = fmt.Sprintf("its findings still had edits after %d rounds of fixing", maxFixRounds)
			}
			break
		}
		var changed []string
		for _, f := range files {
			if _, checked := original[f]; !checked {
				// Only regular files inside the boundary are written, and
				// never through a link leaving it, even a file named on
				// the command line: a tree must not make --fix write
				// elsewhere.
				if err := ws.Boundary().Writable(ws.Abs(f)); err != nil {
					refused[f] = notWritable(err)
					continue
				}
			}
			src, ok := current[f]
			if !ok {
				src = res.Source(f)
			}
			out, n, err := fix.ApplyWithOptions(f, src, res.ParseOptions(f), edits[f])
			if err != nil {
				refused[f] = err.Error()
				continue
			}
			if n == 0 {
				continue
			}
			if _, ok := original[f]; !ok {
				original[f] = src
			}
			current[f] = out
			ws.SetOverlay(f, out)
			changed = append(changed, f)
		}
		if len(changed) == 0 {
			break
		}
		snap, err := ws.Snapshot(ctx)
		if err != nil {
			return nil, err
		}
		if res, err = snap.Check(ctx); err != nil {
			return nil, err
		}
		adopt.filter(res, ws)
	}

	var fixed []string
	for f, src := range current {
		if !bytes.Equal(src, original[f]) {
			fixed = append(fixed, f)
		}
	}
	slices.Sort(fixed)
	for _, f := range fixed {
		if opts.diff {
			from, to := "a/"+f, "b/"+f
			if filepath.IsAbs(f) {
				from, to = f, f
			}
			if _, err := fmt.Fprint(c.Stdout, udiff.Unified(from, to, string(original[f]), string(current[f]))); err != nil {
				return nil, fmt.Errorf("writing the diff: %w", err)
			}
			continue
		}
		if err := fix.WriteFile(ws.Abs(f), current[f]); err != nil {
			return nil, err
		}
		// Said on stderr, beside what is left to fix on stdout: a fixed
		// finding is no longer reported, so the file would go unmentioned.
		fmt.Fprintf(c.Stderr, "ducklint: fixed %s\n", f)
	}
	if len(fixed) > 0 && !opts.diff {
		// Lines the fixes added or removed moved the new code.
		if err := adopt.refilter(res, ws); err != nil {
			return nil, err
		}
	}
	for i, d := range res.Findings {
		if why := refused[d.File]; why != "" && len(d.Edits) > 0 {
			res.Findings[i].Detail = joinSentences(d.Detail, "Not fixed: "+why+".")
		}
	}
	for _, f := range sortedKeys(refused) {
		fmt.Fprintf(c.Stderr, "ducklint: %s: not fixed: %s\n", f, refused[f])
	}
	return res, nil
}

// notWritable says why a fix is not written, given Boundary.Writable's
// error.
func notWritable(err error) string {
	if errors.Is(err, load.ErrOutside) {
		return "outside the tree"
	}
	return pathError(err).Error()
}

// pathError strips the operation and path from an *fs.PathError: the
// message already names the file.
func pathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// joinSentences appends sentence to text, with a space between.
func joinSentences(text, sentence string) string {
	if text == "" {
		return sentence
	}
	return text + " " + sentence
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
