File['/tmp/foo'] { mode => '0644' }
