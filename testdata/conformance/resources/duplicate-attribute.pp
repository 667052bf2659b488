file { '/a':
  ensure => file,
  ensure => directory,
}
