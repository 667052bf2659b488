package parser

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
// keywords only in tasks mode, are left to the lexer. A switch, which
// compiles to comparisons by length first, where a map look-up hashed
// every bare word.
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
type token struct {
	kind  tokKind
	quote byte
	start int32
	end   int32
	// val is the token's value: the name, the cooked string, the variable
	// name without '$', the regex body, or the operator text.
	val string
	// textStart and textEnd delimit the literal text of string parts in the
	// file (without quotes or "${").
	textStart, textEnd int32
	hd                 *heredocInfo
}

// heredocInfo is attached to a tHEREDOC token.
type heredocInfo struct {
	tag, syntax, escapes string
	interpolated         bool
	bodyStart, bodyEnd   int
}
