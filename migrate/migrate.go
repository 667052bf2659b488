// Package migrate reads a tree's puppet-lint configuration — its
// .puppet-lint.rc files, the PuppetLint lines of its Rakefile, the lint
// settings of its modulesync or PDK .sync.yml, and the plugin gems of its
// Gemfile — and turns it into a ducklint configuration: the puppet-lint
// style preset, the rules of the checks it turns off or on, and its
// ignored paths as excludes. Whatever it cannot carry over it says, line
// by line, instead of dropping it.
package migrate

import (
	"fmt"
	"slices"
)

// Origin is where a setting was read: a file as shown to the user and a
// line (0 for the file as a whole).
type Origin struct {
	File string
	Line int
}

func (o Origin) String() string {
	if o.Line == 0 {
		return o.File
	}
	return fmt.Sprintf("%s:%d", o.File, o.Line)
}

// Note is something a source says that the migration cannot carry over,
// or carries over differently than one might expect: the text it was
// read from and why.
type Note struct {
	Origin Origin
	Text   string // the line or value, as written
	Why    string
}

func (n Note) String() string {
	switch {
	case n.Origin.File == "" && n.Text == "":
		return n.Why
	case n.Origin.File == "":
		return fmt.Sprintf("%s: %s", n.Text, n.Why)
	case n.Text == "":
		return fmt.Sprintf("%s: %s", n.Origin, n.Why)
	}
	return fmt.Sprintf("%s: %s: %s", n.Origin, n.Text, n.Why)
}

// checkState is a check turned on or off, and where.
type checkState struct {
	enabled bool
	origin  Origin
}

// pattern is an ignore path with where it was read.
type pattern struct {
	glob   string
	origin Origin
	under  string // the target directory relative to the pattern's ("" when they are the same), slash-separated
}

// Settings is puppet-lint's configuration as the sources set it. The
// readers apply what they read in the order puppet-lint does, so a later
// source wins as it would in puppet-lint.
type Settings struct {
	checks map[string]checkState
	order  []string // check names in the order first set

	only       []string // --only-checks, nil when not given
	onlyOrigin Origin

	ignore []pattern

	failOnWarnings *Origin // fail_on_warnings turned on here
	relative       *Origin // relative turned on here

	// Preset is the style preset the sources call for: "voxpupuli" when
	// the tree uses Vox Pupuli's plugin set, else "puppet-lint".
	Preset string
	// PresetOrigin is what called for the voxpupuli preset.
	PresetOrigin *Note

	// Read are the files read, in order, as shown to the user.
	Read []string
	// Notes are what the sources say that is not carried over.
	Notes []Note
}

// NewSettings returns puppet-lint's defaults.
func NewSettings() *Settings {
	return &Settings{
		checks: map[string]checkState{}, Preset: PresetPuppetLint,
		ignore: []pattern{{glob: defaultIgnore, origin: Origin{File: "puppet-lint's default"}}},
	}
}

// defaultIgnore is the path puppet-lint ignores when no configuration
// sets its ignore paths.
const defaultIgnore = "vendor/**/*.pp"

// The style presets init chooses between.
const (
	PresetPuppetLint = "puppet-lint"
	PresetVoxPupuli  = "voxpupuli"
)

// check turns check on or off, as text at o says. "relative" is no
// check, but PDK's templates write disable_relative for the --relative
// option.
func (s *Settings) check(check string, on bool, o Origin, text string) {
	if check == "relative" {
		s.note(o, text, "puppet-lint has no check of that name and does nothing with it; ducklint's autoload-layout takes each module's name as Puppet does, which is what --relative is for")
		return
	}
	s.setCheck(check, on, o)
}

// setCheck turns check on or off.
func (s *Settings) setCheck(check string, on bool, o Origin) {
	if _, seen := s.checks[check]; !seen {
		s.order = append(s.order, check)
	}
	s.checks[check] = checkState{enabled: on, origin: o}
}

// setOnly is --only-checks: the listed checks run and no other. Like
// puppet-lint, it replaces what earlier sources said about checks.
func (s *Settings) setOnly(checks []string, o Origin) {
	s.only, s.onlyOrigin = slices.Clone(checks), o
	if s.only == nil {
		s.only = []string{}
	}
	clear(s.checks)
	s.order = s.order[:0]
}

// setIgnore replaces the ignore paths; under is the target directory
// relative to the directory they are relative to.
func (s *Settings) setIgnore(globs []string, o Origin, under string) {
	s.ignore = nil
	s.addIgnore(globs, o, under)
}

// addIgnore adds ignore paths to the current ones.
func (s *Settings) addIgnore(globs []string, o Origin, under string) {
	for _, g := range globs {
		s.ignore = append(s.ignore, pattern{glob: g, origin: o, under: under})
	}
}

func (s *Settings) note(o Origin, text, why string) {
	s.Notes = append(s.Notes, Note{Origin: o, Text: text, Why: why})
}

// usePreset records that the tree calls for the voxpupuli preset.
func (s *Settings) useVoxPupuli(o Origin, text, why string) {
	if s.PresetOrigin != nil {
		return
	}
	s.Preset = PresetVoxPupuli
	s.PresetOrigin = &Note{Origin: o, Text: text, Why: why}
}
