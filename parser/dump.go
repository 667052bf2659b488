package parser

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Dump renders the tree rooted at n as an indented S-expression with the
// span of every node (line:column-line:column), for golden tests and
// debugging.
func Dump(n Node) string {
	var b strings.Builder
	dump(&b, n, 0)
	return b.String()
}

var spanType = reflect.TypeOf(Span{})

func dump(b *strings.Builder, n Node, depth int) {
	b.WriteString(strings.Repeat("  ", depth))
	v := reflect.ValueOf(n)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	t := v.Type()
	sp := n.Span()
	fmt.Fprintf(b, "(%s %s", t.Name(), fmtSpan(sp))
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous || !f.IsExported() {
			continue
		}
		fv := v.Field(i)
		switch {
		case f.Type == spanType:
			s := fv.Interface().(Span)
			if s.Start.IsValid() {
				fmt.Fprintf(b, " %s=%s", f.Name, fmtSpan(s))
			}
		case fv.Kind() == reflect.String:
			if fv.String() != "" || f.Name == "Value" {
				fmt.Fprintf(b, " %s=%s", f.Name, strconv.Quote(fv.String()))
			}
		case fv.Kind() == reflect.Bool:
			if fv.Bool() {
				fmt.Fprintf(b, " %s", f.Name)
			}
		case fv.Kind() == reflect.Int:
			if fv.Int() != 0 {
				fmt.Fprintf(b, " %s=%d", f.Name, fv.Int())
			}
		case fv.Kind() == reflect.Uint8:
			if fv.Uint() != 0 {
				fmt.Fprintf(b, " %s=%q", f.Name, rune(fv.Uint()))
			}
		}
	}
	for _, c := range Children(n) {
		b.WriteString("\n")
		dump(b, c, depth+1)
	}
	b.WriteString(")")
}

func fmtSpan(s Span) string {
	return fmt.Sprintf("%d:%d-%d:%d", s.Start.Line, s.Start.Column, s.End.Line, s.End.Column)
}
