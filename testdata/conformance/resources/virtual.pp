@user { 'bob':
  ensure => present,
}
