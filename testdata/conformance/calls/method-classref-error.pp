$x = 'a'.Foo
