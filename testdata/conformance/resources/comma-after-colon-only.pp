file { '/a':, }
