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

// keywords maps Puppet's keywords to their token kinds. plan and apply are
// added only in tasks mode.
var keywords = map[string]tokKind{
	"case": tCASE, "class": tCLASS, "default": tDEFAULT, "define": tDEFINE,
	"if": tIF, "elsif": tELSIF, "else": tELSE, "inherits": tINHERITS,
	"node": tNODE, "and": tAND, "or": tOR, "undef": tUNDEF,
	"false": tBOOLEAN, "true": tBOOLEAN, "in": tIN, "unless": tUNLESS,
	"function": tFUNCTION, "type": tTYPE, "attr": tATTR, "private": tPRIVATE,
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
