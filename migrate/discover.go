package migrate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// RCFileName is puppet-lint's option file.
const RCFileName = ".puppet-lint.rc"

// FindRC returns the path of the nearest .puppet-lint.rc in dir or one
// of its parents, or "" when there is none.
func FindRC(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("finding %s: %w", RCFileName, err)
	}
	for {
		p := filepath.Join(dir, RCFileName)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("finding %s: %w", RCFileName, err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Read reads the puppet-lint configuration of the tree at dir, in the
// order puppet-lint's rake task applies it: .sync.yml (the settings the
// Rakefile and .puppet-lint.rc are rendered from), the Gemfile and
// Gemfile.lock (for the plugin set), the Rakefile, the user's
// ~/.puppet-lint.rc (home is the home directory, "" for none) and the
// nearest .puppet-lint.rc from dir upwards. known are check names
// besides puppet-lint's own, for abbreviated options. A file that is
// missing is skipped; one that cannot be read is an error.
func Read(dir, home string, known []string) (*Settings, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	s := NewSettings()
	if src, ok, err := readIfExists(filepath.Join(dir, ".sync.yml")); err != nil {
		return nil, err
	} else if ok {
		if err := ReadSyncYAML(s, src, ".sync.yml"); err != nil {
			s.note(Origin{File: ".sync.yml"}, "", "not read: "+strings.TrimPrefix(err.Error(), ".sync.yml: "))
		}
	}
	for _, name := range []string{"Gemfile", "Gemfile.lock"} {
		if src, ok, err := readIfExists(filepath.Join(dir, name)); err != nil {
			return nil, err
		} else if ok {
			ReadGemfile(s, src, name)
		}
	}
	if src, ok, err := readIfExists(filepath.Join(dir, "Rakefile")); err != nil {
		return nil, err
	} else if ok {
		ReadRakefile(s, src, "Rakefile")
	}
	local, err := FindRC(dir)
	if err != nil {
		return nil, err
	}
	if home != "" {
		homeRC := filepath.Join(home, RCFileName)
		if src, ok, err := readIfExists(homeRC); err != nil {
			return nil, err
		} else if ok {
			ReadRC(s, src, "~/"+RCFileName, "", known)
		}
		if local == homeRC {
			local = ""
		}
	}
	if local != "" {
		src, _, err := readIfExists(local)
		if err != nil {
			return nil, err
		}
		rcDir := filepath.Dir(local)
		under, err := filepath.Rel(rcDir, dir)
		if err != nil {
			return nil, err
		}
		name, err := filepath.Rel(dir, local)
		if err != nil {
			name = local
		}
		if under == "." {
			under = ""
		}
		ReadRC(s, src, filepath.ToSlash(name), filepath.ToSlash(under), known)
	}
	return s, nil
}

// readIfExists reads a file; ok is false when there is none.
func readIfExists(path string) (src []byte, ok bool, err error) {
	src, err = os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("reading %s: %w", path, err)
	}
	return src, true, nil
}
