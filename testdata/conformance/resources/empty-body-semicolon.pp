file { '/a': ; }
