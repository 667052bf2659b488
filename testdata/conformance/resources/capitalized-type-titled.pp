Foo::Bar { 'x': }
