apply("foo.example.com") { include foo }
