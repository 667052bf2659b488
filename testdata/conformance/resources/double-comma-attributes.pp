file { '/a': ensure => file,, }
