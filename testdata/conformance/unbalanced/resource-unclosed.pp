file { '/a':
  ensure => file,
