file { '/a':,,
  ensure => file,
}
