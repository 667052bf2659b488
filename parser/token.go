package parser

import "unsafe"

// tokKind is the kind of a lexical token. The names follow Puppet's lexer
// (lexer2.rb) so that the grammar can be compared with egrammar.ra.
type tokKind uint8

const (
	tEOF tokKind = iota
	tLexErr
	tOther
	tLBRACK
	tLISTSTART
	tRBRACK
	tLBRACE
	tSELBRACE
	tRBRACE
	tLPAREN
	tWSLPAREN
	tRPAREN
	tEQUALS
	tAPPENDS
	tDELETES
	tISEQUAL
	tNOTEQUAL
	tMATCH
	tNOMATCH
	tGREATEREQUAL
	tGREATERTHAN
	tLESSEQUAL
	tLESSTHAN
	tFARROW
	tPARROW
	tLSHIFT
	tLLCOLLECT
	tLCOLLECT
	tRSHIFT
	tRRCOLLECT
	tRCOLLECT
	tPLUS
	tMINUS
	tDIV
	tTIMES
	tMODULO
	tNOT
	tDOT
	tPIPE
	tAT
	tATAT
	tCOLON
	tCOMMA
	tSEMIC
	tQMARK
	tTILDE
	tREGEX
	tINEDGE
	tINEDGESUB
	tOUTEDGE
	tOUTEDGESUB
	tSTRING
	tWORD
	tDQPRE
	tDQMID
	tDQPOST
	tNUMBER
	tVARIABLE
	tHEREDOC
	tNAME
	tCLASSREF
	tBOOLEAN
	tRENDERSTRING
	tRENDEREXPR
	tEPPEND
	tEPPENDTRIM
	// tHEREDOCBODY stands for a heredoc's body in the token view; the
	// lexer does not emit it.
	tHEREDOCBODY
	// keywords
	tCASE
	tCLASS
	tDEFAULT
	tDEFINE
	tIF
	tELSIF
	tELSE
	tINHERITS
	tNODE
	tAND
	tOR
	tUNDEF
	tIN
	tUNLESS
	tFUNCTION
	tTYPE
	tATTR
	tPRIVATE
	tPLAN
	tAPPLY
)

// keyword returns the token kind of Puppet's keyword v. plan and apply,
// keywords only in tasks mode, are left to the lexer. A switch compiles
// to comparisons by length first, and hashes no bare word.
func keyword(v string) (tokKind, bool) {
	switch v {
	case "case":
		return tCASE, true
	case "class":
		return tCLASS, true
	case "default":
		return tDEFAULT, true
	case "define":
		return tDEFINE, true
	case "if":
		return tIF, true
	case "elsif":
		return tELSIF, true
	case "else":
		return tELSE, true
	case "inherits":
		return tINHERITS, true
	case "node":
		return tNODE, true
	case "and":
		return tAND, true
	case "or":
		return tOR, true
	case "undef":
		return tUNDEF, true
	case "false", "true":
		return tBOOLEAN, true
	case "in":
		return tIN, true
	case "unless":
		return tUNLESS, true
	case "function":
		return tFUNCTION, true
	case "type":
		return tTYPE, true
	case "attr":
		return tATTR, true
	case "private":
		return tPRIVATE, true
	}
	return 0, false
}

// isKeyword reports whether k is a keyword token (the grammar's "keyword"
// rule, which also allows them as attribute names).
func (k tokKind) isKeyword() bool { return k >= tCASE }

// token is one lexical token. start and end are byte offsets in the file.
// A token holds no pointer: its value and heredoc are found through the
// lexer's lexStore. Tokens are written and copied more than anything else
// in a parse, and without pointers they cost the collector nothing: no
// write barrier on each one written, no clearing of a window for reuse.
type token struct {
	kind  tokKind
	quote byte
	start int32
	end   int32
	// vs and ve locate the token's value (lexStore.val): the name, the
	// cooked string, the variable name without '$', the regex body, or the
	// operator text.
	vs, ve int32
	// textStart and textEnd delimit the literal text of string parts in the
	// file (without quotes or "${").
	textStart, textEnd int32
	// hd is 1 + the index of a tHEREDOC token's heredocInfo in the
	// lexStore, or 0.
	hd int32
}

// lexStore holds what a file's tokens refer to. The lexer of a heredoc
// body shares its file's.
type lexStore struct {
	file     string   // the file's source
	vals     []string // values that are not text of the file
	heredocs []*heredocInfo
}

// ref returns the token fields vs and ve for value v. A value that is
// text of the file, the common case (names, variables, strings without
// escapes), is its offsets there; any other is stored.
func (s *lexStore) ref(v string) (vs, ve int32) {
	if v == "" {
		return 0, 0
	}
	// v's bytes lie within the file's exactly when v was sliced from the
	// file's string: then it is the file's text at those offsets.
	base := uintptr(unsafe.Pointer(unsafe.StringData(s.file)))
	at := uintptr(unsafe.Pointer(unsafe.StringData(v)))
	if len(v) <= len(s.file) && at >= base && at-base <= uintptr(len(s.file)-len(v)) {
		off := int32(at - base)
		return off, off + int32(len(v))
	}
	s.vals = append(s.vals, v)
	return -int32(len(s.vals)), 0
}

// val returns t's value.
func (s *lexStore) val(t token) string {
	if t.vs >= 0 {
		return s.file[t.vs:t.ve]
	}
	return s.vals[-t.vs-1]
}

// heredoc returns the heredocInfo of a tHEREDOC token, or nil.
func (s *lexStore) heredoc(t token) *heredocInfo {
	if t.hd == 0 {
		return nil
	}
	return s.heredocs[t.hd-1]
}

// heredocInfo is what a tHEREDOC token refers to.
type heredocInfo struct {
	tag, syntax, escapes string
	interpolated         bool
	bodyStart, bodyEnd   int
}
