file { '/a': }
