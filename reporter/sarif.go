package reporter

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/internal/fingerprint"
	"github.com/ducklint/ducklint/parser"
)

// SARIF constants. GitHub code scanning reads a subset of SARIF 2.1.0 and
// rejects empty strings where it wants a value.
const (
	sarifSchemaURI  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion    = "2.1.0"
	sarifToolName   = "ducklint"
	sarifToolURI    = "https://github.com/ducklint/ducklint"
	sarifSrcRoot    = "%SRCROOT%"
	sarifTextLimit  = 1024 // GitHub's limit on rule descriptions
	fingerprintKey  = "ducklint/v2"
	sarifColumnKind = "unicodeCodePoints" // our columns count code points
)

// semverPattern matches the versions SARIF's semanticVersion may carry.
var semverPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)
})

// The subset of the SARIF 2.1.0 object model that ducklint emits.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool        sarifTool         `json:"tool"`
		Invocations []sarifInvocation `json:"invocations"`
		ColumnKind  string            `json:"columnKind"`
		Results     []sarifResult     `json:"results"`
	}
	// sarifInvocation says whether the run linted everything it was asked
	// to; its notifications are the path errors.
	sarifInvocation struct {
		ExecutionSuccessful        bool                `json:"executionSuccessful"`
		ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
	}
	sarifNotification struct {
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations,omitempty"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name            string      `json:"name"`
		Version         string      `json:"version,omitempty"`
		SemanticVersion string      `json:"semanticVersion,omitempty"`
		InformationURI  string      `json:"informationUri"`
		Rules           []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string            `json:"id"`
		Name                 string            `json:"name"`
		ShortDescription     sarifMessage      `json:"shortDescription"`
		FullDescription      sarifMessage      `json:"fullDescription"`
		Help                 sarifHelp         `json:"help"`
		HelpURI              string            `json:"helpUri"`
		DefaultConfiguration sarifRuleDefaults `json:"defaultConfiguration"`
	}
	sarifHelp struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown"`
	}
	sarifRuleDefaults struct {
		Level string `json:"level"`
	}
	sarifMessage struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown,omitempty"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           *int              `json:"ruleIndex,omitempty"`
		Kind                string            `json:"kind,omitempty"` // "" is "fail"
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		RelatedLocations    []sarifLocation   `json:"relatedLocations,omitempty"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		// BaselineState is set when a baseline file is in use: "new",
		// "unchanged" (with a suppression) or "absent".
		BaselineState string             `json:"baselineState,omitempty"`
		Suppressions  []sarifSuppression `json:"suppressions,omitempty"`
	}
	sarifSuppression struct {
		Kind          string `json:"kind"`
		Justification string `json:"justification,omitempty"`
	}
	sarifLocation struct {
		ID               *int                  `json:"id,omitempty"`
		PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
		Message          *sarifMessage         `json:"message,omitempty"`
	}
	sarifPhysicalLocation struct {
		ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
		Region           *sarifRegion          `json:"region,omitempty"`
	}
	sarifArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
)

// writeSARIF writes the report as a SARIF 2.1.0 log with one run, every
// rule of the registry and one result per finding.
func writeSARIF(w io.Writer, r *Report, _ Options) error {
	log, ruleIndex := sarifFrameOf(r)
	return streamSARIF(w, log, func(yield func(*sarifResult)) { sarifEachResult(r, ruleIndex, yield) })
}

// sarifLogOf is the report as a SARIF log, every result built: what
// writeSARIF writes, as encoding/json would encode it
// (TestSARIFStreamMatchesEncodingJSON).
func sarifLogOf(r *Report) sarifLog {
	log, ruleIndex := sarifFrameOf(r)
	results := make([]sarifResult, 0, len(r.Findings))
	sarifEachResult(r, ruleIndex, func(res *sarifResult) {
		c := *res
		c.Locations = slices.Clone(res.Locations)
		c.RelatedLocations = slices.Clone(res.RelatedLocations)
		for i := range c.RelatedLocations {
			if id := c.RelatedLocations[i].ID; id != nil {
				c.RelatedLocations[i].ID = &[]int{*id}[0]
			}
		}
		c.PartialFingerprints = maps.Clone(res.PartialFingerprints)
		if res.RuleIndex != nil {
			i := *res.RuleIndex
			c.RuleIndex = &i
		}
		results = append(results, c)
	})
	log.Runs[0].Results = results
	return log
}

// sarifFrameOf is the SARIF log of r without its results (an empty list),
// and each rule's index in the driver's rules.
func sarifFrameOf(r *Report) (sarifLog, map[string]int) {
	driver := sarifDriver{
		Name: sarifToolName, Version: r.Version, InformationURI: sarifToolURI,
		Rules: make([]sarifRule, 0, len(r.Rules)),
	}
	if v := strings.TrimPrefix(r.Version, "v"); semverPattern().MatchString(v) {
		driver.SemanticVersion = v
	}
	ruleIndex := make(map[string]int, len(r.Rules))
	for i, rule := range r.Rules {
		ruleIndex[rule.ID] = i
		driver.Rules = append(driver.Rules, sarifRuleOf(rule))
	}
	return sarifLog{
		Schema: sarifSchemaURI, Version: sarifVersion,
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: driver}, Invocations: []sarifInvocation{sarifInvocationOf(r)},
			ColumnKind: sarifColumnKind, Results: []sarifResult{},
		}},
	}, ruleIndex
}

// sarifEachResult calls yield with each result of the run in order: the
// findings, then the baseline's absent entries. The result, and the lists,
// map and index it points to, are reused for the next one, so that a
// report of 100,000 findings is not built as 100,000 results first: yield
// must encode or copy it before it returns.
func sarifEachResult(r *Report, ruleIndex map[string]int, yield func(*sarifResult)) {
	lines := newLineSource(r)
	seen := map[[2]string]int{} // file and fingerprint -> occurrences so far
	var details detailMemo
	var (
		res          sarifResult
		index        int
		locations    = make([]sarifLocation, 1)
		related      []sarifLocation
		ids          []int
		fingerprints = map[string]string{}
	)
	emit := func(d *diagnostics.Diagnostic, state string) {
		res = sarifResult{
			RuleID:    d.Rule,
			Level:     sarifLevel(d.Severity),
			Message:   details.message(d),
			Locations: locations,
		}
		locations[0] = sarifLocation{PhysicalLocation: sarifPhysical(d.File, d.Start, d.End, r.Dir)}
		if i, ok := ruleIndex[d.Rule]; ok {
			index = i
			res.RuleIndex = &index
		}
		if len(d.Related) > 0 {
			related, ids = related[:0], ids[:0]
			for i := range d.Related {
				ids = append(ids, i)
			}
			for i, rel := range d.Related {
				loc := sarifLocation{ID: &ids[i], PhysicalLocation: sarifPhysical(rel.File, rel.Start, rel.End, r.Dir)}
				if rel.Message != "" {
					loc.Message = &sarifMessage{Text: rel.Message}
				}
				related = append(related, loc)
			}
			res.RelatedLocations = related
		}
		key := [2]string{d.File, fingerprint.Of(*d, d.File, r.enclosing(d.File, d.Start), lines.index(d.File))}
		seen[key]++
		fingerprints[fingerprintKey] = fingerprint.Occurrence(key[1], seen[key])
		res.PartialFingerprints = fingerprints
		res.BaselineState = state
		if state == "unchanged" {
			res.Suppressions = []sarifSuppression{{Kind: "external", Justification: "accepted by the baseline " + r.Baseline.File}}
		}
		yield(&res)
	}
	if r.Baseline == nil {
		for i := range r.Findings {
			emit(r.Findings[i], "")
		}
	} else {
		for _, sf := range sarifFindings(r) {
			emit(sf.Diagnostic, sf.state)
		}
	}
	for _, a := range sarifAbsent(r, ruleIndex) {
		yield(&a)
	}
}

// sarifResultsAt is where the results array of the one run sits in the
// indented log when it is empty: a newline cannot occur inside a JSON
// string, so this text occurs once.
const sarifResultsAt = "\n      \"results\": []"

// streamSARIF writes log as encodeJSON does, byte for byte
// (TestSARIFStreamMatchesEncodingJSON), but writes its results one at a
// time by hand (appendSARIFResult) into a reused buffer: encoding the whole
// log at once built it compact and then indented into a second buffer,
// both grown to the size of the output (1 GB for 110,000 findings of a
// style preset), and encoding/json one result at a time was still a third
// of such a run's CPU.
func streamSARIF(w io.Writer, log sarifLog, results func(yield func(*sarifResult))) error {
	var frame bytes.Buffer
	if err := encodeJSON(&frame, log); err != nil {
		return err
	}
	head, tail, ok := bytes.Cut(frame.Bytes(), []byte(sarifResultsAt))
	if !ok {
		return fmt.Errorf("encoding SARIF: no results member in %.200q", frame.String())
	}
	st := jsonStream{w: w, b: make([]byte, 0, jsonChunk+4096)}
	st.b = append(st.b, head...)
	st.b = append(st.b, "\n      \"results\": ["...)
	n := 0
	results(func(res *sarifResult) {
		if n > 0 {
			st.b = append(st.b, ',')
		}
		n++
		st.b = append(st.b, "\n        "...)
		st.b = appendSARIFResult(st.b, res)
		st.flushFull()
	})
	if n > 0 {
		st.b = append(st.b, "\n      ]"...)
	} else {
		st.b = append(st.b, ']')
	}
	st.b = append(st.b, tail...)
	st.flush()
	if st.err != nil {
		return fmt.Errorf("writing SARIF: %w", st.err)
	}
	return nil
}

// sarifInvocationOf reports the run's path errors as error notifications
// located at their path; a run with any is not successful, which code
// scanning shows as a tool error.
func sarifInvocationOf(r *Report) sarifInvocation {
	inv := sarifInvocation{ExecutionSuccessful: len(r.Errors) == 0}
	for _, e := range r.Errors {
		n := sarifNotification{Level: "error", Message: sarifMessage{Text: nonEmpty(e.Path+": "+e.Message, "path error")}}
		if e.Path != "" {
			n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: sarifArtifact(e.Path, r.Dir)}}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for _, e := range r.Notices {
		n := sarifNotification{Level: "note", Message: sarifMessage{Text: e.Path + ": " + e.Message}}
		if e.Path != "" {
			n.Locations = []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: sarifArtifact(e.Path, r.Dir)}}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	return inv
}

// sarifRuleOf describes a rule for tool.driver.rules. GitHub shows
// help.markdown in place of help.text, so both carry the link.
func sarifRuleOf(rule diagnostics.Rule) sarifRule {
	title := nonEmpty(oneLine(rule.Title), rule.ID)
	doc := nonEmpty(strings.TrimSpace(rule.Doc), title)
	return sarifRule{
		ID:               rule.ID,
		Name:             camelCase(rule.ID),
		ShortDescription: sarifMessage{Text: truncate(title, sarifTextLimit)},
		FullDescription:  sarifMessage{Text: truncate(oneLine(doc), sarifTextLimit)},
		Help: sarifHelp{
			Text:     fmt.Sprintf("%s\n\nDocumentation: %s", doc, rule.URL),
			Markdown: fmt.Sprintf("**%s**\n\n%s\n\n[Documentation](%s)", title, doc, rule.URL),
		},
		HelpURI:              rule.URL,
		DefaultConfiguration: sarifRuleDefaults{Level: sarifLevel(rule.Severity)},
	}
}

// sarifLevel maps a severity to a SARIF result level.
func sarifLevel(s diagnostics.Severity) string {
	switch s {
	case diagnostics.Error:
		return "error"
	case diagnostics.Warning:
		return "warning"
	}
	return "note"
}

// sarifPhysical locates a range in a file (see sarifArtifact); a position
// that is unset (a finding about a whole file) gets no region.
func sarifPhysical(file string, start, end parser.Pos, dir string) sarifPhysicalLocation {
	loc := sarifPhysicalLocation{ArtifactLocation: sarifArtifact(file, dir)}
	if start.IsValid() {
		e := rangeEnd(start, end)
		loc.Region = &sarifRegion{
			StartLine: int(start.Line), StartColumn: int(max(start.Column, 1)),
			EndLine: int(e.Line), EndColumn: int(max(e.Column, 1)),
		}
	}
	return loc
}

// sarifArtifact turns a reported path into a URI reference. A path inside
// the working directory dir is relative to %SRCROOT%, the repository root
// for code scanning. A path outside it, absolute or leading out with
// "../", gets an absolute file URI and no base: "../x" under %SRCROOT%
// points out of the repository, which consumers refuse or misplace.
func sarifArtifact(file, dir string) sarifArtifactLocation {
	abs := ""
	switch {
	case strings.HasPrefix(file, "/") || filepath.IsAbs(filepath.FromSlash(file)):
		abs = file
	case dir != "" && (file == ".." || strings.HasPrefix(file, "../")):
		abs = path.Join(filepath.ToSlash(dir), file)
	}
	if abs != "" {
		if !strings.HasPrefix(abs, "/") {
			abs = "/" + abs // a Windows drive: file:///C:/x
		}
		return sarifArtifactLocation{URI: (&url.URL{Scheme: "file", Path: abs}).String()}
	}
	return sarifArtifactLocation{URI: (&url.URL{Path: file}).String(), URIBaseID: sarifSrcRoot}
}

// camelCase turns a rule id such as "unknown-variable" into "UnknownVariable".
func camelCase(id string) string {
	var b strings.Builder
	for word := range strings.SplitSeq(id, "-") {
		if word == "" {
			continue
		}
		r, size := utf8.DecodeRuneInString(word)
		b.WriteString(strings.ToUpper(string(r)))
		b.WriteString(word[size:])
	}
	return b.String()
}

// truncate shortens s to at most limit bytes at a word boundary, marking
// the cut with an ellipsis.
func truncate(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	const ellipsis = "…"
	cut := s[:limit-len(ellipsis)]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return cut + ellipsis
}

// nonEmpty returns s, or fallback when s is empty: SARIF consumers reject
// empty strings where they expect text.
func nonEmpty(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// enclosing names the definition around p in file, "" when unknown.
func (r *Report) enclosing(file string, p parser.Pos) string {
	if r.Enclosing == nil || !p.IsValid() {
		return ""
	}
	return r.Enclosing(file, p)
}

// sarifAbsent lists the baseline's entries that matched nothing, one
// result per finding they accepted, located at their file only: the
// baseline does not keep lines. The problem is gone, so each is a "pass",
// and SARIF then wants level "none".
func sarifAbsent(r *Report, ruleIndex map[string]int) []sarifResult {
	if r.Baseline == nil {
		return nil
	}
	var out []sarifResult
	for _, e := range r.Baseline.Absent {
		var idx *int
		if i, ok := ruleIndex[e.Rule]; ok {
			idx = &i
		}
		for n := 1; n <= e.Count; n++ {
			out = append(out, sarifResult{
				RuleID: e.Rule, RuleIndex: idx, Kind: "pass", Level: "none",
				Message:             sarifMessage{Text: nonEmpty(e.Message, e.Rule)},
				Locations:           []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: sarifArtifact(e.File, r.Dir)}}},
				PartialFingerprints: map[string]string{fingerprintKey: fingerprint.Occurrence(e.Fingerprint, n)},
				BaselineState:       "absent",
			})
		}
	}
	return out
}
