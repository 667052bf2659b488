package style

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// ArrowAlignment flags the => of a resource's attributes that do not line
// up.
func ArrowAlignment() *Rule {
	return &Rule{
		ID:                "arrow-alignment",
		Check:             "arrow_alignment",
		Title:             "The => of a resource's attributes are not aligned",
		Detail:            `Line up the => of the attributes one column after the longest name (--fix does).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `In a resource body that spans lines, the => of each brace level (the attributes, and the keys of
each hash or selector in them) must be in one column: one space after the longest name of that
level, as puppet-lint's arrow_alignment finds it. Several => on one line count as if the names were
stacked. The fix moves each => to that column by changing the blanks before it; an attribute that
shares its line with the one before it is moved to a line of its own first, as puppet-lint's fix
does.`,
		Run: runArrowAlignment,
	}
}

// arrowLevel is what arrow-alignment tracks for one brace level of a
// resource body.
type arrowLevel struct {
	column      int // the column the level's => belong in
	paramColumn int // the column of the level's first name; 0 before one
	arrows      []arrowInfo
}

type arrowInfo struct {
	tok        int // index of the =>
	line, col  int
	paramStart int // offset of the name before it
	paramEnd   int
	paramLen   int // its length in characters
}

func runArrowAlignment(p *Pass) {
	toks := p.View.Tokens
	lines := p.View.Lines
	away := p.LexedAway()
	src := p.View.Src
	// The levels of the brace nesting being read; a level's memory is
	// reused by the next level at its depth.
	var levels []arrowLevel
	for _, r := range p.Resources() {
		first, last := -1, -1
		for j := r.Colon; j <= r.End; j++ {
			if toks[j].Kind == parser.TokFarrow {
				if first < 0 {
					first = j
				}
				last = j
			}
		}
		if first < 0 || lines.Pos(toks[first].Start).Line == lines.Pos(toks[last].Start).Line {
			continue
		}
		levels = pushLevel(levels[:0])
		for j := r.Colon; j <= r.End; j++ {
			t := toks[j]
			lv := &levels[len(levels)-1]
			switch {
			case t.Kind == parser.TokFarrow:
				pe := prevCode(toks, j)
				if pe < 0 {
					continue
				}
				ps := pe
				if toks[pe].Kind == parser.TokDQPost {
					for ps >= 0 && toks[ps].Kind != parser.TokDQPre {
						ps--
					}
					if ps < 0 {
						continue
					}
				}
				for ps > 0 && away[ps] {
					ps--
				}
				a := arrowInfo{tok: j, paramStart: toks[ps].Start, paramEnd: toks[pe].End}
				pos := lines.Pos(t.Start)
				a.line, a.col = int(pos.Line), int(pos.Column)
				a.paramLen = utf8.RuneCount(src[a.paramStart:a.paramEnd])
				if lv.paramColumn == 0 {
					lv.paramColumn = int(lines.Pos(a.paramStart).Column)
				}
				want := int(lines.Pos(a.paramEnd).Column) + 1
				if slices.ContainsFunc(lv.arrows, func(b arrowInfo) bool { return b.line == a.line }) {
					want = lv.paramColumn + a.paramLen + 1
				}
				lv.column = max(lv.column, want)
				lv.arrows = append(lv.arrows, a)
			case punctAt(toks, j, "{"):
				levels = pushLevel(levels)
			case punctAt(toks, j, "}") || punctAt(toks, j, ";"):
				reportArrows(p, lv)
				if len(levels) > 1 {
					levels = levels[:len(levels)-1]
				} else {
					levels = pushLevel(levels[:0])
				}
			}
		}
	}
}

// pushLevel appends an empty level to levels, reusing the memory of one
// popped before.
func pushLevel(levels []arrowLevel) []arrowLevel {
	if len(levels) == cap(levels) {
		return append(levels, arrowLevel{})
	}
	levels = levels[:len(levels)+1]
	lv := &levels[len(levels)-1]
	*lv = arrowLevel{arrows: lv.arrows[:0]}
	return levels
}

// reportArrows reports the => of one level that are out of its column,
// when the level's => span more than one line.
func reportArrows(p *Pass, lv *arrowLevel) {
	if len(lv.arrows) < 2 {
		return
	}
	multiline := false
	for _, a := range lv.arrows[1:] {
		if a.line != lv.arrows[0].line {
			multiline = true
			break
		}
	}
	if !multiline {
		return
	}
	toks := p.View.Tokens
	for k, a := range lv.arrows {
		if a.col == lv.column {
			continue
		}
		f := Finding{Start: toks[a.tok].Start, End: toks[a.tok].End,
			Message: fmt.Sprintf("indentation of => is not properly aligned (expected in column %d, but found it in column %d)", lv.column, a.col)}
		newline := slices.ContainsFunc(lv.arrows[:k], func(b arrowInfo) bool { return b.line == a.line })
		f.Edits = arrowEdits(p, a, lv, newline)
		p.Report(f)
	}
}

// arrowEdits returns the edits that move the => of a to its level's
// column, putting its name on a line of its own first when newline is
// set; nil where puppet-lint's fix would not apply or would break code.
func arrowEdits(p *Pass, a arrowInfo, lv *arrowLevel, newline bool) []Edit {
	toks := p.View.Tokens
	before := a.tok - 1 // the blanks before the =>, if any
	blanks := before >= 0 && isBlank(toks[before]) && !isIndent(toks, before)
	var edits []Edit
	var width int
	if newline {
		// The blanks before the name become a line break and the level's
		// indentation; the name then starts at that column.
		ws := -1
		for j := a.tok - 1; j >= 0; j-- {
			if toks[j].Start < a.paramStart {
				ws = j
				break
			}
		}
		if ws < 0 || !isBlank(toks[ws]) || isIndent(toks, ws) || !isCodeEnd(toks, ws) {
			return nil
		}
		indent := lv.paramColumn - 1
		edits = append(edits, Edit{Start: toks[ws].Start, End: toks[ws].End, NewText: "\n" + strings.Repeat(" ", indent)})
		width = lv.column - (indent + a.paramLen + 1)
	} else {
		if blanks {
			width = utf8.RuneCountInString(toks[before].Text) + lv.column - a.col
		} else {
			width = lv.column - a.col
		}
	}
	if width < 0 {
		return nil
	}
	if blanks {
		edits = append(edits, Edit{Start: toks[before].Start, End: toks[before].End, NewText: strings.Repeat(" ", width)})
	} else {
		at := toks[a.tok].Start
		edits = append(edits, Edit{Start: at, End: at, NewText: strings.Repeat(" ", width)})
	}
	return edits
}

// isCodeEnd reports whether the token before the blanks at index ws is
// code, so that breaking the line there keeps the code as it is.
func isCodeEnd(toks []parser.Token, ws int) bool {
	return ws > 0 && !toks[ws-1].Kind.IsTrivia()
}

// isBlank reports whether t is spaces or tabs (the view also gives the
// "}" that closes an interpolation the whitespace kind).
func isBlank(t parser.Token) bool {
	return t.Kind == parser.TokWhitespace && strings.Trim(t.Text, " \t") == ""
}
