apply('foo.example.com') { File { mode => '0644' } }
