apply("foo.example.com") { $x -> $y }
