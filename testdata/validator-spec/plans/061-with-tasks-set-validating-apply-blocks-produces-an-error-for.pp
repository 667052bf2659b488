apply("foo.example.com") { if true { node default {} } }
