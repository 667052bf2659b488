apply("foo.example.com") { class test {} }
