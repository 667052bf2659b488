file { '/a'
  ensure => file,
}
