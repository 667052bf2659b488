file { '/a':,
  ensure => file,
}
