# Blanks between a resource reference's type and its [: Puppet does not parse this file.
class profile::app {
  file { '/etc/app.conf':
    ensure  => file,
    require => Package ['app'], # want "whitespace between reference type and title"
  }
  Service['app'] -> File['/etc/app.conf']
}
