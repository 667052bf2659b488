apply("foo.example.com") { $message = "hello!"; notify { $message: } }
