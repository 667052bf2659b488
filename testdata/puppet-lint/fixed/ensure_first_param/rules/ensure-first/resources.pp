class resources {
  file { '/a':
    ensure => file,
    owner  => 'root', # want "ensure found on line but it's not the first attribute"
  }
  file { '/b':
    ensure => file,
    owner  => 'root',
  }
  class { 'ntp':
    servers => [],
    ensure  => present,
  }
  service { 'x': enable => true, ensure => running } # want "ensure found on line but it's not the first attribute"
}
