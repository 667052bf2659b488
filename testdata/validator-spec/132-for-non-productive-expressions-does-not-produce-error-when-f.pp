Foo[a] -> Foo[b]; $x = 1
