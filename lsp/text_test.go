package lsp

import (
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/ducklint/ducklint/parser"
)

func TestMapperEncodings(t *testing.T) {
	// 'é' is 2 UTF-8 bytes, 1 UTF-16 unit; '😀' 4 bytes, 2 units, 1 code point.
	text := "aé😀b\r\nx\n"
	for _, tc := range []struct {
		enc  encoding
		char protocol.UInteger
		off  int
	}{
		{utf16Encoding, 0, 0}, {utf16Encoding, 2, 3}, {utf16Encoding, 4, 7}, {utf16Encoding, 5, 8},
		{utf16Encoding, 3, 3},  // inside the surrogate pair: before the character
		{utf16Encoding, 99, 8}, // past the end of the line: its end, before "\r\n"
		{utf32Encoding, 3, 7}, {utf32Encoding, 4, 8},
		{utf8Encoding, 3, 3}, {utf8Encoding, 7, 7},
	} {
		m := newMapper(text, tc.enc)
		off, err := m.offset(protocol.Position{Line: 0, Character: tc.char})
		if err != nil || off != tc.off {
			t.Errorf("%s offset of 0:%d = %d, %v; want %d", tc.enc, tc.char, off, err, tc.off)
		}
	}
	m := newMapper(text, utf16Encoding)
	if p := m.position(8); p.Line != 0 || p.Character != 5 {
		t.Errorf("position of 'b' end = %+v, want 0:5", p)
	}
	if p := m.position(10); p.Line != 1 || p.Character != 0 {
		t.Errorf("position of 'x' = %+v, want 1:0", p)
	}
	if _, err := m.offset(protocol.Position{Line: 3, Character: 0}); err == nil {
		t.Error("a line past the end: no error")
	}
	if off, err := m.offset(protocol.Position{Line: 2, Character: 0}); err != nil || off != len(text) {
		t.Errorf("the position after the final newline = %d, %v", off, err)
	}
	pos, err := m.toPos(protocol.Position{Line: 0, Character: 4})
	if err != nil || pos.Line != 1 || pos.Column != 4 || pos.Offset != 7 {
		t.Errorf("toPos(0:4) = %+v, %v; want line 1, column 4 (code points), offset 7", pos, err)
	}
	if p := m.fromPos(pos); p.Line != 0 || p.Character != 4 {
		t.Errorf("fromPos(%+v) = %+v", pos, p)
	}
}

func TestApplyChanges(t *testing.T) {
	r := func(l1, c1, l2, c2 protocol.UInteger) *protocol.Range {
		return &protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
	}
	got, err := applyChanges("ab\ncd\n", []any{
		protocol.TextDocumentContentChangeEvent{Range: r(0, 1, 1, 1), Text: "X"}, // "aXd\n"
		protocol.TextDocumentContentChangeEvent{Range: r(0, 3, 0, 3), Text: "!"}, // "aXd!\n"
	}, utf16Encoding)
	if err != nil || got != "aXd!\n" {
		t.Errorf("incremental changes: %q, %v", got, err)
	}
	got, err = applyChanges("old", []any{protocol.TextDocumentContentChangeEventWhole{Text: "new"},
		protocol.TextDocumentContentChangeEvent{Range: r(0, 0, 0, 0), Text: ">"}}, utf16Encoding)
	if err != nil || got != ">new" {
		t.Errorf("a whole change then an insertion: %q, %v", got, err)
	}
	if _, err := applyChanges("a", []any{protocol.TextDocumentContentChangeEvent{Range: r(0, 1, 0, 0), Text: ""}}, utf16Encoding); err == nil {
		t.Error("a range ending before its start: no error")
	}
	if _, err := applyChanges("a", []any{protocol.TextDocumentContentChangeEvent{Range: r(5, 0, 5, 0), Text: ""}}, utf16Encoding); err == nil {
		t.Error("a range past the end: no error")
	}
}

func TestSuppressEditRefusesWhatWouldNotWork(t *testing.T) {
	// The line ends inside a multi-line string: a comment there would be string text.
	if _, ok := suppressEdit("a.pp", "notice(\"a\n$nope\")\n", parser.ParseOptions{}, "unknown-variable", 1); ok {
		t.Error("offered a trailing comment inside a string")
	}
	// A comment line would turn into a block directive.
	if _, ok := suppressEdit("a.pp", "# note\nnotice(1)\n", parser.ParseOptions{}, "unknown-variable", 1); ok {
		t.Error("offered to change an own-line comment")
	}
	e, ok := suppressEdit("a.pp", "notice($nope) /* c */\n", parser.ParseOptions{}, "unknown-variable", 1)
	if ok {
		t.Errorf("offered %+v after a block comment", e)
	}
}
