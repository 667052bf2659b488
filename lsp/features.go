package lsp

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/internal/fix"
	"github.com/ducklint/ducklint/parser"
)

// textCache finds the text of files that findings and definitions point
// into, for their positions: an open buffer's analysed text, else the
// file on disk, each read once.
type textCache struct {
	r        *root
	analysed map[string]overlay
	read     map[string]*mapper
}

func (t *textCache) mapper(path string, enc encoding) *mapper {
	if b, ok := t.analysed[path]; ok {
		return newMapper(b.text, enc)
	}
	if m, ok := t.read[path]; ok {
		return m
	}
	if t.read == nil {
		t.read = map[string]*mapper{}
	}
	m := newMapper(readFile(path), enc)
	t.read[path] = m
	return m
}

// severities maps ducklint's severities to the protocol's.
func severity(s diagnostics.Severity) protocol.DiagnosticSeverity {
	switch s {
	case diagnostics.Error:
		return protocol.DiagnosticSeverityError
	case diagnostics.Warning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// toLSP converts a finding of a buffer whose text m maps.
func (r *root) toLSP(f Finding, m *mapper, texts *textCache, enc encoding) protocol.Diagnostic {
	sev := severity(f.Severity)
	source := "ducklint"
	d := protocol.Diagnostic{
		Range:    protocol.Range{Start: m.fromPos(f.Start), End: m.fromPos(f.End)},
		Severity: &sev,
		Code:     &protocol.IntegerOrString{Value: f.Rule},
		Source:   &source,
		Message:  f.Message,
	}
	if rule, ok := r.ss.builtin.Lookup(f.Rule); ok {
		d.CodeDescription = &protocol.CodeDescription{HRef: rule.URL()}
	}
	for _, rel := range f.Related {
		path := r.abs(rel.File)
		rm := texts.mapper(path, enc)
		d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: pathToURI(path), Range: protocol.Range{Start: rm.fromPos(rel.Start), End: rm.fromPos(rel.End)}},
			Message:  rel.Message,
		})
	}
	return d
}

// refreshDiagnostics asks a pulling client to pull again: an edit changed
// the findings of another buffer.
func (ss *session) refreshDiagnostics() {
	ss.mu.Lock()
	ok := ss.pull && ss.refresh
	ss.mu.Unlock()
	if !ok {
		return
	}
	go func() {
		if _, err := ss.conn.Call(ss.ctx, "workspace/diagnostic/refresh", nil, nil); err != nil && ss.ctx.Err() == nil {
			ss.logger.Printf("workspace/diagnostic/refresh: %v", err)
		}
	}()
}

// openDoc returns the open buffer of uri, or an InvalidParams error.
func (ss *session) openDoc(uri string) (document, error) {
	d, ok := ss.doc(uri)
	if !ok {
		return document{}, fmt.Errorf("%s is not open", uri)
	}
	return d, nil
}

// pullDiagnostics answers textDocument/diagnostic with the findings of the
// buffer's current version.
func (ss *session) pullDiagnostics(ctx context.Context, p documentDiagnosticParams) (any, error) {
	d, err := ss.openDoc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	res, err := d.root.findings(ctx, d.path, d.version)
	if err != nil {
		return nil, err
	}
	id := fmt.Sprintf("%d:%p", res.version, res)
	if p.PreviousResultID == id {
		return unchangedDocumentDiagnosticReport{Kind: "unchanged", ResultID: id}, nil
	}
	return fullDocumentDiagnosticReport{Kind: "full", ResultID: id, Items: res.diags}, nil
}

// position converts a request's position in an open buffer; ok is false
// for a position the text does not have.
func position(text string, p protocol.Position, enc encoding) (parser.Pos, bool) {
	pos, err := newMapper(text, enc).toPos(p)
	return pos, err == nil
}

// cursor returns the open document at uri, its current snapshot and
// analysed text, and the position p in it; ok is false for a position the
// analysed text does not have.
func (ss *session) cursor(ctx context.Context, uri string, p protocol.Position) (d document, snap Snapshot, text string, pos parser.Pos, ok bool, err error) {
	if d, err = ss.openDoc(uri); err != nil {
		return d, nil, "", parser.Pos{}, false, err
	}
	if snap, text, err = d.root.snapshot(ctx, d.path); err != nil {
		return d, nil, "", parser.Pos{}, false, err
	}
	pos, ok = position(text, p, ss.encoding())
	return d, snap, text, pos, ok, nil
}

// hover describes the name under the cursor and explains the findings
// there (their detail is too long for the diagnostic's message).
func (ss *session) hover(ctx context.Context, p protocol.HoverParams) (any, error) {
	d, snap, text, pos, ok, err := ss.cursor(ctx, p.TextDocument.URI, p.Position)
	if err != nil || !ok {
		return nil, err // or a position the analysed text does not have: nothing to say
	}
	var parts []string
	if md, ok := snap.Hover(d.path, pos); ok {
		parts = append(parts, md)
	}
	if res, err := d.root.findings(ctx, d.path, d.version); err == nil && res.text == text {
		for _, f := range res.findings {
			if f.Start.Offset <= pos.Offset && pos.Offset <= f.End.Offset {
				s := fmt.Sprintf("**%s** (%s): %s", f.Severity, f.Rule, f.Message)
				if rule, ok := ss.builtin.Lookup(f.Rule); ok {
					s = fmt.Sprintf("**%s** ([%s](%s)): %s", f.Severity, f.Rule, rule.URL(), f.Message)
				}
				if f.Detail != "" {
					s += "\n\n" + f.Detail
				}
				parts = append(parts, s)
			}
		}
	}
	if len(parts) == 0 {
		return nil, nil
	}
	return protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: strings.Join(parts, "\n\n---\n\n")}}, nil
}

// definition answers where the name under the cursor is defined.
func (ss *session) definition(ctx context.Context, p protocol.DefinitionParams) (any, error) {
	d, snap, text, pos, ok, err := ss.cursor(ctx, p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	if !ok {
		return []protocol.Location{}, nil
	}
	texts := &textCache{r: d.root, analysed: map[string]overlay{d.path: {text: text}}}
	out := []protocol.Location{}
	for _, loc := range snap.Definition(d.path, pos) {
		path := d.root.abs(loc.File)
		m := texts.mapper(path, ss.encoding())
		out = append(out, protocol.Location{URI: pathToURI(path), Range: protocol.Range{Start: m.fromPos(loc.Start), End: m.fromPos(loc.End)}})
	}
	return out, nil
}

// codeAction offers, for each finding on the requested lines, its exact
// fix when it has one (the edits --fix applies, offered only when the fix
// package accepts the result), and to suppress its rule on the finding's
// line with a puppet-lint control comment.
func (ss *session) codeAction(ctx context.Context, p protocol.CodeActionParams) (any, error) {
	d, err := ss.openDoc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if len(p.Context.Only) > 0 && !slices.Contains(p.Context.Only, protocol.CodeActionKindQuickFix) {
		return []protocol.CodeAction{}, nil
	}
	res, err := d.root.findings(ctx, d.path, d.version)
	if err != nil {
		return nil, err
	}
	enc := ss.encoding()
	m := newMapper(res.text, enc)
	first, last := int32(p.Range.Start.Line)+1, int32(p.Range.End.Line)+1
	kind := protocol.CodeActionKindQuickFix
	preferred := true
	out := []protocol.CodeAction{}
	seen := map[string]bool{}
	for i, f := range res.findings {
		line := f.Start.Line
		if line < first || line > last {
			continue
		}
		if edits, ok := quickFix(d.path, res.text, res.opts, f, m); ok {
			out = append(out, protocol.CodeAction{
				Title:       "Fix: " + f.Message,
				Kind:        &kind,
				Diagnostics: []protocol.Diagnostic{res.diags[i]},
				IsPreferred: &preferred,
				Edit:        &protocol.WorkspaceEdit{Changes: map[string][]protocol.TextEdit{d.uri: edits}},
			})
		}
		if seen[fmt.Sprint(f.Rule, line)] || unsuppressible[f.Rule] {
			continue
		}
		seen[fmt.Sprint(f.Rule, line)] = true
		edit, ok := suppressEdit(d.path, res.text, res.opts, f.Rule, int(line))
		if !ok {
			continue
		}
		out = append(out, protocol.CodeAction{
			Title:       fmt.Sprintf("Suppress %s on this line", f.Rule),
			Kind:        &kind,
			Diagnostics: []protocol.Diagnostic{res.diags[i]},
			Edit: &protocol.WorkspaceEdit{Changes: map[string][]protocol.TextEdit{d.uri: {{
				Range:   protocol.Range{Start: m.position(edit.start), End: m.position(edit.end)},
				NewText: edit.text,
			}}}},
		})
	}
	return out, nil
}

// quickFix returns finding f's edits of text, the buffer's analysed text
// that m maps, as the protocol's edits; ok is false when f has none, or
// when the fix package does not accept the result of applying them all.
func quickFix(path, text string, opts parser.ParseOptions, f Finding, m *mapper) ([]protocol.TextEdit, bool) {
	if len(f.Edits) == 0 {
		return nil, false
	}
	if _, n, err := fix.ApplyWithOptions(path, []byte(text), opts, f.Edits); err != nil || n != len(f.Edits) {
		return nil, false
	}
	out := make([]protocol.TextEdit, 0, len(f.Edits))
	for _, e := range f.Edits {
		out = append(out, protocol.TextEdit{
			Range:   protocol.Range{Start: m.position(int(e.Start.Offset)), End: m.position(int(e.End.Offset))},
			NewText: e.NewText,
		})
	}
	return out, true
}

// unsuppressible are the rules a control comment cannot or should not
// silence: unused-ignore is about control comments themselves, and a
// syntax error makes Puppet reject the file whatever a comment says.
var unsuppressible = map[string]bool{"unused-ignore": true, "syntax-error": true}

// byteEdit replaces text[start:end].
type byteEdit struct {
	start, end int
	text       string
}

// directiveWord matches the lint:ignore words of a control comment.
var directiveWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\blint:ignore:[A-Za-z0-9_,-]+`) })

// suppressEdit returns the edit that makes a control comment on line
// (1-based) suppress rule: a "lint:ignore:rule" word added to the line's
// trailing control comment, put in front of another trailing comment
// (which then reads as the reason, as in puppet-lint), or a new trailing
// comment. The edited file is parsed again: an edit that would not be a
// trailing comment of that line (the line ends inside a string or a
// heredoc) or that adds a syntax error is not offered.
func suppressEdit(path, text string, opts parser.ParseOptions, rule string, line int) (byteEdit, bool) {
	f := parser.ParseFileWithOptions(path, []byte(text), opts)
	m := newMapper(text, utf8Encoding)
	if line < 1 || line > len(m.lines) {
		return byteEdit{}, false
	}
	word := "lint:ignore:" + rule
	var e byteEdit
	idx := slices.IndexFunc(f.Comments, func(c *parser.Comment) bool { return int(c.Start.Line) == line })
	switch {
	case idx < 0:
		end := m.lineEnd(line - 1)
		e = byteEdit{start: end, end: end, text: "  # " + word}
	case f.Comments[idx].Block || f.Comments[idx].OwnLine:
		return byteEdit{}, false // a comment line, or a /* */ comment: no trailing comment can go there
	default:
		c := f.Comments[idx]
		start := int(c.Start.Offset) + 1 // after '#'
		body := text[start:int(c.End.Offset)]
		if ws := directiveWord().FindAllStringIndex(body, -1); len(ws) > 0 {
			at := start + ws[len(ws)-1][1]
			e = byteEdit{start: at, end: at, text: " " + word}
		} else {
			at := start + len(body) - len(strings.TrimLeft(body, " \t"))
			e = byteEdit{start: at, end: at, text: word + " "}
			if at == start {
				e.text = " " + word + " "
			}
		}
	}
	edited := text[:e.start] + e.text + text[e.end:]
	g := parser.ParseFileWithOptions(path, []byte(edited), opts)
	if len(g.Errors) > len(f.Errors) {
		return byteEdit{}, false
	}
	ok := slices.ContainsFunc(g.Comments, func(c *parser.Comment) bool {
		return int(c.Start.Line) == line && !c.OwnLine && !c.Block && strings.Contains(c.Text, word)
	})
	return e, ok
}
