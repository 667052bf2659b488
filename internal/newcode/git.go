package newcode

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
)

// GitError is git refusing what it was asked: not a work tree, an unknown
// revision. Its message is git's.
type GitError struct {
	Msg string
}

func (e *GitError) Error() string { return e.Msg }

// FromRev returns the lines changed since rev in the git work tree holding
// dir: its working tree (staged or not) against rev, and every line of the
// files git does not track. (Reading the index is much faster than git's
// walk for untracked files, and the linter does not report what git
// ignores.)
func FromRev(ctx context.Context, dir, rev string) (*Changes, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, &GitError{fmt.Sprintf("%q is not a revision", rev)}
	}
	// The top of the work tree, spelled as dir is: git prints it with
	// symbolic links resolved, and findings name files through dir.
	prefix, err := git(ctx, dir, "rev-parse", "--show-prefix")
	if err != nil {
		return nil, err
	}
	root := filepath.Clean(dir)
	if p := strings.Trim(string(prefix), "/\n"); p != "" {
		for range strings.Count(p, "/") + 1 {
			root = filepath.Dir(root)
		}
	}
	type output struct {
		out []byte
		err error
	}
	index := make(chan output, 1)
	go func() {
		out, err := git(ctx, root, "ls-files", "-z")
		index <- output{out, err}
	}()
	diff, err := git(ctx, root, "-c", "core.quotepath=off", "diff", "--no-color", "--no-ext-diff", "--no-textconv",
		"--src-prefix=a/", "--dst-prefix=b/", "-U0", "-M", rev, "--")
	tracked := <-index
	if err != nil {
		return nil, err
	}
	c := newChanges()
	if err := c.parseBytes(diff, root); err != nil {
		return nil, fmt.Errorf("reading git diff %s: %w", rev, err)
	}
	if tracked.err != nil {
		return nil, tracked.err
	}
	c.root, c.tracked = root, map[string]bool{}
	for p := range bytes.SplitSeq(tracked.out, []byte{0}) {
		if len(p) > 0 {
			c.tracked[filepath.Join(root, filepath.FromSlash(string(p)))] = true
		}
	}
	c.finish()
	return c, nil
}

// FromMergeBase returns the lines changed since the merge base of HEAD and
// branch (see FromRev): what a pull request into branch adds.
func FromMergeBase(ctx context.Context, dir, branch string) (*Changes, error) {
	if strings.HasPrefix(branch, "-") {
		return nil, &GitError{fmt.Sprintf("%q is not a branch", branch)}
	}
	base, err := git(ctx, dir, "merge-base", branch, "HEAD")
	if err != nil {
		return nil, err
	}
	return FromRev(ctx, dir, strings.TrimSpace(string(base)))
}

// git runs git in dir and returns its standard output. When git fails, the
// error is a *GitError with the first line of what it wrote on standard
// error, without "fatal: ".
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err == nil {
		return out, nil
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return nil, fmt.Errorf("running git: %w", err)
	}
	msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
	msg = strings.TrimPrefix(strings.TrimPrefix(msg, "fatal: "), "error: ")
	if msg == "" {
		msg = fmt.Sprintf("git %s failed (%v)", args[0], err)
	}
	return nil, &GitError{msg}
}
