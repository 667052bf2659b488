// Package fingerprint identifies a finding across edits of its file: the
// SARIF writer's partialFingerprints and the baseline (package baseline)
// both hash what this package extracts, so a finding keeps its identity
// when lines are inserted above it or other code is reformatted.
package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// textLimit bounds the source read per finding, so that fingerprinting
// stays linear in the size of a report.
const textLimit = 4096

// Hash is the fingerprint of a finding of rule in the file at path, inside
// the definition enclosing names ("class ntp::config", "" for none),
// flagging the code flagged: a hex string. Not its position, so that lines
// inserted above keep it, and not its message, which can quote other
// files' line numbers. Whitespace in flagged is normalised.
func Hash(rule, path, enclosing, flagged string) string {
	// The input is rule, path, enclosing and the flagged code's fields
	// joined by one space, separated by NUL bytes, built in one buffer: a
	// SARIF report computes this for every finding (100,000 and more
	// with a style preset).
	var stack [512]byte
	input := append(stack[:0], rule...)
	input = append(input, 0)
	input = append(input, path...)
	input = append(input, 0)
	input = append(input, enclosing...)
	input = append(input, 0)
	first := true
	for field := range strings.FieldsSeq(flagged) {
		if !first {
			input = append(input, ' ')
		}
		input = append(input, field...)
		first = false
	}
	sum := sha256.Sum256(input)
	return hex.EncodeToString(sum[:16])
}

// Of is the fingerprint of d as reported in path (its File, or the path the
// caller identifies its file by), with idx the line index of its file's
// source (nil when unknown) and enclosing as for Hash.
func Of(d diagnostics.Diagnostic, path, enclosing string, idx *parser.LineIndex) string {
	return Hash(d.Rule, path, enclosing, Flagged(idx, d.Start, d.End))
}

// Occurrence is the fingerprint of the n-th (1-based, in report order)
// finding of one file with fingerprint hash: identical findings on
// identical lines stay distinct.
func Occurrence(hash string, n int) string {
	return hash + ":" + strconv.Itoa(n)
}

// Flagged returns the source a finding flags: the text of its range, or,
// for an empty range, the text around its start on its line (a missing
// token has no text of its own). At most textLimit bytes. It is "" without
// source, or when the range's byte offsets do not lie on its line (a
// position made up without offsets); the line number alone would make the
// fingerprint move with the code.
func Flagged(idx *parser.LineIndex, start, end parser.Pos) string {
	if idx == nil || !start.IsValid() {
		return ""
	}
	lineStart, lineEnd, ok := idx.LineBounds(int(start.Line))
	from := int(start.Offset)
	if !ok || from < lineStart || from > lineEnd {
		return ""
	}
	src := idx.Source()
	to := int(start.Offset)
	if end.IsValid() && (end.Line > start.Line || end.Line == start.Line && end.Column >= start.Column) {
		to = int(end.Offset)
	}
	if to <= from || to > len(src) {
		const around = 64
		from, to = max(lineStart, from-around), min(lineEnd, from+around)
	}
	return string(src[from:min(to, from+textLimit)])
}
