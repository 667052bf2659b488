package model

import (
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestRefOfTypes checks the type RefOf gives each way a reference is
// written, and that a built-in type written as references write it
// (File, Class) is normalised without allocating.
func TestRefOfTypes(t *testing.T) {
	title := []parser.Expr{&parser.StringLit{Value: "x"}}
	ref := func(typ string, keys ...parser.Expr) *parser.Access {
		return &parser.Access{Target: &parser.TypeRef{Value: typ}, Keys: keys}
	}
	for _, c := range []struct {
		e    *parser.Access
		want string
	}{
		{ref("File", title...), "file"},
		{ref("Class", title...), "class"},
		{ref("Ssh_authorized_key", title...), "ssh_authorized_key"},
		{ref("FILE", title...), "file"},
		{ref("::File", title...), "file"},
		{ref("Apache::Vhost", title...), "apache::vhost"},
		{ref("::Apache::Vhost", title...), "apache::vhost"},
		{ref("Resource", &parser.StringLit{Value: "Apache::Vhost"}, title[0]), "apache::vhost"},
	} {
		got, ok := RefOf(c.e)
		if !ok || got.Type != c.want || len(got.Titles) != 1 {
			t.Errorf("RefOf(%s[...]) = %+v, %v; want type %q and one title", c.e.Target.(*parser.TypeRef).Value, got, ok, c.want)
		}
	}
	for _, typ := range []string{"File", "Class", "Package", "Service"} {
		e := ref(typ, title...)
		if allocs := testing.AllocsPerRun(100, func() { RefOf(e) }); allocs != 0 {
			t.Errorf("RefOf(%s['x']) allocates %v times, want none", typ, allocs)
		}
	}
}
