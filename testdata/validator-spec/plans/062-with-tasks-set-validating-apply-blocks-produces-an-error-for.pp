apply("foo.example.com") { define foo($a) {} }
