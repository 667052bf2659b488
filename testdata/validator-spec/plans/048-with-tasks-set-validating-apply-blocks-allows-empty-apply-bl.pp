apply("foo.example.com") { }
