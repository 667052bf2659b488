apply("foo.example.com") { apply("foo.example.com") { } }
