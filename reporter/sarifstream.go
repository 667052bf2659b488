package reporter

import (
	"slices"
	"strconv"
)

// appendSARIFResult appends res as encoding/json indents an element of the
// results array (prefix of eight spaces, two per level), with HTML
// escaping off: streamSARIF's per-result encoding without reflection or a
// second indenting pass. TestSARIFStreamMatchesEncodingJSON holds it to
// encoding/json's bytes.
func appendSARIFResult(b []byte, res *sarifResult) []byte {
	const depth = 1 // the result's members
	b = append(b, '{')
	b = sarifKey(b, depth, "ruleId")
	b = appendJSONString(b, res.RuleID)
	if res.RuleIndex != nil {
		b = append(b, ',')
		b = sarifKey(b, depth, "ruleIndex")
		b = strconv.AppendInt(b, int64(*res.RuleIndex), 10)
	}
	if res.Kind != "" {
		b = append(b, ',')
		b = sarifKey(b, depth, "kind")
		b = appendJSONString(b, res.Kind)
	}
	b = append(b, ',')
	b = sarifKey(b, depth, "level")
	b = appendJSONString(b, res.Level)
	b = append(b, ',')
	b = sarifKey(b, depth, "message")
	b = appendSARIFMessage(b, depth, &res.Message)
	b = append(b, ',')
	b = sarifKey(b, depth, "locations")
	b = appendSARIFLocations(b, depth, res.Locations)
	if len(res.RelatedLocations) > 0 {
		b = append(b, ',')
		b = sarifKey(b, depth, "relatedLocations")
		b = appendSARIFLocations(b, depth, res.RelatedLocations)
	}
	b = append(b, ',')
	b = sarifKey(b, depth, "partialFingerprints")
	b = appendStringMap(b, depth, res.PartialFingerprints)
	if res.BaselineState != "" {
		b = append(b, ',')
		b = sarifKey(b, depth, "baselineState")
		b = appendJSONString(b, res.BaselineState)
	}
	if len(res.Suppressions) > 0 {
		b = append(b, ',')
		b = sarifKey(b, depth, "suppressions")
		b = append(b, '[')
		for i := range res.Suppressions {
			s := &res.Suppressions[i]
			if i > 0 {
				b = append(b, ',')
			}
			b = sarifIndent(b, depth+1)
			b = append(b, '{')
			b = sarifKey(b, depth+2, "kind")
			b = appendJSONString(b, s.Kind)
			if s.Justification != "" {
				b = append(b, ',')
				b = sarifKey(b, depth+2, "justification")
				b = appendJSONString(b, s.Justification)
			}
			b = sarifIndent(b, depth+1)
			b = append(b, '}')
		}
		b = sarifIndent(b, depth)
		b = append(b, ']')
	}
	b = sarifIndent(b, 0)
	return append(b, '}')
}

// sarifIndent starts a new line at depth levels inside a result.
func sarifIndent(b []byte, depth int) []byte {
	const spaces = "                                        "
	b = append(b, '\n')
	return append(b, spaces[:8+2*depth]...)
}

// sarifKey starts the member name at depth levels inside a result.
func sarifKey(b []byte, depth int, name string) []byte {
	b = sarifIndent(b, depth)
	b = append(b, '"')
	b = append(b, name...)
	return append(b, "\": "...)
}

// appendSARIFMessage appends m, whose braces sit at depth.
func appendSARIFMessage(b []byte, depth int, m *sarifMessage) []byte {
	b = append(b, '{')
	b = sarifKey(b, depth+1, "text")
	b = appendJSONString(b, m.Text)
	if m.Markdown != "" {
		b = append(b, ',')
		b = sarifKey(b, depth+1, "markdown")
		b = appendJSONString(b, m.Markdown)
	}
	b = sarifIndent(b, depth)
	return append(b, '}')
}

// appendSARIFLocations appends locs as an array whose brackets sit at depth.
func appendSARIFLocations(b []byte, depth int, locs []sarifLocation) []byte {
	switch {
	case locs == nil:
		return append(b, "null"...)
	case len(locs) == 0:
		return append(b, "[]"...)
	}
	b = append(b, '[')
	for i := range locs {
		loc := &locs[i]
		if i > 0 {
			b = append(b, ',')
		}
		d := depth + 1
		b = sarifIndent(b, d)
		b = append(b, '{')
		if loc.ID != nil {
			b = sarifKey(b, d+1, "id")
			b = strconv.AppendInt(b, int64(*loc.ID), 10)
			b = append(b, ',')
		}
		b = sarifKey(b, d+1, "physicalLocation")
		b = append(b, '{')
		b = sarifKey(b, d+2, "artifactLocation")
		b = append(b, '{')
		b = sarifKey(b, d+3, "uri")
		b = appendJSONString(b, loc.PhysicalLocation.ArtifactLocation.URI)
		if base := loc.PhysicalLocation.ArtifactLocation.URIBaseID; base != "" {
			b = append(b, ',')
			b = sarifKey(b, d+3, "uriBaseId")
			b = appendJSONString(b, base)
		}
		b = sarifIndent(b, d+2)
		b = append(b, '}')
		if r := loc.PhysicalLocation.Region; r != nil {
			b = append(b, ',')
			b = sarifKey(b, d+2, "region")
			b = append(b, '{')
			b = sarifKey(b, d+3, "startLine")
			b = strconv.AppendInt(b, int64(r.StartLine), 10)
			b = append(b, ',')
			b = sarifKey(b, d+3, "startColumn")
			b = strconv.AppendInt(b, int64(r.StartColumn), 10)
			b = append(b, ',')
			b = sarifKey(b, d+3, "endLine")
			b = strconv.AppendInt(b, int64(r.EndLine), 10)
			b = append(b, ',')
			b = sarifKey(b, d+3, "endColumn")
			b = strconv.AppendInt(b, int64(r.EndColumn), 10)
			b = sarifIndent(b, d+2)
			b = append(b, '}')
		}
		b = sarifIndent(b, d+1)
		b = append(b, '}')
		if loc.Message != nil {
			b = append(b, ',')
			b = sarifKey(b, d+1, "message")
			b = appendSARIFMessage(b, d+1, loc.Message)
		}
		b = sarifIndent(b, d)
		b = append(b, '}')
	}
	b = sarifIndent(b, depth)
	return append(b, ']')
}

// appendStringMap appends m as encoding/json does: keys sorted, an empty
// map as {}, a nil one as null; the braces sit at depth.
func appendStringMap(b []byte, depth int, m map[string]string) []byte {
	switch {
	case m == nil:
		return append(b, "null"...)
	case len(m) == 0:
		return append(b, "{}"...)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = sarifIndent(b, depth+1)
		b = appendJSONString(b, k)
		b = append(b, ": "...)
		b = appendJSONString(b, m[k])
	}
	b = sarifIndent(b, depth)
	return append(b, '}')
}
