file { '/a': ensure => file, }
