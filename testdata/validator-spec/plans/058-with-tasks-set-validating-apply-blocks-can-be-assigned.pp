$result = apply("foo.example.com") { notify { "hello!": } }
