class files {
  file { '/etc/a':
    ensure => symlink,
    target => '/etc/b', # want "symlink target specified in ensure attr"
  }
  file { '/etc/c':
    ensure => link,
    target => '/etc/b',
  }
  file { '/etc/d': ensure => file }
  exec { '/bin/e': ensure => '/bin/f' }
}
