apply('foo.example.com') { @@user { 'foo': }; User <<| title == 'foo' |>> }
