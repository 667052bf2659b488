"foo" !~ /foo/; $x = 1
