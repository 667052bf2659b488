package parser

func parse(f *File, opts ParseOptions) {
	f.Program = &Program{Body: &Block{}}
}
