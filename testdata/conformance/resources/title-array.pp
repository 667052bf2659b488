file { ['/a', '/b']:
  ensure => file,
}
