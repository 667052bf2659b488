apply('foo.example.com') { File['/tmp/foo'] { mode => '0644' } }
