apply("foo.example.com") { node default {} }
